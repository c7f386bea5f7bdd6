internal import CSodium

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Ed25519 signatures (RFC 8032 §5.1, pure Ed25519) through libsodium's `crypto_sign`.
public enum Ed25519 {
    public static let seedLength = 32
    public static let publicKeyLength = 32
    public static let signatureLength = 64

    public struct PrivateKey: Sendable, CustomStringConvertible {
        /// libsodium's 64-byte secret key: the seed followed by the public key.
        private let secretKey: SecureBytes
        /// The 32-byte public key A.
        public let publicKey: [UInt8]

        /// The key pair for a 32-byte RFC 8032 private key (the "seed").
        public init(seed: SecureBytes) throws(CryptoError) {
            guard seed.count == Ed25519.seedLength else {
                throw .wrongLength(.seed, expected: Ed25519.seedLength, actual: seed.count)
            }
            Sodium.ready()
            var publicKey = [UInt8](repeating: 0, count: Ed25519.publicKeyLength)
            secretKey = seed.withBytePointer { seedBytes, _ in
                publicKey.withUnsafeMutableBytes { publicBuffer in
                    SecureBytes(count: 64) { secret in
                        Sodium.mustSucceed(
                            crypto_sign_seed_keypair(publicBuffer.bytePointer(), secret.bytePointer(), seedBytes),
                            "crypto_sign_seed_keypair")
                    }
                }
            }
            self.publicKey = publicKey
        }

        /// The 64-byte signature R || S of `message` (deterministic, as RFC 8032 specifies).
        public func sign(_ message: [UInt8]) -> [UInt8] {
            message.withBytePointer { messageBytes, messageCount in
                secretKey.withBytePointer { secret, _ in
                    makeBytes(count: Ed25519.signatureLength) { signature in
                        Sodium.mustSucceed(
                            crypto_sign_detached(signature, nil, messageBytes, UInt64(messageCount), secret),
                            "crypto_sign_detached")
                    }
                }
            }
        }

        public var description: String { "Ed25519.PrivateKey(redacted)" }
    }

    /// Whether `signature` is valid for `message` under `publicKey`. Wrong lengths are simply
    /// invalid. libsodium also rejects non-canonical S and small-order public keys.
    public static func isValidSignature(_ signature: [UInt8], message: [UInt8], publicKey: [UInt8]) -> Bool {
        guard signature.count == signatureLength, publicKey.count == publicKeyLength else { return false }
        Sodium.ready()
        return signature.withBytePointer { signatureBytes, _ in
            message.withBytePointer { messageBytes, messageCount in
                publicKey.withBytePointer { publicBytes, _ in
                    crypto_sign_verify_detached(signatureBytes, messageBytes, UInt64(messageCount), publicBytes) == 0
                }
            }
        }
    }
}
