import AirsignCrypto

/// Ethereum addresses with the EIP-55 mixed-case checksum: a hex letter is upper case when the
/// matching nibble of keccak256(lower-case hex) is 8 or more.
public enum EIP55 {
    public static let addressLength = 20
    private static let codec = "EIP-55"

    /// `0x` + the checksummed hex of a 20-byte address.
    public static func encode(_ address: [UInt8]) throws(EncodingError) -> String {
        guard address.count == addressLength else {
            throw .invalidValue(codec: codec, offset: 0, reason: "an address is 20 bytes, not \(address.count)")
        }
        return checksums.value(for: address) { checksummed(address) }
    }

    /// The texts `encode` gave last. A review writes an address several times (sender,
    /// recipient, token, total) and its own account in every request of a batch, and checking
    /// a mixed-case address encodes it again: a Keccak hash each, seven a transaction.
    static let checksums = BoundedMemo<MemoBytes, String>(capacity: 4096)

    /// `encode` of 20 bytes, computed: the hex and its Keccak hash.
    static func checksummed(_ address: [UInt8]) -> String {
        let lower = Array(Hex.encode(address).utf8)
        let hash = Keccak256.hash(lower)
        var out = Array("0x".utf8)
        out.reserveCapacity(2 + lower.count)
        for (i, c) in lower.enumerated() {
            let nibble = i % 2 == 0 ? hash[i / 2] >> 4 : hash[i / 2] & 0x0f
            out.append(c >= UInt8(ascii: "a") && nibble >= 8 ? c - 0x20 : c)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The 20 bytes of `0x` + 40 hex digits. All-lower and all-upper digits are accepted as
    /// unchecksummed (EIP-55 allows it); mixed case must match the checksum exactly.
    @inlinable
    public static func decode(_ text: some StringProtocol) throws(EncodingError) -> [UInt8] {
        // Specialized at the caller; the work is on a String, never through generic witnesses.
        try decode(string: String(text))
    }

    @usableFromInline
    static func decode(string text: String) throws(EncodingError) -> [UInt8] {
        let utf8 = Array(text.utf8)
        guard utf8.count >= 2, utf8[0] == UInt8(ascii: "0"), utf8[1] == UInt8(ascii: "x") else {
            throw .invalidValue(codec: codec, offset: 0, reason: "an address starts with 0x")
        }
        guard utf8.count == 2 + 2 * addressLength else {
            throw .invalidValue(codec: codec, offset: 2, reason: "an address has 40 hex digits, not \(utf8.count - 2)")
        }
        let bytes: [UInt8]
        do {
            bytes = try Hex.decode(text)
        } catch {
            throw error.renamed(codec)
        }
        let digits = utf8[2...]
        let hasUpper = digits.contains { (UInt8(ascii: "A")...UInt8(ascii: "F")).contains($0) }
        let hasLower = digits.contains { (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
        if hasUpper && hasLower {
            guard try encode(bytes).utf8.elementsEqual(utf8) else { throw .checksumMismatch(codec: codec) }
        }
        return bytes
    }
}
