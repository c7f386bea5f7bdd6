import AirsignCrypto

/// Base58 of `payload || first 4 bytes of SHA-256(SHA-256(payload))`, as Bitcoin addresses and
/// WIF keys use it. The payload includes any version byte; callers check it.
public enum Base58Check {
    public static func encode(_ payload: [UInt8]) -> String {
        Base58.encode(payload + checksum(payload))
    }

    /// The payload, after checking the 4-byte checksum.
    public static func decode(_ text: some StringProtocol) throws(EncodingError) -> [UInt8] {
        let bytes = try Base58.decode(text, codec: "base58check")
        guard bytes.count >= 4 else { throw .truncated(codec: "base58check", offset: bytes.count) }
        let payload = Array(bytes.dropLast(4))
        guard checksum(payload) == Array(bytes.suffix(4)) else { throw .checksumMismatch(codec: "base58check") }
        return payload
    }

    static func checksum(_ payload: [UInt8]) -> [UInt8] {
        Array(SHA256.hash(SHA256.hash(payload)).prefix(4))
    }
}
