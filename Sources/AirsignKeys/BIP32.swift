import AirsignCrypto

/// Helpers both extended key types share.
enum BIP32 {
    /// 4-byte big-endian.
    static func ser32(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> UInt32($0)) }
    }

    static func fingerprint(_ key: Secp256k1.PublicKey) -> [UInt8] {
        Array(RIPEMD160.hash(SHA256.hash(key.compressed)).prefix(4))
    }

    /// Checks the 13-byte header (version, depth, parent fingerprint, child number) by BIP32's
    /// rules: the expected version, and a master (depth 0) with zero fingerprint and index.
    static func checkHeader(_ header: [UInt8], expectedVersion: UInt32) throws(KeysError)
        -> (depth: UInt8, parentFingerprint: [UInt8], childNumber: UInt32)
    {
        let version = header[0..<4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard version == expectedVersion else {
            let kind = expectedVersion == ExtendedPublicKey.version ? "xpub" : "xprv"
            throw .invalidExtendedKey("version bytes are not those of a mainnet \(kind)")
        }
        let depth = header[4]
        let parentFingerprint = Array(header[5..<9])
        let childNumber = header[9..<13].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        if depth == 0 {
            guard parentFingerprint == [0, 0, 0, 0] else {
                throw .invalidExtendedKey("a master key has a parent fingerprint")
            }
            guard childNumber == 0 else { throw .invalidExtendedKey("a master key has a child number") }
        }
        return (depth, parentFingerprint, childNumber)
    }
}
