import AirsignCrypto
import AirsignEncoding

/// One keystore file, format version 1: a single line of canonical JSON followed by a newline,
///
///     {"airsign":"keystore","version":1,
///      "kdf":{"name":"argon2id","opslimit":3,"memlimit":268435456,"salt":"<16 bytes hex>"},
///      "cipher":{"name":"xchacha20poly1305","nonce":"<24 bytes hex>"},
///      "ciphertext":"<hex: sealed SecretPayload + 16-byte tag>",
///      "public":{"name":…,"kind":…,"accounts":[{"chain","scheme","path"?,"publicKey","address","network"?,"xpub"?}],"created":…}}
///
/// The key is Argon2id(PIN, salt, opslimit, memlimit) and the cipher XChaCha20-Poly1305. Its
/// associated data is the canonical serialization of the document without `ciphertext`, so the
/// KDF parameters, nonce and public metadata are all authenticated: none can be changed, and no
/// metadata can be moved onto another file's secret.
///
/// Parsing is strict: unknown or missing fields, other types, upper-case or odd hex, wrong
/// lengths each name their field; and the file must be byte for byte the canonical form this
/// type writes, so an edit that would not change the meaning (whitespace, `\u` escapes, hex case)
/// is still refused. Every change to a file is therefore either a parse error or an
/// authentication failure, never a different plaintext.
public struct KeystoreDocument: Sendable, Equatable {
    public static let formatVersion: UInt64 = 1
    /// Larger files are refused before parsing.
    public static let maximumFileSize = 1 << 20
    /// Secrets are small (phrases, seeds, PEM keys); this bounds the ciphertext field.
    public static let maximumSecretSize = 1 << 16
    /// Accepted Argon2id limits. Wider than the presets, narrower than libsodium's range, so a
    /// damaged file cannot ask for terabytes of memory before it fails to decrypt.
    static let opsLimits: ClosedRange<UInt64> = 1...64
    static let memLimits: ClosedRange<UInt64> = 8192...(4 << 30)

    /// The Argon2id cost, salt and nonce as stored; the sealed secret with its tag; the public part.
    public let limits: Argon2id.Limits
    public let salt: [UInt8]
    public let nonce: [UInt8]
    public let ciphertext: [UInt8]
    public let metadata: KeyMetadata

    private init(limits: Argon2id.Limits, salt: [UInt8], nonce: [UInt8], ciphertext: [UInt8], metadata: KeyMetadata) {
        self.limits = limits
        self.salt = salt
        self.nonce = nonce
        self.ciphertext = ciphertext
        self.metadata = metadata
    }

    /// Encrypts `payload` under `pin` with a fresh salt and nonce.
    public static func seal(
        _ payload: SecretPayload, metadata: KeyMetadata, pin: SecureBytes, limits: Argon2id.Limits
    ) throws(KeystoreError) -> KeystoreDocument {
        guard payload.kind == metadata.kind else {
            throw .invalidMetadata(
                field: "kind", reason: "the public kind \(metadata.kind) differs from the secret's kind \(payload.kind)"
            )
        }
        guard payload.bytes.count <= maximumSecretSize else {
            throw .invalidMetadata(field: "secret", reason: "larger than \(maximumSecretSize) bytes")
        }
        guard opsLimits.contains(limits.opsLimit), memLimits.contains(UInt64(limits.memLimit)) else {
            throw .keystoreCrypto(reason: "Argon2id limits outside \(opsLimits) passes and \(memLimits) bytes")
        }
        let header = KeystoreDocument(
            limits: limits, salt: SecureRandom.bytes(Argon2id.saltLength),
            nonce: SecureRandom.bytes(XChaCha20Poly1305.nonceLength), ciphertext: [], metadata: metadata)
        do throws(CryptoError) {
            let key = try Argon2id.deriveKey(password: pin, salt: header.salt, limits: limits)
            let sealed = try XChaCha20Poly1305.seal(
                plaintext: payload.serialized(), key: key, nonce: header.nonce, associatedData: header.associatedData)
            return KeystoreDocument(
                limits: limits, salt: header.salt, nonce: header.nonce, ciphertext: sealed, metadata: metadata)
        } catch {
            throw .keystoreCrypto(reason: error.description)
        }
    }

    /// Why `open` failed.
    enum OpenFailure: Error {
        /// The AEAD rejected the key: a wrong PIN, or the file was changed.
        case authentication
        /// The key could not be derived (Argon2id out of memory); says nothing about the PIN.
        case cannotDerive(KeystoreError)
        /// The PIN was right but the decrypted secret does not parse.
        case damaged(KeystoreError)
    }

    /// Derives the key from `pin` and decrypts. `path` is for error messages only.
    func open(pin: SecureBytes, path: String) throws(OpenFailure) -> SecretPayload {
        let plaintext: SecureBytes
        do throws(CryptoError) {
            let key = try Argon2id.deriveKey(password: pin, salt: salt, limits: limits)
            plaintext = try XChaCha20Poly1305.open(
                ciphertext: ciphertext, key: key, nonce: nonce, associatedData: associatedData)
        } catch {
            if error == .authenticationFailed { throw .authentication }
            throw .cannotDerive(.keystoreCrypto(reason: error.description))
        }
        do throws(KeystoreError) {
            let payload = try SecretPayload.parse(plaintext, path: path)
            guard payload.kind == metadata.kind else {
                throw KeystoreError.keystoreFileMalformed(
                    path: path, field: "public.kind", reason: "differs from the secret's kind")
            }
            return payload
        } catch {
            throw .damaged(error)
        }
    }

    /// The file's bytes: canonical JSON and a newline.
    public var fileBytes: [UInt8] { KeystoreJSON.fileBytes(json(includingCiphertext: true)) }

    /// What the AEAD authenticates besides the ciphertext.
    var associatedData: [UInt8] { KeystoreJSON.canonicalBytes(json(includingCiphertext: false)) }

    private func json(includingCiphertext: Bool) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("airsign", .string("keystore")),
            ("version", .integer(Self.formatVersion)),
            (
                "kdf",
                .object([
                    ("name", .string("argon2id")),
                    ("opslimit", .integer(limits.opsLimit)),
                    ("memlimit", .integer(limits.memLimit)),
                    ("salt", .string(Hex.encode(salt))),
                ])
            ),
            (
                "cipher",
                .object([
                    ("name", .string("xchacha20poly1305")),
                    ("nonce", .string(Hex.encode(nonce))),
                ])
            ),
        ]
        if includingCiphertext {
            members.append(("ciphertext", .string(Hex.encode(ciphertext))))
        }
        members.append(("public", metadata.json))
        return .object(members)
    }

    /// Parses and checks a keystore file; `path` names it in errors.
    public static func parse(_ bytes: [UInt8], path: String) throws(KeystoreError) -> KeystoreDocument {
        guard !bytes.isEmpty else { throw .keystoreFileTruncated(path: path) }
        guard bytes.count <= maximumFileSize else {
            throw .keystoreFileMalformed(path: path, field: "(file)", reason: "larger than \(maximumFileSize) bytes")
        }
        let value: JSONValue
        do throws(EncodingError) {
            value = try KeystoreJSON.parse(bytes)
        } catch {
            if case .truncated = error { throw .keystoreFileTruncated(path: path) }
            throw .keystoreFileMalformed(path: path, field: "(syntax)", reason: error.description)
        }
        try checkIdentity(value, path: path)
        let document = try read(value, path: path)
        let canonical = document.fileBytes
        guard bytes == canonical else {
            // Our writer always ends the file with a newline; a file that is the canonical
            // form without it was cut off.
            if bytes.count < canonical.count, canonical.starts(with: bytes) { throw .keystoreFileTruncated(path: path) }
            throw .keystoreFileMalformed(
                path: path, field: "(file)", reason: "not in the exact form airsign-signer writes (was it edited?)")
        }
        return document
    }

    /// The `airsign` and `version` fields, checked before the rest so a newer format is named as such.
    private static func checkIdentity(_ value: JSONValue, path: String) throws(KeystoreError) {
        guard case .object = value else {
            throw .keystoreFileMalformed(path: path, field: "(file)", reason: "must be a JSON object")
        }
        guard let kind = value["airsign"] else {
            throw .keystoreFileMalformed(path: path, field: "airsign", reason: "missing: not an Airsign keystore file")
        }
        guard kind == .string("keystore") else {
            throw .keystoreFileMalformed(path: path, field: "airsign", reason: "not an Airsign keystore file")
        }
        guard let version = value["version"] else {
            throw .keystoreFileMalformed(path: path, field: "version", reason: "missing")
        }
        guard version == .integer(formatVersion) else {
            if case let .number(text) = version { throw .keystoreVersionUnsupported(path: path, version: text) }
            throw .keystoreFileMalformed(path: path, field: "version", reason: "must be a whole number")
        }
    }

    private static func read(_ value: JSONValue, path: String) throws(KeystoreError) -> KeystoreDocument {
        let top = try JSONFields(
            value, field: "", path: path, required: ["airsign", "version", "kdf", "cipher", "ciphertext", "public"])
        let kdf = try top.object("kdf", required: ["name", "opslimit", "memlimit", "salt"])
        guard try kdf.string("name") == "argon2id" else { throw kdf.malformed("name", "must be argon2id") }
        let ops = try kdf.unsigned("opslimit", in: opsLimits)
        let memory = try kdf.unsigned("memlimit", in: memLimits)
        let salt = try kdf.hex("salt", lengths: Argon2id.saltLength...Argon2id.saltLength)
        let cipher = try top.object("cipher", required: ["name", "nonce"])
        guard try cipher.string("name") == "xchacha20poly1305" else {
            throw cipher.malformed("name", "must be xchacha20poly1305")
        }
        let nonce = try cipher.hex("nonce", lengths: XChaCha20Poly1305.nonceLength...XChaCha20Poly1305.nonceLength)
        // At least the tag and the payload's two header bytes.
        let ciphertext = try top.hex(
            "ciphertext",
            lengths: (XChaCha20Poly1305.tagLength + 2)...(maximumSecretSize + 2 + 64 + XChaCha20Poly1305.tagLength))
        guard let publicValue = top.value("public") else { throw top.malformed("public", "missing") }
        let metadata = try KeyMetadata(json: publicValue, field: "public", path: path)
        // Both limits are within the ranges above, so these conversions are exact.
        return KeystoreDocument(
            limits: Argon2id.Limits(opsLimit: ops, memLimit: Int(memory)),
            salt: salt, nonce: nonce, ciphertext: ciphertext, metadata: metadata)
    }
}
