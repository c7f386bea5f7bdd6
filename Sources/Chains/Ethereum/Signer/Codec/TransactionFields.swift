import AirsignEncoding
import BigInt

/// Strict readers for the RLP fields of a transaction; each names the field it refuses.
enum TransactionFields {
    static func bytes(_ item: RLPItem, _ field: String) throws(EthereumError) -> [UInt8] {
        guard case .bytes(let bytes) = item else {
            throw .invalidField(field, reason: "expected a byte string, found a list")
        }
        return bytes
    }

    /// A canonical unsigned integer: no leading zero byte, at most `maxBytes` bytes.
    static func unsigned(_ item: RLPItem, _ field: String, maxBytes: Int = 32) throws(EthereumError) -> BigUInt {
        let bytes = try bytes(item, field)
        if bytes.first == 0 { throw .invalidField(field, reason: "integer has a leading zero byte (non-canonical)") }
        guard bytes.count <= maxBytes else {
            throw .invalidField(field, reason: "integer longer than \(maxBytes) bytes")
        }
        return BigUInt(bigEndian: bytes)
    }

    /// A canonical integer that fits 64 bits (nonce and gas limit, as clients bound them).
    static func uint64(_ item: RLPItem, _ field: String) throws(EthereumError) -> UInt64 {
        let bytes = try bytes(item, field)
        if bytes.first == 0 { throw .invalidField(field, reason: "integer has a leading zero byte (non-canonical)") }
        guard bytes.count <= 8 else { throw .invalidField(field, reason: "integer longer than 8 bytes") }
        var value: UInt64 = 0
        for byte in bytes { value = value << 8 | UInt64(byte) }
        return value
    }

    /// 20 bytes, or empty for contract creation.
    static func recipient(_ item: RLPItem) throws(EthereumError) -> EthereumAddress? {
        let bytes = try bytes(item, "to")
        if bytes.isEmpty { return nil }
        guard bytes.count == 20 else {
            throw .invalidField(
                "to", reason: "an address is 20 bytes (or empty for contract creation), not \(bytes.count)")
        }
        return try EthereumAddress(bytes: bytes)
    }
}
