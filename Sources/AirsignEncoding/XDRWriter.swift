/// Builds XDR (RFC 4506) encodings: big-endian, every item padded with zeros to a multiple of
/// four bytes. A struct is its fields in order; a union is `writeDiscriminant` then the arm.
///
/// Methods taking a declared maximum (`opaque<max>`, `string<max>`, `T<max>`) throw
/// `limitExceeded` rather than emit something a strict reader would refuse.
public struct XDRWriter: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public mutating func writeInt32(_ value: Int32) { writeBigEndian(value) }
    public mutating func writeUInt32(_ value: UInt32) { writeBigEndian(value) }
    /// `hyper`.
    public mutating func writeInt64(_ value: Int64) { writeBigEndian(value) }
    /// `unsigned hyper`.
    public mutating func writeUInt64(_ value: UInt64) { writeBigEndian(value) }

    public mutating func writeBool(_ value: Bool) { writeUInt32(value ? 1 : 0) }

    /// A union's discriminant (an `int` or an `enum` value); write the selected arm after it.
    public mutating func writeDiscriminant(_ value: Int32) { writeInt32(value) }

    // The byte forms come as concrete overloads for arrays besides the generic ones, and the
    // element forms are inlinable: a generic method is not specialized in the module that calls
    // it (Stellar's codec), where iterating through witnesses cost more than the encoding.

    /// `opaque[length]`: exactly `length` bytes, then zero padding.
    public mutating func writeFixedOpaque(_ raw: [UInt8], length: Int) throws(EncodingError) {
        guard raw.count == length else {
            throw .invalidValue(
                codec: "XDR", offset: bytes.count,
                reason: "opaque[\(length)] given \(raw.count) bytes")
        }
        bytes.append(contentsOf: raw)
        pad(raw.count)
    }

    /// `opaque[length]`: exactly `length` bytes, then zero padding.
    public mutating func writeFixedOpaque(_ raw: some Collection<UInt8>, length: Int) throws(EncodingError) {
        guard raw.count == length else {
            throw .invalidValue(
                codec: "XDR", offset: bytes.count,
                reason: "opaque[\(length)] given \(raw.count) bytes")
        }
        bytes.append(contentsOf: raw)
        pad(raw.count)
    }

    /// `opaque<max>`: length, bytes, zero padding.
    public mutating func writeVariableOpaque(_ raw: [UInt8], max: Int = Int(UInt32.max)) throws(EncodingError) {
        guard raw.count <= max, let length = UInt32(exactly: raw.count) else {
            throw .limitExceeded(codec: "XDR", limit: "\(raw.count) bytes for opaque<\(max)>")
        }
        writeUInt32(length)
        bytes.append(contentsOf: raw)
        pad(raw.count)
    }

    /// `opaque<max>`: length, bytes, zero padding.
    public mutating func writeVariableOpaque(_ raw: some Collection<UInt8>, max: Int = Int(UInt32.max))
        throws(EncodingError)
    {
        guard raw.count <= max, let length = UInt32(exactly: raw.count) else {
            throw .limitExceeded(codec: "XDR", limit: "\(raw.count) bytes for opaque<\(max)>")
        }
        writeUInt32(length)
        bytes.append(contentsOf: raw)
        pad(raw.count)
    }

    /// `string<max>` from text, as its UTF-8 bytes.
    public mutating func writeString(_ string: String, max: Int = Int(UInt32.max)) throws(EncodingError) {
        try writeVariableOpaque(Array(string.utf8), max: max)
    }

    /// `string<max>` from raw bytes (Stellar strings are bytes, not necessarily text).
    public mutating func writeString(bytes raw: [UInt8], max: Int = Int(UInt32.max)) throws(EncodingError) {
        try writeVariableOpaque(raw, max: max)
    }

    /// `string<max>` from raw bytes (Stellar strings are bytes, not necessarily text).
    public mutating func writeString(bytes raw: some Collection<UInt8>, max: Int = Int(UInt32.max))
        throws(EncodingError)
    {
        try writeVariableOpaque(raw, max: max)
    }

    /// `T<max>`: element count, then each element as `body` writes it.
    @inlinable
    public mutating func writeArray<C: Collection>(
        _ items: C, max: Int = Int(UInt32.max),
        _ body: (inout XDRWriter, C.Element) throws -> Void
    ) throws {
        guard items.count <= max, let count = UInt32(exactly: items.count) else {
            throw EncodingError.limitExceeded(
                codec: "XDR", limit: "\(items.count) elements for an array of at most \(max)")
        }
        writeUInt32(count)
        for item in items { try body(&self, item) }
    }

    /// Optional `T*`: `0`, or `1` followed by the value.
    @inlinable
    public mutating func writeOptional<T>(_ value: T?, _ body: (inout XDRWriter, T) throws -> Void) rethrows {
        if let value {
            writeUInt32(1)
            try body(&self, value)
        } else {
            writeUInt32(0)
        }
    }

    private mutating func writeBigEndian<T: FixedWidthInteger>(_ value: T) {
        let size = T.bitWidth / 8
        for i in (0..<size).reversed() {
            bytes.append(UInt8(truncatingIfNeeded: value >> (8 * i)))
        }
    }

    private mutating func pad(_ count: Int) {
        bytes.append(contentsOf: repeatElement(0, count: (4 - count % 4) % 4))
    }
}
