import AirsignCrypto

extension SecretText {
    /// Upper-case unpadded RFC 4648 base32 of `bytes`, as UTF-8 in protected memory (Stellar
    /// `S…` seeds), by `Base32`'s encoder.
    public static func encodeBase32(_ bytes: SecureBytes) -> SecureBytes {
        var out = SecureBytes(count: Base32.encodedLength(bytes.count))
        bytes.withUnsafeBytes { input in
            out.withUnsafeMutableBytes { text in Base32.encode(input, alphabet: Base32.upperAlphabet, into: text) }
        }
        return out
    }

    /// Decodes upper-case unpadded base32 with `Base32`'s strict decoder, straight into a secure
    /// buffer.
    public static func decodeBase32(_ text: SecureBytes) throws(EncodingError) -> SecureBytes {
        var out = SecureBytes(count: Base32.decodedLength(text.count))
        try text.reading { (input: UnsafeRawBufferPointer) throws(EncodingError) in
            try out.withUnsafeMutableBytes { (bytes: UnsafeMutableRawBufferPointer) throws(EncodingError) in
                try Base32.decode(input, letterCase: .upper, into: bytes) { secretCharacter("base32", at: $0) }
            }
        }
        return out
    }
}
