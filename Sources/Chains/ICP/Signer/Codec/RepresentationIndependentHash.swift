import AirsignCrypto
import AirsignEncoding

/// The IC's representation-independent hash (interface spec, "Representation-independent
/// hashing of structured data"): the request id of a content map. Works on the decoded CBOR
/// value, so the bytes the CBOR happened to use (key order, lengths) do not matter.
public enum RepresentationIndependentHash {
    /// Nesting the IC's request maps never exceed (content → paths → path → label is 3).
    static let maxDepth = 8

    /// SHA-256 of the sorted `H(key) ‖ H(value)` pairs of `entries`; keys must be text.
    public static func hashOfMap(_ entries: [(key: CBORValue, value: CBORValue)]) throws(ICPError) -> [UInt8] {
        try hashOfMap(entries, depth: 0)
    }

    static func hashOfMap(_ entries: [(key: CBORValue, value: CBORValue)], depth: Int) throws(ICPError) -> [UInt8] {
        var pairs: [[UInt8]] = []
        for entry in entries {
            guard case let .text(key) = entry.key else {
                throw .malformed(field: "content", reason: "map keys must be text, found \(entry.key.kindDescription)")
            }
            pairs.append(SHA256.hash(Array(key.utf8)) + (try hashValue(entry.value, depth: depth + 1)))
        }
        pairs.sort { $0.lexicographicallyPrecedes($1) }
        return SHA256.hash(pairs.flatMap { $0 })
    }

    /// The hash of one value: blobs and text hash their bytes, integers their (S)LEB128,
    /// arrays the concatenation of their elements' hashes, maps recursively.
    public static func hashValue(_ value: CBORValue) throws(ICPError) -> [UInt8] {
        try hashValue(value, depth: 0)
    }

    static func hashValue(_ value: CBORValue, depth: Int) throws(ICPError) -> [UInt8] {
        guard depth <= maxDepth else {
            throw .malformed(field: "content", reason: "nested deeper than \(maxDepth) levels")
        }
        switch value {
        case let .bytes(b): return SHA256.hash(b)
        case let .text(t): return SHA256.hash(Array(t.utf8))
        case let .unsigned(n): return SHA256.hash(LEB128.encode(n))
        case let .negative(n):
            // CBOR's negative n stands for -1 - n; beyond Int64 the IC has no use for it.
            guard n <= UInt64(Int64.max) else {
                throw .malformed(field: "content", reason: "a negative integer below -2^63")
            }
            return SHA256.hash(SLEB128.encode(-1 - Int64(n)))
        case let .array(items):
            var concatenated: [UInt8] = []
            for item in items { concatenated += try hashValue(item, depth: depth + 1) }
            return SHA256.hash(concatenated)
        case let .map(entries): return try hashOfMap(entries, depth: depth + 1)
        default:
            throw .malformed(
                field: "content", reason: "\(value.kindDescription) has no representation-independent hash")
        }
    }
}
