import AirsignCrypto
import AirsignKeys

/// Signing and verifying a message the way sp-core does for each MultiSignature scheme:
/// sr25519 with signing context "substrate", ed25519 (RFC 8032) over the message, ecdsa
/// (secp256k1, RFC 6979) over BLAKE2b-256 of the message with a recovery id.
public enum SubstrateSigning {
    /// Signs `message` exactly (the caller has applied the >256-byte rule for payloads).
    public static func sign(_ message: [UInt8], with key: SigningKey) throws(SubstrateError) -> MultiSignature {
        switch key {
        case let .sr25519(secret):
            do { return .sr25519(try secret.sign(message, context: Sr25519.substrateContext)) } catch {
                throw SubstrateError.cryptoFailure(operation: "sr25519 signing", reason: "\(error)")
            }
        case let .ed25519(secret):
            return .ed25519(secret.sign(message))
        case let .secp256k1(secret):
            let digest = try blake2b256(message)
            do {
                let signature = try secret.signRecoverable(digest32: digest)
                return .ecdsa(signature.compact + [UInt8(truncatingIfNeeded: signature.recoveryID)])
            } catch {
                throw SubstrateError.cryptoFailure(operation: "ecdsa signing", reason: "\(error)")
            }
        }
    }

    /// Signs a transaction payload: its BLAKE2b-256 when longer than 256 bytes, else itself.
    public static func signPayload(_ payload: [UInt8], with key: SigningKey) throws(SubstrateError) -> MultiSignature {
        try sign(try SigningPayload.message(for: payload), with: key)
    }

    /// Whether `signature` signs `message` for `publicKey` (32-byte sr25519/ed25519 key, or the
    /// 33-byte compressed secp256k1 key for ecdsa).
    public static func isValid(_ signature: MultiSignature, message: [UInt8], publicKey: [UInt8]) throws(SubstrateError)
        -> Bool
    {
        switch signature {
        case let .sr25519(raw):
            return Sr25519.isValidSignature(raw, message: message, publicKey: publicKey)
        case let .ed25519(raw):
            return Ed25519.isValidSignature(raw, message: message, publicKey: publicKey)
        case let .ecdsa(raw):
            guard publicKey.count == Secp256k1.compressedPublicKeyLength, raw.count == 65, let recovery = raw.last
            else { return false }
            let digest = try blake2b256(message)
            guard
                let parsed = try? Secp256k1.RecoverableSignature(
                    compact: Array(raw.prefix(64)), recoveryID: Int(recovery)),
                let recovered = try? parsed.recoverPublicKey(digest32: digest)
            else { return false }
            return recovered.compressed == publicKey
        }
    }

    /// The 32-byte account id of a public key: the key itself (sr25519/ed25519), or BLAKE2b-256
    /// of the 33-byte compressed ecdsa key.
    public static func accountID(ofPublicKey key: [UInt8]) throws(SubstrateError) -> [UInt8] {
        switch key.count {
        case 32: return key
        case 33: return try blake2b256(key)
        default: throw SubstrateError.publicKeyLength(key.count)
        }
    }
}
