/// Every failure AirsignCrypto reports. Messages are one line, written for the person using
/// Airsign, and never contain key material, plaintext or any other secret: only lengths, counts
/// and limits.
public enum CryptoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Names the input a length error is about, so one case serves every primitive.
    public enum Field: String, Sendable {
        case key, nonce, seed, salt, digest, tweak, signature, ciphertext, password, output

        // sr25519 and Merlin (issue 4).
        case chainCode = "chain code", message, context
    }

    /// An input that must have one exact length has another.
    case wrongLength(Field, expected: Int, actual: Int)
    /// An input whose length may vary is outside the range the primitive accepts.
    /// An upper bound of `Int.max` means "no upper bound".
    case lengthOutOfRange(Field, allowed: ClosedRange<Int>, actual: Int)
    /// A secp256k1 private key that is zero or not below the group order n.
    case invalidPrivateKey
    /// Bytes that are not a valid compressed (33) or uncompressed (65) secp256k1 point, or a
    /// combination of keys that sums to the point at infinity.
    case invalidPublicKey
    /// A signature encoding that does not parse (bad DER, r or s zero or not below n).
    case invalidSignature
    /// A recovery ID outside 0...3.
    case invalidRecoveryID(Int)
    /// No public key can be recovered from this signature and digest.
    case recoveryFailed
    /// A BIP32-style tweak that is not below n, or that yields the zero key / point at infinity.
    /// BIP32 says to skip to the next child index when this happens.
    case tweakOutOfRange
    /// AEAD open failed: the key, nonce or associated data is wrong, or the data was altered.
    case authenticationFailed
    /// PBKDF2 needs at least one iteration.
    case invalidIterationCount(Int)
    /// Argon2id limits outside what libsodium accepts.
    case argon2LimitsOutOfRange(opsLimit: UInt64, memLimit: Int)
    /// Argon2id could not get the memory it was asked to use.
    case outOfMemory
    /// A library call failed in a way that should not happen for valid inputs (for example
    /// libsecp256k1 failing to find a signing nonce). Names the operation, never the data.
    case internalFailure(String)

    // MARK: sr25519 (issue 4): kept together so parallel work on this file merges cleanly.

    /// An sr25519 secret whose scalar is not canonical (not below the group order ℓ) or is zero,
    /// or an "ed25519 bytes" secret whose scalar is not a multiple of 8.
    case invalidSr25519SecretKey
    /// 32 bytes that are not the canonical ristretto255 encoding of a point other than the
    /// identity, so not an sr25519 public key.
    case invalidSr25519PublicKey

    public var description: String {
        switch self {
        case let .wrongLength(field, expected, actual):
            return "the \(field.rawValue) must be \(expected) bytes, not \(actual)"
        case let .lengthOutOfRange(field, allowed, actual):
            if allowed.upperBound == Int.max {
                return "the \(field.rawValue) must be at least \(allowed.lowerBound) bytes, not \(actual)"
            }
            return "the \(field.rawValue) must be \(allowed.lowerBound) to \(allowed.upperBound) bytes, not \(actual)"
        case .invalidPrivateKey:
            return "private key is out of range for secp256k1"
        case .invalidPublicKey:
            return "public key is not a valid secp256k1 point"
        case .invalidSignature:
            return "signature is not a valid encoding"
        case let .invalidRecoveryID(id):
            return "recovery ID must be 0 to 3, not \(id)"
        case .recoveryFailed:
            return "no public key can be recovered from this signature and digest"
        case .tweakOutOfRange:
            return "key tweak is out of range or gives an invalid key"
        case .authenticationFailed:
            return "decryption failed: the key is wrong or the data was altered"
        case let .invalidIterationCount(count):
            return "iteration count must be at least 1, not \(count)"
        case let .argon2LimitsOutOfRange(ops, mem):
            return "Argon2id limits (\(ops) passes, \(mem) bytes of memory) are outside what libsodium accepts"
        case .outOfMemory:
            return "key derivation failed: the system could not provide the memory Argon2id needs"
        case let .internalFailure(operation):
            return "internal cryptography failure in \(operation)"
        // sr25519 (issue 4)
        case .invalidSr25519SecretKey:
            return "sr25519 secret key is not a valid scalar"
        case .invalidSr25519PublicKey:
            return "sr25519 public key is not a valid ristretto255 point"
        }
    }
}
