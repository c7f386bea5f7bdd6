/// A strict cursor over XDR (RFC 4506) bytes from an untrusted source.
///
/// Strict means one encoding per value, which Stellar relies on for transaction hashes: bools
/// and optional flags must be exactly 0 or 1, padding must be zero bytes, declared maxima are
/// enforced, and `finish()` refuses trailing bytes. Lengths and counts are checked against the
/// remaining input before anything is allocated. Errors carry the byte offset of the field.
public struct XDRReader: Sendable {
    private let bytes: [UInt8]
    public private(set) var offset: Int = 0
    private var depth = 0
    private let maxDepth: Int
    private var lastDiscriminantOffset = 0

    /// `maxDepth` bounds `nested` for recursive types (Stellar's `ClaimPredicate`).
    public init(_ bytes: [UInt8], maxDepth: Int = 64) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    public var remaining: Int { bytes.count - offset }
    public var isAtEnd: Bool { offset == bytes.count }

    /// Throws `trailingBytes` unless every byte was consumed.
    public func finish() throws(EncodingError) {
        if remaining > 0 { throw .trailingBytes(codec: "XDR", count: remaining) }
    }

    public mutating func readInt32() throws(EncodingError) -> Int32 { try readBigEndian() }
    public mutating func readUInt32() throws(EncodingError) -> UInt32 { try readBigEndian() }
    /// `hyper`.
    public mutating func readInt64() throws(EncodingError) -> Int64 { try readBigEndian() }
    /// `unsigned hyper`.
    public mutating func readUInt64() throws(EncodingError) -> UInt64 { try readBigEndian() }

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
        try need(count)
        let value = Array(bytes[offset ..< offset + count])
        offset += count
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
        let raw = try readString(max: max)
        guard let text = String(validating: raw, as: UTF8.self) else {
            throw .invalidValue(codec: "XDR", offset: start, reason: "string is not valid UTF-8")
        }
        return text
    }

    /// `T<max>`: a count no greater than `max`, then the elements read by `body`.
    /// `minimumElementSize` is the fewest bytes one element takes (4 for any XDR type but `void`
    /// and empty opaque/structs; pass 0 for those and `max` alone bounds the loop).
    public mutating func readArray<T>(max: Int = Int(UInt32.max), minimumElementSize: Int = 4,
                                      _ body: (inout XDRReader) throws -> T) throws -> [T] {
        let count = try readLength(max: max, minimumElementSize: minimumElementSize, what: "array")
        var items: [T] = []
        items.reserveCapacity(Swift.min(count, 1024))
        for _ in 0 ..< count { items.append(try body(&self)) }
        return items
    }

    /// Optional `T*`: flag 0 (absent) or 1 followed by the value; any other flag is refused.
    public mutating func readOptional<T>(_ body: (inout XDRReader) throws -> T) throws -> T? {
        try readFlag(what: "optional flag") ? try body(&self) : nil
    }

    /// Runs `body` one nesting level deeper, refusing input nested more than `maxDepth` levels;
    /// wrap the decoding of recursive types in it.
    public mutating func nested<T>(_ body: (inout XDRReader) throws -> T) throws -> T {
        guard depth < maxDepth else {
            throw EncodingError.limitExceeded(codec: "XDR", limit: "nesting deeper than \(maxDepth)")
        }
        depth += 1
        defer { depth -= 1 }
        return try body(&self)
    }

    // MARK: - Internals

    private func need(_ count: Int) throws(EncodingError) {
        if count > remaining { throw .truncated(codec: "XDR", offset: bytes.count) }
    }

    private mutating func readBigEndian<T: FixedWidthInteger>() throws(EncodingError) -> T {
        let size = T.bitWidth / 8
        try need(size)
        var value = T.zero
        for i in 0 ..< size {
            value = value << 8 | T(truncatingIfNeeded: bytes[offset + i])
        }
        offset += size
        return value
    }

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
        // The element size is the caller's, so the product is checked too.
        let (needed, overflow) = length.multipliedReportingOverflow(by: Swift.max(minimumElementSize, 0))
        if overflow || needed > remaining { throw .truncated(codec: "XDR", offset: bytes.count) }
        return length
    }

    private mutating func skipPadding(after count: Int) throws(EncodingError) {
        let padding = (4 - count % 4) % 4
        try need(padding)
        for i in 0 ..< padding where bytes[offset + i] != 0 {
            throw .nonCanonical(codec: "XDR", offset: offset + i, reason: "padding byte is not zero")
        }
        offset += padding
    }
}
