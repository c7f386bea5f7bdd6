import AirsignCrypto
import AirsignEncoding

/// A PIN-keyed authentication tag over public data kept beside the keystore (the signer's
/// installed clear-signing descriptors and tokens): Argon2id(PIN, salt) with the keystore's
/// cost, and an XChaCha20-Poly1305 tag over an empty plaintext with the data as associated
/// data, exactly as a key file authenticates its public metadata. Whoever changes the data on
/// disk without the PIN cannot make a tag that verifies.
public struct PublicDataSeal: Sendable, Equatable {
    public let limits: Argon2id.Limits
    public let salt: [UInt8]
    public let nonce: [UInt8]
    public let tag: [UInt8]

    /// The seal as JSON members (`opslimit`, `memlimit`, `salt`, `nonce`, `tag`; hex), for the file that holds it.
    public var json: JSONValue {
        .object([
            ("opslimit", .integer(limits.opsLimit)), ("memlimit", .integer(limits.memLimit)),
            ("salt", .string(Hex.encode(salt))), ("nonce", .string(Hex.encode(nonce))),
            ("tag", .string(Hex.encode(tag))),
        ])
    }

    /// Reads `json` strictly (the members `json` writes, lengths checked, cost within the
    /// keystore's bounds); `place` names it in errors.
    public init(json: JSONValue, place: String) throws(KeystoreError) {
        func fail(_ why: String) -> KeystoreError { .invalidMetadata(field: place, reason: why) }
        guard case .object(let members) = json, members.count == 5,
            let ops = try? json["opslimit"]?.asUInt64(), let mem = try? json["memlimit"]?.asUInt64(),
            case .string(let salt)? = json["salt"], case .string(let nonce)? = json["nonce"],
            case .string(let tag)? = json["tag"]
        else { throw fail("must have exactly opslimit, memlimit (integers), salt, nonce and tag (hex)") }
        guard KeystoreDocument.opsLimits.contains(ops), KeystoreDocument.memLimits.contains(mem),
            let memory = Int(exactly: mem)
        else {
            throw fail("the Argon2id cost is outside the keystore's bounds")
        }
        guard let saltBytes = try? Hex.decode(salt), saltBytes.count == Argon2id.saltLength,
            let nonceBytes = try? Hex.decode(nonce), nonceBytes.count == XChaCha20Poly1305.nonceLength,
            let tagBytes = try? Hex.decode(tag), tagBytes.count == 16
        else { throw fail("salt, nonce or tag is not hex of its length") }
        self.init(
            limits: Argon2id.Limits(opsLimit: ops, memLimit: memory), salt: saltBytes, nonce: nonceBytes, tag: tagBytes)
    }

    init(limits: Argon2id.Limits, salt: [UInt8], nonce: [UInt8], tag: [UInt8]) {
        self.limits = limits
        self.salt = salt
        self.nonce = nonce
        self.tag = tag
    }
}

extension Keystore {
    /// Seals `data` under the keystore PIN (checked, with the back-off) and the keystore's cost.
    public func seal(publicData data: [UInt8], pin: SecureBytes) throws(KeystoreError) -> PublicDataSeal {
        try pinAttempt(prepare: { () throws(KeystoreError) in try readPINCheck() }) {
            (check) throws(KeystoreError) -> PINVerdict<PublicDataSeal> in
            guard try verdict(pinCheck: check, pin: pin) else { return .wrong }
            let salt = SecureRandom.bytes(Argon2id.saltLength),
                nonce = SecureRandom.bytes(XChaCha20Poly1305.nonceLength)
            do throws(CryptoError) {
                let key = try Argon2id.deriveKey(password: pin, salt: salt, limits: check.limits)
                let tag = try XChaCha20Poly1305.seal(plaintext: [UInt8](), key: key, nonce: nonce, associatedData: data)
                return .right(PublicDataSeal(limits: check.limits, salt: salt, nonce: nonce, tag: tag))
            } catch {
                return .rightButFailed(.keystoreCrypto(reason: error.description))
            }
        }
    }

    /// Whether `seal` authenticates `data` under `pin`. The caller has already checked the PIN
    /// (it unlocked a key with it), so a tag that fails means the data or the seal was changed.
    public func verify(publicData data: [UInt8], seal: PublicDataSeal, pin: SecureBytes) throws(KeystoreError) -> Bool {
        do throws(CryptoError) {
            let key = try Argon2id.deriveKey(password: pin, salt: seal.salt, limits: seal.limits)
            _ = try XChaCha20Poly1305.open(ciphertext: seal.tag, key: key, nonce: seal.nonce, associatedData: data)
            return true
        } catch {
            if error == .authenticationFailed { return false }
            throw .keystoreCrypto(reason: error.description)
        }
    }
}
