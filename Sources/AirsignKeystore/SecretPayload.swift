import AirsignCrypto

/// The secret a key file protects: a `kind` that says how to read the bytes (for example
/// `bip39`, `seed`, or an imported key of one scheme; the derivation code defines the kinds and
/// their byte layouts) and the bytes themselves, kept in protected memory.
///
/// Inside the ciphertext it is stored as `version (1) | kind length (1) | kind (ASCII) | bytes`,
/// so a file is self-describing even apart from its public metadata; the kind must also equal
/// the public metadata's `kind`, which is checked on every unlock.
public struct SecretPayload: Sendable, Equatable {
    static let formatVersion: UInt8 = 1

    public let kind: String
    public let bytes: SecureBytes

    /// A payload; `kind` must be a short identifier (see `KeyMetadata.kind`).
    public init(kind: String, bytes: SecureBytes) throws(KeystoreError) {
        try MetadataRules.identifier(kind, field: "kind")
        self.kind = kind
        self.bytes = bytes
    }

    /// The plaintext sealed into a key file, built straight in protected memory.
    func serialized() -> SecureBytes {
        let kindBytes = Array(kind.utf8)
        var out = SecureBytes(count: 2 + kindBytes.count + bytes.count)
        out.withUnsafeMutableBytes { buffer in
            // Sized above: 2 + kind + secret bytes, so every store below is in bounds.
            guard let base = buffer.baseAddress else { return }
            base.storeBytes(of: Self.formatVersion, as: UInt8.self)
            (base + 1).storeBytes(of: UInt8(truncatingIfNeeded: kindBytes.count), as: UInt8.self)
            kindBytes.withUnsafeBytes { kindBuffer in
                if let source = kindBuffer.baseAddress, !kindBuffer.isEmpty {
                    (base + 2).copyMemory(from: source, byteCount: kindBuffer.count)
                }
            }
            bytes.withUnsafeBytes { secret in
                if let source = secret.baseAddress, !secret.isEmpty {
                    (base + 2 + kindBytes.count).copyMemory(from: source, byteCount: secret.count)
                }
            }
        }
        return out
    }

    /// Reads a decrypted plaintext; `path` is only for error messages.
    static func parse(_ plaintext: SecureBytes, path: String) throws(KeystoreError) -> SecretPayload {
        let header: (version: UInt8, kind: [UInt8])? = plaintext.withUnsafeBytes { buffer in
            guard buffer.count >= 2 else { return nil }
            let length = Int(buffer[1])
            guard buffer.count >= 2 + length else { return nil }
            return (buffer[0], Array(buffer[2..<2 + length]))
        }
        guard let header else {
            throw .keystoreFileMalformed(path: path, field: "ciphertext", reason: "secret is too short")
        }
        guard header.version == formatVersion else {
            throw .keystoreFileMalformed(
                path: path, field: "ciphertext", reason: "unknown secret format \(header.version)")
        }
        guard let kind = String(validating: header.kind, as: UTF8.self) else {
            throw .keystoreFileMalformed(path: path, field: "ciphertext", reason: "secret kind is not text")
        }
        let secret = plaintext.withUnsafeBytes { buffer in
            SecureBytes(copying: UnsafeRawBufferPointer(rebasing: buffer[(2 + header.kind.count)...]))
        }
        do throws(KeystoreError) {
            return try SecretPayload(kind: kind, bytes: secret)
        } catch {
            throw .keystoreFileMalformed(path: path, field: "ciphertext", reason: "secret kind: \(error)")
        }
    }
}
