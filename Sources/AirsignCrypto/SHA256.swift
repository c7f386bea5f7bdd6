internal import CSodium

/// SHA-256 (FIPS 180-4), computed by libsodium.
public enum SHA256 {
    public static let outputLength = 32

    public static func hash(_ data: [UInt8]) -> [UInt8] {
        Sodium.ready()
        var out = [UInt8](repeating: 0, count: outputLength)
        _ = crypto_hash_sha256(&out, data, UInt64(data.count))
        return out
    }
}
