/// A strict cursor over SCALE-encoded bytes from an untrusted source.
///
/// Strict means one encoding per value: compact integers must use their smallest mode, bools
/// and option flags must be exactly 0 or 1, and `finish()` refuses trailing bytes. Lengths are
/// checked against the remaining input before anything is allocated. Errors carry the byte offset
/// where the offending field starts.
public struct SCALEReader: Sendable {
    private var cursor: ByteCursor
    private var lastVariantOffset = 0

    /// `maxDepth` bounds `nested` for recursive types (calls that contain calls).
    public init(_ bytes: [UInt8], maxDepth: Int = 64) {
        cursor = ByteCursor(bytes, codec: "SCALE", maxDepth: maxDepth)
    }

    /// Where the next field starts, in bytes from the start of the input.
    public var offset: Int { cursor.offset }
    public var remaining: Int { cursor.remaining }
    public var isAtEnd: Bool { cursor.isAtEnd }

    /// Throws `trailingBytes` unless every byte was consumed.
    public func finish() throws(EncodingError) {
        try cursor.finish()
    }

    /// Fixed-width little-endian: `UInt8`…`UInt128` and `Int8`…`Int128`.
    public mutating func readInteger<T: FixedWidthInteger>(_: T.Type = T.self) throws(EncodingError) -> T {
        try cursor.readLittleEndian()
    }

    // The unsigned widths as concrete overloads, which `readInteger(UInt32.self)` picks: the
    // generic method is not specialized in the module that calls it (Substrate's decoders),
    // where a byte cost 3,900 instructions through witnesses.

    public mutating func readInteger(_: UInt8.Type) throws(EncodingError) -> UInt8 { try cursor.readByte() }

    public mutating func readInteger(_: UInt16.Type) throws(EncodingError) -> UInt16 {
        try cursor.readLittleEndian(UInt16.self)
    }

    public mutating func readInteger(_: UInt32.Type) throws(EncodingError) -> UInt32 {
        try cursor.readLittleEndian(UInt32.self)
    }

    public mutating func readInteger(_: UInt64.Type) throws(EncodingError) -> UInt64 {
        try cursor.readLittleEndian(UInt64.self)
    }

    public mutating func readInteger(_: UInt128.Type) throws(EncodingError) -> UInt128 {
        try cursor.readLittleEndian(UInt128.self)
    }

    /// A bool byte: exactly `00` or `01`.
    public mutating func readBool() throws(EncodingError) -> Bool {
        let start = offset
        switch try cursor.readByte() {
        case 0: return false
        case 1: return true
        case let b: throw .invalidValue(codec: "SCALE", offset: start, reason: "bool must be 0 or 1, found \(b)")
        }
    }

    /// `Compact<T>`. Rejects a value written in a larger mode than it needs (as parity-scale-codec
    /// does) and a value that does not fit `T`.
    public mutating func readCompact<T: FixedWidthInteger & UnsignedInteger>(_: T.Type = T.self) throws(EncodingError)
        -> T
    {
        let start = offset
        let value = try readCompactValue()
        guard let narrowed = T(exactly: value) else { throw .overflow(codec: "SCALE", offset: start) }
        return narrowed
    }

    // Concrete overloads, as for `readInteger`.

    public mutating func readCompact(_: UInt32.Type) throws(EncodingError) -> UInt32 {
        let start = offset
        guard let narrowed = UInt32(exactly: try readCompactValue()) else {
            throw .overflow(codec: "SCALE", offset: start)
        }
        return narrowed
    }

    public mutating func readCompact(_: UInt64.Type) throws(EncodingError) -> UInt64 {
        let start = offset
        guard let narrowed = UInt64(exactly: try readCompactValue()) else {
            throw .overflow(codec: "SCALE", offset: start)
        }
        return narrowed
    }

    public mutating func readCompact(_: UInt128.Type) throws(EncodingError) -> UInt128 { try readCompactValue() }

    /// A compact length or count, refused with `limitExceeded` above `max`, and with `truncated`
    /// when `count × minimumElementSize` bytes are not left, so callers can allocate safely.
    public mutating func readLength(max: Int, minimumElementSize: Int = 1) throws(EncodingError) -> Int {
        let value = try readCompactValue()
        guard let count = Int(exactly: value), count <= max else {
            throw .limitExceeded(codec: "SCALE", limit: "length \(value) is more than the allowed \(max)")
        }
        try cursor.need(count, elementsOfAtLeast: minimumElementSize)
        return count
    }

    /// `count` raw bytes (a fixed-size array or hash).
    public mutating func readBytes(count: Int) throws(EncodingError) -> [UInt8] {
        guard count >= 0 else {
            throw .invalidValue(codec: "SCALE", offset: offset, reason: "negative byte count \(count)")
        }
        return try cursor.readBytes(count: count)
    }

    /// `Vec<u8>`: compact length, then the bytes. `maxLength` is in bytes.
    public mutating func readByteVector(maxLength: Int = .max) throws(EncodingError) -> [UInt8] {
        let count = try readLength(max: maxLength)
        return try readBytes(count: count)
    }

    /// `String` / `&str`: a byte vector that must be valid UTF-8.
    public mutating func readString(maxLength: Int = .max) throws(EncodingError) -> String {
        let start = offset
        return try cursor.utf8(try readByteVector(maxLength: maxLength), start: start)
    }

    /// `Vec<T>`: compact count, then `count` elements read by `body`. `minimumElementSize` is the
    /// fewest bytes one element can take (use 0 for zero-sized elements; `maxCount` then bounds
    /// the loop alone).
    public mutating func readVector<T>(
        maxCount: Int, minimumElementSize: Int = 1,
        _ body: (inout SCALEReader) throws -> T
    ) throws -> [T] {
        let count = try readLength(max: maxCount, minimumElementSize: minimumElementSize)
        var items: [T] = []
        items.reserveCapacity(Swift.min(count, 1024))
        for _ in 0..<count { items.append(try body(&self)) }
        return items
    }

    /// `Option<T>`: `00` None, or `01` followed by the value. Any other flag is refused. A Rust
    /// `Option<bool>` uses this generic form; the one-byte `OptionBool` is `readOptionBool`.
    public mutating func readOption<T>(_ body: (inout SCALEReader) throws -> T) throws -> T? {
        let start = offset
        switch try cursor.readByte() {
        case 0: return nil
        case 1: return try body(&self)
        case let b:
            throw EncodingError.invalidValue(
                codec: "SCALE", offset: start, reason: "option flag must be 0 or 1, found \(b)")
        }
    }

    /// parity-scale-codec's one-byte `OptionBool`: `00` None, `01` Some(true), `02` Some(false).
    public mutating func readOptionBool() throws(EncodingError) -> Bool? {
        let start = offset
        switch try cursor.readByte() {
        case 0: return nil
        case 1: return true
        case 2: return false
        case let b:
            throw .invalidValue(codec: "SCALE", offset: start, reason: "OptionBool must be 0, 1 or 2, found \(b)")
        }
    }

    /// An enum's variant index. The caller switches on it and reports an index it does not know
    /// with `unknownVariant(_:)`.
    public mutating func readVariantIndex() throws(EncodingError) -> UInt8 {
        lastVariantOffset = offset
        return try cursor.readByte()
    }

    /// The error for an index just returned by `readVariantIndex()` that the caller does not know.
    public func unknownVariant(_ index: UInt8, of type: String = "enum") -> EncodingError {
        .invalidValue(codec: "SCALE", offset: lastVariantOffset, reason: "unknown \(type) variant \(index)")
    }

    /// Runs `body` one nesting level deeper, refusing input nested more than `maxDepth` levels;
    /// wrap the decoding of recursive types in it.
    public mutating func nested<T>(_ body: (inout SCALEReader) throws -> T) throws -> T {
        try cursor.enterNested()
        defer { cursor.leaveNested() }
        return try body(&self)
    }

    // MARK: - Internals

    /// Compact value of up to 128 bits; the four modes per parity-scale-codec `compact.rs`.
    private mutating func readCompactValue() throws(EncodingError) -> UInt128 {
        let start = offset
        let prefix = try cursor.peekByte()
        let value: UInt128
        let smallest: UInt128
        switch prefix & 0b11 {
        case 0b00:
            _ = try cursor.readByte()
            return UInt128(prefix >> 2)
        case 0b01:
            value = UInt128(try readInteger(UInt16.self) >> 2)
            smallest = 1 << 6
        case 0b10:
            value = UInt128(try readInteger(UInt32.self) >> 2)
            smallest = 1 << 14
        default:
            let count = Int(prefix >> 2) + 4
            // A canonical big-integer encoding of more than 16 bytes is at least 2^128.
            guard count <= 16 else { throw .overflow(codec: "SCALE", offset: start) }
            // The prefix byte, then `count` little-endian bytes of which the last must not be 0.
            value = try cursor.take(1 + count) { field throws(EncodingError) in
                let number = field.dropFirst()
                if number.last == 0 {
                    throw .nonCanonical(codec: "SCALE", offset: start, reason: "compact integer has a zero top byte")
                }
                return ByteCursor.littleEndian(number)
            }
            smallest = 1 << 30
        }
        if value < smallest {
            throw .nonCanonical(codec: "SCALE", offset: start, reason: "compact integer \(value) fits a smaller mode")
        }
        return value
    }
}
