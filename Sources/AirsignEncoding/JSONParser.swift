/// Parses JSON (RFC 8259) from untrusted bytes, strictly.
///
/// Accepted: UTF-8 text holding exactly one value, with optional whitespace (space, tab, LF, CR)
/// around it. Refused, with the byte offset where the problem starts: invalid UTF-8 anywhere, a
/// byte order mark, comments, trailing commas, single quotes, NaN/Infinity, unescaped control
/// characters in strings, unknown escapes, lone surrogates in `\u` escapes (a pair is combined),
/// numbers outside the RFC grammar (leading zeros, `+1`, `.5`, `1.`, `1e`), duplicate object
/// keys (compared by Unicode scalars after unescaping), trailing bytes, and anything beyond
/// `Limits`. Numbers are kept as their text (see `JSONValue.number`), never as floats.
///
/// The parser recurses once per nesting level, so `maxDepth` bounds the stack it uses.
public struct JSONParser: Sendable {
    public struct Limits: Sendable {
        /// Deepest nesting of arrays and objects (a lone scalar is depth 0, `[1]` depth 1).
        public var maxDepth = 64
        /// Most input bytes (for `parseSequence`, of the whole input).
        public var maxLength = 16 << 20
        /// Longest string, in UTF-8 bytes after unescaping, and longest number literal.
        public var maxStringLength = 4 << 20
        /// Most values in the input, nested ones included (object keys do not count; for
        /// `parseSequence`, over all lines together). Bounds memory: a value costs far more
        /// than the one or two bytes it can be written in.
        public var maxItems = 1 << 20

        public init(
            maxDepth: Int = 64, maxLength: Int = 16 << 20, maxStringLength: Int = 4 << 20, maxItems: Int = 1 << 20
        ) {
            self.maxDepth = maxDepth
            self.maxLength = maxLength
            self.maxStringLength = maxStringLength
            self.maxItems = maxItems
        }
    }

    public var limits: Limits

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Exactly one JSON text: one value, surrounded by optional whitespace.
    public func parse(_ bytes: [UInt8]) throws(EncodingError) -> JSONValue {
        try checkLength(bytes.count)
        var items = 0
        return try parseText(bytes, from: 0, to: bytes.count, codec: "JSON", items: &items)
    }

    /// JSON lines: one value per line (lines end with LF; a CR before it is whitespace), blank
    /// or whitespace-only lines ignored. A value may not span lines; a pretty-printed document
    /// is one text, for `parse`. Errors name the line ("JSON line 3") and give byte offsets
    /// from the start of the whole input.
    public func parseSequence(_ bytes: [UInt8]) throws(EncodingError) -> [JSONValue] {
        try checkLength(bytes.count)
        var values: [JSONValue] = []
        var items = 0
        var lineStart = 0
        var lineNumber = 1
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let blank = bytes[lineStart..<lineEnd].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0d }
            if !blank {
                values.append(
                    try parseText(bytes, from: lineStart, to: lineEnd, codec: "JSON line \(lineNumber)", items: &items))
            }
            lineStart = lineEnd + 1
            lineNumber += 1
        }
        return values
    }

    private func checkLength(_ count: Int) throws(EncodingError) {
        if count > limits.maxLength {
            throw .limitExceeded(
                codec: "JSON", limit: "input of \(count) bytes is more than the allowed \(limits.maxLength)")
        }
    }

    /// The one value in `bytes[start ..< end]`.
    private func parseText(
        _ bytes: [UInt8], from start: Int, to end: Int, codec: String,
        items: inout Int
    ) throws(EncodingError) -> JSONValue {
        // RFC 8259 §8.1: senders must not add a byte order mark; parsers may ignore one or
        // refuse it. We refuse it, like any other byte outside the grammar, so that what we
        // accept is exactly what every strict parser accepts.
        if end - start >= 3, bytes[start] == 0xef, bytes[start + 1] == 0xbb, bytes[start + 2] == 0xbf {
            throw .invalidValue(codec: codec, offset: start, reason: "byte order mark before the JSON text")
        }
        // Validating up front keeps the reader simple: every byte it copies into a string is
        // already known to be well-formed UTF-8, and every position it reports is on a
        // character boundary.
        if let bad = UTF8Check.firstInvalid(in: bytes, from: start, to: end) {
            throw .invalidValue(codec: codec, offset: bad, reason: "invalid UTF-8")
        }
        var reader = Reader(bytes: bytes, end: end, pos: start, limits: limits, codec: codec, items: items)
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        if reader.pos < end { throw .trailingBytes(codec: codec, count: end - reader.pos) }
        items = reader.items
        return value
    }
}

/// A recursive-descent reader over `bytes[pos ..< end]`, which holds valid UTF-8. Every read
/// checks `pos < end` first; running out is `truncated` at `end`.
private struct Reader {
    let bytes: [UInt8]
    let end: Int
    var pos: Int
    let limits: JSONParser.Limits
    let codec: String
    var items: Int

    init(bytes: [UInt8], end: Int, pos: Int, limits: JSONParser.Limits, codec: String, items: Int) {
        self.bytes = bytes
        self.end = end
        self.pos = pos
        self.limits = limits
        self.codec = codec
        self.items = items
    }

    private var next: UInt8? { pos < end ? bytes[pos] : nil }

    mutating func skipWhitespace() {
        while let b = next, b == 0x20 || b == 0x0a || b == 0x0d || b == 0x09 { pos += 1 }
    }

    mutating func value(depth: Int) throws(EncodingError) -> JSONValue {
        skipWhitespace()
        guard let b = next else { throw truncated() }
        items += 1
        if items > limits.maxItems {
            throw .limitExceeded(codec: codec, limit: "more than \(limits.maxItems) values")
        }
        switch b {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try stringText(start: pos))
        case UInt8(ascii: "t"): try literal(Self.trueBytes); return .bool(true)
        case UInt8(ascii: "f"): try literal(Self.falseBytes); return .bool(false)
        case UInt8(ascii: "n"): try literal(Self.nullBytes); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw unexpected(at: pos)
        }
    }

    // MARK: - Containers

    private mutating func enter(depth: Int) throws(EncodingError) {
        if depth > limits.maxDepth {
            throw .limitExceeded(codec: codec, limit: "nesting deeper than \(limits.maxDepth)")
        }
        pos += 1  // the opening bracket or brace
    }

    private mutating func array(depth: Int) throws(EncodingError) -> JSONValue {
        try enter(depth: depth)
        var elements: [JSONValue] = []
        skipWhitespace()
        if next == UInt8(ascii: "]") {
            pos += 1
            return .array(elements)
        }
        while true {
            elements.append(try value(depth: depth))
            switch try separator() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "]"): return .array(elements)
            default: throw unexpected(at: pos - 1)
            }
        }
    }

    private mutating func object(depth: Int) throws(EncodingError) -> JSONValue {
        try enter(depth: depth)
        var members: [(key: String, value: JSONValue)] = []
        // Keys by their UTF-8 bytes: equal bytes are equal scalars. A `Set<String>` would compare
        // by canonical equivalence and call "é" and "e\u{301}" duplicates.
        var seen = SeenKeys<UTF8Key>()
        skipWhitespace()
        if next == UInt8(ascii: "}") {
            pos += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard let b = next else { throw truncated() }
            guard b == UInt8(ascii: "\"") else { throw unexpected(at: pos) }
            let keyStart = pos
            let key = try stringText(start: keyStart)
            guard seen.insert(UTF8Key(text: key)) else {
                throw .invalidValue(
                    codec: codec, offset: keyStart, reason: "duplicate object key \(Self.quoted(Array(key.utf8)))")
            }
            skipWhitespace()
            guard let colon = next else { throw truncated() }
            guard colon == UInt8(ascii: ":") else { throw unexpected(at: pos) }
            pos += 1
            let member = try value(depth: depth)
            members.append((key: key, value: member))
            switch try separator() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "}"): return .object(members)
            default: throw unexpected(at: pos - 1)
            }
        }
    }

    /// The byte after a container element (and whitespace), consumed.
    private mutating func separator() throws(EncodingError) -> UInt8 {
        skipWhitespace()
        guard let b = next else { throw truncated() }
        pos += 1
        return b
    }

    // MARK: - Scalars

    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)
    private static let nullBytes = Array("null".utf8)

    /// `true`, `false` or `null`; a prefix cut off by the end of the input is truncation.
    private mutating func literal(_ expected: [UInt8]) throws(EncodingError) {
        for (i, byte) in expected.enumerated() {
            guard pos + i < end else { throw truncated() }
            guard bytes[pos + i] == byte else { throw unexpected(at: pos + i) }
        }
        pos += expected.count
    }

    /// A number in RFC 8259 §6 grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    /// What follows it is the caller's business: "[1x]" fails on the "x" as a bad separator.
    private mutating func number() throws(EncodingError) -> String {
        let start = pos
        if next == UInt8(ascii: "-") { pos += 1 }
        guard let first = next else { throw truncated() }
        switch first {
        case UInt8(ascii: "0"):
            pos += 1
            if let b = next, Self.isDigit(b) {
                throw .nonCanonical(codec: codec, offset: start, reason: "number with a leading zero")
            }
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            skipDigits()
        default:
            throw unexpected(at: pos)
        }
        if next == UInt8(ascii: ".") {
            pos += 1
            try requireDigits()
        }
        if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
            pos += 1
            if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") { pos += 1 }
            try requireDigits()
        }
        if pos - start > limits.maxStringLength {
            throw .limitExceeded(codec: codec, limit: "number longer than \(limits.maxStringLength) characters")
        }
        return String(decoding: bytes[start..<pos], as: UTF8.self)
    }

    private mutating func skipDigits() {
        while let b = next, Self.isDigit(b) { pos += 1 }
    }

    /// One or more digits, as after a decimal point or an exponent marker.
    private mutating func requireDigits() throws(EncodingError) {
        guard let b = next else { throw truncated() }
        guard Self.isDigit(b) else { throw unexpected(at: pos) }
        skipDigits()
    }

    /// The string whose opening quote is at `start` (= `pos`), unescaped. One with no escape
    /// (nearly all: hex, ids, names) is made straight from its bytes; any other is read by
    /// `string(start:)`, from its start again, so it gives the same value or the same error.
    private mutating func stringText(start: Int) throws(EncodingError) -> String {
        let runStart = start + 1
        var i = runStart
        while i < end, bytes[i] >= 0x20, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\") { i += 1 }
        if i < end, bytes[i] == UInt8(ascii: "\"") {
            if i - runStart > limits.maxStringLength {
                throw .limitExceeded(codec: codec, limit: "string longer than \(limits.maxStringLength) bytes")
            }
            pos = i + 1
            return String(decoding: bytes[runStart..<i], as: UTF8.self)
        }
        return String(decoding: try string(start: start), as: UTF8.self)
    }

    /// The unescaped UTF-8 of the string whose opening quote is at `start` (= `pos`).
    private mutating func string(start: Int) throws(EncodingError) -> [UInt8] {
        pos += 1
        var out: [UInt8] = []
        while true {
            // Copy a run of ordinary bytes at once: everything but the quote, the backslash and
            // control characters (multi-byte characters are already validated).
            let runStart = pos
            while let b = next, b >= 0x20, b != UInt8(ascii: "\""), b != UInt8(ascii: "\\") { pos += 1 }
            out.append(contentsOf: bytes[runStart..<pos])
            if out.count > limits.maxStringLength {
                throw .limitExceeded(codec: codec, limit: "string longer than \(limits.maxStringLength) bytes")
            }
            guard let b = next else { throw truncated() }
            switch b {
            case UInt8(ascii: "\""):
                pos += 1
                return out
            case UInt8(ascii: "\\"):
                try escape(into: &out)
            default:
                throw .invalidValue(
                    codec: codec, offset: pos,
                    reason: "control character \(Self.scalarName(UInt32(b))) must be escaped in a string")
            }
        }
    }

    /// One escape sequence (the backslash is at `pos`), appended to `out` as UTF-8.
    private mutating func escape(into out: inout [UInt8]) throws(EncodingError) {
        let start = pos
        pos += 1
        guard let e = next else { throw truncated() }
        pos += 1
        switch e {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0c)
        case UInt8(ascii: "n"): out.append(0x0a)
        case UInt8(ascii: "r"): out.append(0x0d)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try hex4()
            var scalar = unit
            switch unit {
            case 0xd800...0xdbff:
                // A high surrogate counts only as the first half of a pair written as two
                // escapes. A lone one has no Unicode scalar to stand for: refused (RFC 8259 §8.2
                // leaves it to implementations; Python's json would accept it).
                guard pos < end else { throw truncated() }
                guard bytes[pos] == UInt8(ascii: "\\") else { throw loneSurrogate(unit, at: start) }
                guard pos + 1 < end else { throw truncated() }
                guard bytes[pos + 1] == UInt8(ascii: "u") else { throw loneSurrogate(unit, at: start) }
                pos += 2
                let low = try hex4()
                guard (0xdc00...0xdfff).contains(low) else { throw loneSurrogate(unit, at: start) }
                scalar = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00)
            case 0xdc00...0xdfff:
                throw loneSurrogate(unit, at: start)
            default:
                break
            }
            // Always a scalar by now (surrogates were combined or refused).
            guard let s = Unicode.Scalar(scalar) else { throw loneSurrogate(unit, at: start) }
            out.append(contentsOf: s.utf8)
        default:
            throw unexpected(at: pos - 1)
        }
    }

    /// Four hex digits of a `\u` escape.
    private mutating func hex4() throws(EncodingError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let b = next else { throw truncated() }
            let digit: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
            default: throw unexpected(at: pos)
            }
            value = value << 4 | UInt32(digit)
            pos += 1
        }
        return value
    }

    // MARK: - Errors

    private func truncated() -> EncodingError {
        .truncated(codec: codec, offset: end)
    }

    private func loneSurrogate(_ unit: UInt32, at offset: Int) -> EncodingError {
        .invalidValue(
            codec: codec, offset: offset,
            reason: "lone surrogate \\u\(Self.hex(unit)) (only a high-low pair stands for a character)")
    }

    /// `invalidCharacter` for the character starting at `offset` (on a character boundary of
    /// valid UTF-8, so it decodes).
    private func unexpected(at offset: Int) -> EncodingError {
        guard offset < end else { return truncated() }
        let lead = bytes[offset]
        let width = lead < 0x80 ? 1 : lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2
        let character = String(decoding: bytes[offset..<min(offset + width, end)], as: UTF8.self).first ?? "\u{FFFD}"
        return .invalidCharacter(codec: codec, character: character, offset: offset)
    }

    private static func isDigit(_ b: UInt8) -> Bool {
        b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private static func scalarName(_ value: UInt32) -> String {
        "U+" + hex(value)
    }

    /// A key for an error message: quoted, ASCII only (anything else as `\u{…}`, so a message
    /// cannot carry control or bidi characters to a terminal), cut at 40 characters.
    static func quoted(_ utf8: [UInt8]) -> String {
        var out = "\""
        for (i, scalar) in String(decoding: utf8, as: UTF8.self).unicodeScalars.enumerated() {
            if i == 40 { out += "…"; break }
            if scalar.value >= 0x20 && scalar.value < 0x7f && scalar != "\"" && scalar != "\\" {
                out.unicodeScalars.append(scalar)
            } else {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            }
        }
        return out + "\""
    }
}

/// Finds the first byte that is not part of well-formed UTF-8 (RFC 3629: no overlong forms, no
/// surrogates, nothing above U+10FFFF).
enum UTF8Check {
    static func firstInvalid(in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        bytes.withUnsafeBufferPointer { firstInvalid(in: $0, from: max(0, start), to: min(end, $0.count)) }
    }

    private static func firstInvalid(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var i = start
        while i < end {
            // Eight ASCII bytes at a time (none has its top bit): requests are nearly all ASCII.
            if end - i >= 8, let base = UnsafeRawPointer(bytes.baseAddress),
                base.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                i += 8
                continue
            }
            let lead = bytes[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            // Continuation count and the allowed range of the first continuation byte, which is
            // where overlong forms, surrogates and values above U+10FFFF are excluded.
            let count: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xbf
            switch lead {
            case 0xc2...0xdf: count = 1
            case 0xe0: count = 2; low = 0xa0
            case 0xe1...0xec, 0xee...0xef: count = 2
            case 0xed: count = 2; high = 0x9f
            case 0xf0: count = 3; low = 0x90
            case 0xf1...0xf3: count = 3
            case 0xf4: count = 3; high = 0x8f
            default: return i
            }
            guard end - i > count else { return i }
            guard (low...high).contains(bytes[i + 1]) else { return i }
            for k in 2..<count + 1 where !(0x80...0xbf).contains(bytes[i + k]) { return i }
            i += count + 1
        }
        return nil
    }
}
