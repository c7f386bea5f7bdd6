/// DER SubjectPublicKeyInfo for the public keys ICP identities use (IC interface spec,
/// "Signatures"): secp256k1 per RFC 5480 with the uncompressed point, Ed25519 per RFC 8410.
/// Each is a fixed header followed by the key, so they are built, not DER-encoded field by field.
public enum SubjectPublicKeyInfo {
    /// SEQUENCE { SEQUENCE { ecPublicKey 1.2.840.10045.2.1, secp256k1 1.3.132.0.10 }, BIT STRING (0 unused bits) }.
    static let secp256k1Header: [UInt8] = [
        0x30, 0x56, 0x30, 0x10, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01,
        0x06, 0x05, 0x2b, 0x81, 0x04, 0x00, 0x0a, 0x03, 0x42, 0x00,
    ]
    /// SEQUENCE { SEQUENCE { id-Ed25519 1.3.101.112 }, BIT STRING (0 unused bits) }.
    static let ed25519Header: [UInt8] = [0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00]

    /// The 88-byte SPKI of a 65-byte uncompressed (`0x04 || X || Y`) secp256k1 public key.
    public static func secp256k1(uncompressedPublicKey key: [UInt8]) throws(EncodingError) -> [UInt8] {
        guard key.count == 65, key.first == 0x04 else {
            throw .invalidValue(
                codec: "SubjectPublicKeyInfo", offset: 0,
                reason: "a secp256k1 key here must be 65 bytes uncompressed (0x04…)")
        }
        return secp256k1Header + key
    }

    /// The 44-byte SPKI of a 32-byte Ed25519 public key.
    public static func ed25519(publicKey key: [UInt8]) throws(EncodingError) -> [UInt8] {
        guard key.count == 32 else {
            throw .invalidValue(
                codec: "SubjectPublicKeyInfo", offset: 0, reason: "an Ed25519 key is 32 bytes, not \(key.count)")
        }
        return ed25519Header + key
    }

    /// The 32-byte Ed25519 key inside a 44-byte SPKI, or nil when `der` is anything else.
    public static func ed25519Key(in der: [UInt8]) -> [UInt8]? {
        guard der.count == ed25519Header.count + 32, der.starts(with: ed25519Header) else { return nil }
        return Array(der.suffix(32))
    }
}
