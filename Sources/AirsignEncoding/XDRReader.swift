/// A strict cursor over XDR (RFC 4506) bytes from an untrusted source.
///
/// Strict means one encoding per value, which Stellar relies on for transaction hashes: bools
/// and optional flags must be exactly 0 or 1, padding must be zero bytes, declared maxima are
/// enforced, and `finish()` refuses trailing bytes. Lengths and counts are checked against the
/// remaining input before anything is allocated. Errors carry the byte offset of the field.
public struct XDRReader: Sendable {
    private var cursor: ByteCursor
    private var lastDiscriminantOffset = 0

    /// `maxDepth` bounds `nested` for recursive types (Stellar's `ClaimPredicate`).
    public init(_ bytes: [UInt8], maxDepth: Int = 64) {
        cursor = ByteCursor(bytes, codec: "XDR", maxDepth: maxDepth)
    }

    /// Where the next field starts, in bytes from the start of the input.
    public var offset: Int { cursor.offset }
    public var remaining: Int { cursor.remaining }
    public var isAtEnd: Bool { cursor.isAtEnd }

    /// Throws `trailingBytes` unless every byte was consumed.
    public func finish() throws(EncodingError) {
        try cursor.finish()
    }

    public mutating func readInt32() throws(EncodingError) -> Int32 { try cursor.readBigEndian() }
    public mutating func readUInt32() throws(EncodingError) -> UInt32 { try cursor.readBigEndian() }
    /// `hyper`.
    public mutating func readInt64() throws(EncodingError) -> Int64 { try cursor.readBigEndian() }
    /// `unsigned hyper`.
    public mutating func readUInt64() throws(EncodingError) -> UInt64 { try cursor.readBigEndian() }

    /// A bool: exactly 0 or 1.
    public mutating func readBool() throws(EncodingError) -> Bool {
        try readFlag(what: "bool")
    }

    /// A union's discriminant. The caller switches on it and reports a value it does not know
    /// with `unknownDiscriminant(_:)`.
    public mutating func readDiscriminant() throws(EncodingError) -> Int32 {
        lastDiscriminantOffset = offset
        return try readInt32()
    }

    /// The error for a discriminant just returned by `readDiscriminant()` that the caller does
    /// not know.
    public func unknownDiscriminant(_ value: Int32, of type: String = "union") -> EncodingError {
        .invalidValue(codec: "XDR", offset: lastDiscriminantOffset, reason: "unknown \(type) discriminant \(value)")
    }

    /// `opaque[count]`: `count` bytes, then padding that must be zero.
    public mutating func readFixedOpaque(count: Int) throws(EncodingError) -> [UInt8] {
        guard count >= 0 else {
            throw .invalidValue(codec: "XDR", offset: offset, reason: "negative opaque length \(count)")
        }
        let value = try cursor.readBytes(count: count)
        try skipPadding(after: count)
        return value
    }

    /// `opaque<max>`: a length no greater than `max`, the bytes, zero padding.
    public mutating func readVariableOpaque(max: Int = Int(UInt32.max)) throws(EncodingError) -> [UInt8] {
        let count = try readLength(max: max, minimumElementSize: 1, what: "opaque")
        return try readFixedOpaque(count: count)
    }

    /// `string<max>` as raw bytes, which is what Stellar strings are (memo text, home domain).
    public mutating func readString(max: Int = Int(UInt32.max)) throws(EncodingError) -> [UInt8] {
        try readVariableOpaque(max: max)
    }

    /// `string<max>` that must also be valid UTF-8.
    public mutating func readText(max: Int = Int(UInt32.max)) throws(EncodingError) -> String {
        let start = offset
        return try cursor.utf8(try readString(max: max), start: start)
    }

    /// `T<max>`: a count no greater than `max`, then the elements read by `body`.
    /// `minimumElementSize` is the fewest bytes one element takes (4 for any XDR type but `void`
    /// and empty opaque/structs; pass 0 for those and `max` alone bounds the loop).
    public mutating func readArray<T>(
        max: Int = Int(UInt32.max), minimumElementSize: Int = 4,
        _ body: (inout XDRReader) throws -> T
    ) throws -> [T] {
        let count = try readLength(max: max, minimumElementSize: minimumElementSize, what: "array")
        var items: [T] = []
        items.reserveCapacity(Swift.min(count, 1024))
        for _ in 0..<count { items.append(try body(&self)) }
        return items
    }

    /// Optional `T*`: flag 0 (absent) or 1 followed by the value; any other flag is refused.
    public mutating func readOptional<T>(_ body: (inout XDRReader) throws -> T) throws -> T? {
        try readFlag(what: "optional flag") ? try body(&self) : nil
    }

    /// Runs `body` one nesting level deeper, refusing input nested more than `maxDepth` levels;
    /// wrap the decoding of recursive types in it.
    public mutating func nested<T>(_ body: (inout XDRReader) throws -> T) throws -> T {
        try cursor.enterNested()
        defer { cursor.leaveNested() }
        return try body(&self)
    }

    // MARK: - Internals

    private mutating func readFlag(what: String) throws(EncodingError) -> Bool {
        let start = offset
        switch try readUInt32() {
        case 0: return false
        case 1: return true
        case let v: throw .invalidValue(codec: "XDR", offset: start, reason: "\(what) must be 0 or 1, found \(v)")
        }
    }

    private mutating func readLength(max: Int, minimumElementSize: Int, what: String) throws(EncodingError) -> Int {
        let declared = try readUInt32()
        guard let length = Int(exactly: declared), length <= max else {
            throw .limitExceeded(codec: "XDR", limit: "\(what) of \(declared) is more than the allowed \(max)")
        }
        try cursor.need(length, elementsOfAtLeast: minimumElementSize)
        return length
    }

    private mutating func skipPadding(after count: Int) throws(EncodingError) {
        let padding = (4 - count % 4) % 4
        try cursor.take(padding) { field throws(EncodingError) in
            // The slice's indices are offsets into the input: the error names the bad byte.
            if let bad = field.firstIndex(where: { $0 != 0 }) {
                throw .nonCanonical(codec: "XDR", offset: bad, reason: "padding byte is not zero")
            }
        }
    }
}
