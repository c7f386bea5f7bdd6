internal import CSodium

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// XChaCha20-Poly1305 AEAD (draft-irtf-cfrg-xchacha-03 §2, libsodium's
/// `crypto_aead_xchacha20poly1305_ietf`). The 24-byte nonce is long enough to pick at random
/// for every message.
public enum XChaCha20Poly1305 {
    public static let keyLength = 32
    public static let nonceLength = 24
    public static let tagLength = 16

    /// Encrypts and authenticates `plaintext`, also authenticating `associatedData` (sent in the
    /// clear). Returns ciphertext || 16-byte tag.
    public static func seal(
        plaintext: some ContiguousBytes, key: some ContiguousBytes, nonce: [UInt8], associatedData: [UInt8] = []
    ) throws(CryptoError) -> [UInt8] {
        try validate(keyLength: key.byteCount, nonceLength: nonce.count)
        let plaintextLength = plaintext.byteCount
        let maximum = sizeLimit(crypto_aead_xchacha20poly1305_ietf_messagebytes_max())
        guard plaintextLength <= maximum else {
            throw .lengthOutOfRange(.ciphertext, allowed: 0...maximum, actual: plaintextLength)
        }
        Sodium.ready()
        return plaintext.withBytePointer { message, messageCount in
            key.withBytePointer { keyBytes, _ in
                nonce.withBytePointer { nonceBytes, _ in
                    associatedData.withBytePointer { ad, adCount in
                        makeBytes(count: messageCount + tagLength) { out in
                            var written: UInt64 = 0
                            Sodium.mustSucceed(
                                crypto_aead_xchacha20poly1305_ietf_encrypt(
                                    out, &written, message, UInt64(messageCount), ad, UInt64(adCount),
                                    nil, nonceBytes, keyBytes),
                                "crypto_aead_xchacha20poly1305_ietf_encrypt")
                        }
                    }
                }
            }
        }
    }

    /// Checks the tag and decrypts `ciphertext` (ciphertext || tag) into protected memory.
    /// Any change to the ciphertext, tag, nonce or associated data, or a wrong key, throws
    /// `.authenticationFailed`; no plaintext is released in that case.
    public static func open(
        ciphertext: [UInt8], key: some ContiguousBytes, nonce: [UInt8], associatedData: [UInt8] = []
    ) throws(CryptoError) -> SecureBytes {
        try validate(keyLength: key.byteCount, nonceLength: nonce.count)
        guard ciphertext.count >= tagLength else {
            throw .lengthOutOfRange(.ciphertext, allowed: tagLength...Int.max, actual: ciphertext.count)
        }
        Sodium.ready()
        var result: Int32 = -1
        let plaintext = ciphertext.withBytePointer { sealed, sealedCount in
            key.withBytePointer { keyBytes, _ in
                nonce.withBytePointer { nonceBytes, _ in
                    associatedData.withBytePointer { ad, adCount in
                        SecureBytes(count: sealedCount - tagLength) { out in
                            var written: UInt64 = 0
                            result = crypto_aead_xchacha20poly1305_ietf_decrypt(
                                out.bytePointer(), &written, nil, sealed, UInt64(sealedCount), ad, UInt64(adCount),
                                nonceBytes, keyBytes)
                        }
                    }
                }
            }
        }
        // libsodium verifies the tag before decrypting and zeroes the output on failure, and the
        // SecureBytes is released here in any case.
        guard result == 0 else { throw .authenticationFailed }
        return plaintext
    }

    private static func validate(keyLength: Int, nonceLength: Int) throws(CryptoError) {
        guard keyLength == Self.keyLength else {
            throw .wrongLength(.key, expected: Self.keyLength, actual: keyLength)
        }
        guard nonceLength == Self.nonceLength else {
            throw .wrongLength(.nonce, expected: Self.nonceLength, actual: nonceLength)
        }
    }
}
