import AirsignCrypto
import AirsignEncoding
import AirsignKeys

/// The key behind an ICP sender: its DER SubjectPublicKeyInfo, scheme and self-authenticating
/// principal, and how its request signatures are made and checked (interface spec,
/// "Signatures": ECDSA secp256k1 over SHA-256 with 64-byte r‖s, or Ed25519).
public struct ICPIdentity: Equatable, Sendable {
    public let publicKey: [UInt8]
    public let der: [UInt8]
    public let scheme: KeyScheme
    public let principal: Principal

    /// From a raw public key: 65 bytes uncompressed secp256k1 or 32 bytes Ed25519.
    public init(publicKey: [UInt8]) throws(ICPError) {
        self.publicKey = publicKey
        do {
            switch publicKey.count {
            case Secp256k1.uncompressedPublicKeyLength:
                _ = try Secp256k1.PublicKey(parsing: publicKey)
                der = try SubjectPublicKeyInfo.secp256k1(uncompressedPublicKey: publicKey)
                scheme = .secp256k1
            case Ed25519.publicKeyLength:
                der = try SubjectPublicKeyInfo.ed25519(publicKey: publicKey)
                scheme = .ed25519
            default:
                throw ICPError.malformed(
                    field: "account.publicKey",
                    reason: "an ICP key is 65 bytes (secp256k1, uncompressed) or 32 bytes (Ed25519)")
            }
        } catch let error as ICPError {
            throw error
        } catch {
            throw .malformed(field: "account.publicKey", reason: "\(error)")
        }
        principal = Principal.selfAuthenticating(derPublicKey: der)
    }

    /// From a DER SubjectPublicKeyInfo as envelopes carry it (`sender_pubkey`).
    public init(der: [UInt8]) throws(ICPError) {
        for length in [Secp256k1.uncompressedPublicKeyLength, Ed25519.publicKeyLength] where der.count > length {
            let candidate = try? ICPIdentity(publicKey: Array(der.suffix(length)))
            if let candidate, candidate.der == der {
                self = candidate
                return
            }
        }
        throw .malformed(field: "sender_pubkey", reason: "not the DER key of a secp256k1 or Ed25519 identity")
    }

    /// Checks a signed envelope: the sender is this key's principal and the signature verifies.
    public static func verify(_ envelope: ICPEnvelope, field: String) throws(ICPError) {
        let identity = try ICPIdentity(der: envelope.senderPubkey)
        guard envelope.content.sender == identity.principal else {
            throw .senderNotPublicKey(field: field)
        }
        guard identity.isValidSignature(envelope.senderSig, requestID: envelope.content.requestID) else {
            throw .signatureInvalid(field: field)
        }
    }

    /// The signature over `\x0Aic-request ‖ requestID`.
    public static func sign(requestID: [UInt8], with key: SigningKey) throws(ICPError) -> [UInt8] {
        // `requestID` falls back to [] if hashing ever failed; never sign the bare domain.
        guard requestID.count == 32 else { throw .length(what: "a request id", expected: 32, actual: requestID.count) }
        let message = ICPEnvelope.signedBytes(requestID: requestID)
        switch key {
        case let .secp256k1(privateKey):
            // libsecp256k1 signs with RFC 6979 nonces and always returns low-s.
            do { return try privateKey.sign(digest32: SHA256.hash(message)).compact } catch {
                throw .signingFailed(reason: "\(error)")
            }
        case let .ed25519(privateKey):
            return privateKey.sign(message)
        case .sr25519:
            throw .keyScheme("sr25519")
        }
    }

    /// The public key of a signing key, raw as accounts hold it.
    public static func publicKey(of key: SigningKey) -> [UInt8]? {
        switch key {
        case let .secp256k1(privateKey): return privateKey.publicKey.uncompressed
        case let .ed25519(privateKey): return privateKey.publicKey
        case .sr25519: return nil
        }
    }

    /// Whether `signature` is this key's over `\x0Aic-request ‖ requestID` (low-s only for
    /// secp256k1, as libsecp256k1 verifies).
    public func isValidSignature(_ signature: [UInt8], requestID: [UInt8]) -> Bool {
        let message = ICPEnvelope.signedBytes(requestID: requestID)
        switch scheme {
        case .secp256k1:
            guard let key = try? Secp256k1.PublicKey(parsing: publicKey),
                let parsed = try? Secp256k1.Signature(compact: signature)
            else {
                return false
            }
            return key.isValidSignature(parsed, digest32: SHA256.hash(message))
        case .ed25519:
            return Ed25519.isValidSignature(signature, message: message, publicKey: publicKey)
        case .sr25519:
            return false
        }
    }
}
