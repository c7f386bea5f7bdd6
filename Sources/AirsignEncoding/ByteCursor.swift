/// The position-keeping part of the strict binary readers (`SCALEReader`, `XDRReader`): where
/// the next field starts, how much input is left, how deep recursive types have nested, and the
/// errors for running out of bytes or nesting too deep.
///
/// Every read checks the remaining input before touching it, and a read that fails consumes
/// nothing, so a caller's `offset` after an error still points at the field that failed.
/// `codec` names the format in every error this cursor raises.
struct ByteCursor: Sendable {
    let bytes: [UInt8]
    let codec: String
    private(set) var offset = 0
    private var depth = 0
    let maxDepth: Int

    init(_ bytes: [UInt8], codec: String, maxDepth: Int) {
        self.bytes = bytes
        self.codec = codec
        self.maxDepth = maxDepth
    }

    var remaining: Int { bytes.count - offset }
    var isAtEnd: Bool { offset == bytes.count }

    /// Throws `trailingBytes` unless every byte was consumed.
    func finish() throws(EncodingError) {
        if remaining > 0 { throw .trailingBytes(codec: codec, count: remaining) }
    }

    /// Throws `truncated` unless `count` more bytes are left. Truncation is reported at the end
    /// of the input, where the decoder ran out, not at the start of the field.
    func need(_ count: Int) throws(EncodingError) {
        if count > remaining { throw .truncated(codec: codec, offset: bytes.count) }
    }

    /// Throws `truncated` unless `count` elements of at least `minimumSize` bytes each can still
    /// be left, so a declared count is refused before anything is allocated for it. Both numbers
    /// may come from the input (or a caller's guess), so their product is checked for overflow.
    func need(_ count: Int, elementsOfAtLeast minimumSize: Int) throws(EncodingError) {
        let (needed, overflow) = count.multipliedReportingOverflow(by: Swift.max(minimumSize, 0))
        if overflow || needed > remaining { throw .truncated(codec: codec, offset: bytes.count) }
    }

    /// The next byte, without consuming it.
    func peekByte() throws(EncodingError) -> UInt8 {
        try need(1)
        return bytes[offset]
    }

    mutating func readByte() throws(EncodingError) -> UInt8 {
        try take(1) { field throws(EncodingError) in field[field.startIndex] }
    }

    /// Hands `body` the next `count` bytes (a slice whose indices are offsets into the whole
    /// input, so errors can point at a byte inside it) and moves past them only once `body`
    /// returns: a field refused for its length or for its content consumes nothing.
    ///
    /// `count` must not be negative; the readers refuse a negative count themselves, with an
    /// error that names what was being read.
    mutating func take<T>(
        _ count: Int,
        _ body: (ArraySlice<UInt8>) throws(EncodingError) -> T
    ) throws(EncodingError) -> T {
        precondition(count >= 0, "readers refuse negative counts before taking bytes")
        try need(count)
        // `need` has checked count ≤ remaining, so offset + count ≤ bytes.count.
        let value = try body(bytes[offset..<offset + count])
        offset += count
        return value
    }

    /// The next `count` bytes, copied out.
    mutating func readBytes(count: Int) throws(EncodingError) -> [UInt8] {
        try take(count) { field throws(EncodingError) in Array(field) }
    }

    /// A `T` stored least significant byte first (SCALE).
    mutating func readLittleEndian<T: FixedWidthInteger>(_: T.Type = T.self) throws(EncodingError) -> T {
        try take(T.bitWidth / 8) { field throws(EncodingError) in Self.littleEndian(field) }
    }

    /// A `T` stored most significant byte first (XDR).
    mutating func readBigEndian<T: FixedWidthInteger>(_: T.Type = T.self) throws(EncodingError) -> T {
        try take(T.bitWidth / 8) { field throws(EncodingError) in
            field.reduce(T.zero) { value, byte in value << 8 | T(truncatingIfNeeded: byte) }
        }
    }

    /// `bytes` as a little-endian number. Bytes beyond `T`'s width are shifted out, so callers
    /// pass no more than `T.bitWidth / 8` of them.
    static func littleEndian<T: FixedWidthInteger>(_ bytes: some BidirectionalCollection<UInt8>) -> T {
        bytes.reversed().reduce(T.zero) { value, byte in value << 8 | T(truncatingIfNeeded: byte) }
    }

    /// Bytes read from the input as text, which must be valid UTF-8; `start` is the offset of
    /// the field they came from, for the error.
    func utf8(_ raw: [UInt8], start: Int) throws(EncodingError) -> String {
        guard let text = String(validating: raw, as: UTF8.self) else {
            throw .invalidValue(codec: codec, offset: start, reason: "string is not valid UTF-8")
        }
        return text
    }

    /// Goes one nesting level deeper, refusing input nested more than `maxDepth` levels; every
    /// successful call is paired with `leaveNested()` (the readers do it in a `defer`).
    mutating func enterNested() throws(EncodingError) {
        guard depth < maxDepth else {
            throw .limitExceeded(codec: codec, limit: "nesting deeper than \(maxDepth)")
        }
        depth += 1
    }

    mutating func leaveNested() {
        depth -= 1
    }
}
