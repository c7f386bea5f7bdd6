/// Decodes exactly one CBOR (RFC 8949) data item from untrusted bytes.
///
/// Always refused: trailing bytes, truncated input, reserved additional information 28–30,
/// a "break" outside an indefinite-length item, malformed indefinite-length strings, two-byte
/// simple values below 32, invalid UTF-8 in text, duplicate map keys, and anything beyond the
/// limits in `Options`. Allocations are bounded by the remaining input, whatever a length says.
public struct CBORDecoder: Sendable {
    public struct Options: Sendable, Equatable {
        /// Deepest nesting of arrays, maps and tags; the decoder recurses, so keep it modest.
        public var maxDepth: Int
        /// Most data items in the whole input (every nested item and string chunk counts).
        public var maxItems: Int
        /// Longest string in bytes, and most elements in one array or map.
        public var maxLength: Int
        /// Accept indefinite-length strings, arrays and maps (RFC 8949 §3.2). Off by default.
        public var allowIndefiniteLength: Bool
        /// Accept only the core deterministic encoding (§4.2.1): shortest arguments, shortest
        /// exact floats (NaN only as `f9 7e00`), definite lengths, map keys in bytewise order of
        /// their encodings. Input accepted this way re-encodes to the same bytes with
        /// `CBOREncoder(deterministic: true)`.
        public var requireDeterministic: Bool

        public init(
            maxDepth: Int = 32, maxItems: Int = 1 << 20, maxLength: Int = 1 << 24,
            allowIndefiniteLength: Bool = false, requireDeterministic: Bool = false
        ) {
            self.maxDepth = maxDepth
            self.maxItems = maxItems
            self.maxLength = maxLength
            self.allowIndefiniteLength = allowIndefiniteLength
            self.requireDeterministic = requireDeterministic
        }

        /// Default limits, core deterministic encoding required.
        public static let deterministic = Options(requireDeterministic: true)
    }

    public var options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    public func decode(_ bytes: [UInt8]) throws(EncodingError) -> CBORValue {
        var parser = Parser(bytes: bytes, options: options)
        let value = try parser.item(depth: 0)
        if parser.pos < bytes.count {
            throw .trailingBytes(codec: "CBOR", count: bytes.count - parser.pos)
        }
        return value
    }
}

private struct Parser {
    let bytes: [UInt8]
    let options: CBORDecoder.Options
    var pos = 0
    var itemCount = 0

    init(bytes: [UInt8], options: CBORDecoder.Options) {
        self.bytes = bytes
        self.options = options
    }

    var strict: Bool { options.requireDeterministic }
    var remaining: Int { bytes.count - pos }

    mutating func item(depth: Int) throws(EncodingError) -> CBORValue {
        let start = pos
        guard depth <= options.maxDepth else {
            throw .limitExceeded(codec: "CBOR", limit: "nesting deeper than \(options.maxDepth)")
        }
        try countItem()
        let initial = try byte()
        let major = initial >> 5
        let info = initial & 0x1f
        if major == 7 { return try simpleOrFloat(info: info, start: start) }
        if info == 31 {
            guard major >= 2 && major <= 5 else {
                throw invalid(start, "major type \(major) cannot have an indefinite length")
            }
            return try indefinite(major: major, start: start, depth: depth)
        }
        let argument = try readArgument(info: info, start: start)
        switch major {
        case 0:
            return .unsigned(argument)
        case 1:
            return .negative(argument)
        case 2:
            return .bytes(try readString(length: argument, start: start))
        case 3:
            return .text(try utf8(try readString(length: argument, start: start), start: start))
        case 4:
            // No early "count > remaining" refusal: allocation is capped anyway, and reading on
            // reports a syntax error met before the input runs out as that, not as truncation
            // (RFC 8949 Appendix F tells the two apart).
            let count = try checkedLength(argument)
            var items: [CBORValue] = []
            items.reserveCapacity(min(count, remaining, 1024))
            for _ in 0..<count { items.append(try item(depth: depth + 1)) }
            return .array(items)
        case 5:
            let count = try checkedLength(argument)
            var map = MapBuilder(strict: strict, capacity: min(count, remaining / 2))
            for _ in 0..<count { try readEntry(into: &map, depth: depth) }
            try map.finish()
            return .map(map.entries)
        default:
            return .tag(argument, try item(depth: depth + 1))
        }
    }

    // MARK: - Heads

    private mutating func byte() throws(EncodingError) -> UInt8 {
        guard pos < bytes.count else { throw .truncated(codec: "CBOR", offset: bytes.count) }
        defer { pos += 1 }
        return bytes[pos]
    }

    private mutating func bigEndian(_ count: Int) throws(EncodingError) -> UInt64 {
        guard count <= remaining else { throw .truncated(codec: "CBOR", offset: bytes.count) }
        var value: UInt64 = 0
        for i in 0..<count { value = value << 8 | UInt64(bytes[pos + i]) }
        pos += count
        return value
    }

    /// The argument of a head whose additional information is `info` (< 31), shortest form
    /// enforced in strict mode.
    private mutating func readArgument(info: UInt8, start: Int) throws(EncodingError) -> UInt64 {
        let value: UInt64
        let smallest: UInt64
        switch info {
        case 0..<24: return UInt64(info)
        case 24: value = try bigEndian(1); smallest = 24
        case 25: value = try bigEndian(2); smallest = 0x100
        case 26: value = try bigEndian(4); smallest = 0x1_0000
        case 27: value = try bigEndian(8); smallest = 0x1_0000_0000
        default: throw invalid(start, "additional information \(info) is reserved")
        }
        if strict && value < smallest {
            throw .nonCanonical(codec: "CBOR", offset: start, reason: "argument \(value) is not in its shortest form")
        }
        return value
    }

    private mutating func simpleOrFloat(info: UInt8, start: Int) throws(EncodingError) -> CBORValue {
        let value: Double
        switch info {
        case 0..<20: return .simple(info)
        case 20: return .bool(false)
        case 21: return .bool(true)
        case 22: return .null
        case 23: return .undefined
        case 24:
            let v = try byte()
            guard v >= 32 else { throw invalid(start, "simple value \(v) must be written in one byte") }
            return .simple(v)
        case 25: value = CBORFloat.double(fromHalf: UInt16(try bigEndian(2)))
        case 26: value = Double(Float(bitPattern: UInt32(try bigEndian(4))))
        case 27: value = Double(bitPattern: try bigEndian(8))
        case 31: throw invalid(start, "\"break\" outside an indefinite-length item")
        default: throw invalid(start, "additional information \(info) is reserved")
        }
        if strict && !CBORFloat.shortestEncoding(value).elementsEqual(bytes[start..<pos]) {
            throw .nonCanonical(
                codec: "CBOR", offset: start,
                reason: value.isNaN ? "NaN must be written as f97e00" : "float is not in its shortest form")
        }
        return .float(value)
    }

    // MARK: - Contents

    private mutating func countItem() throws(EncodingError) {
        itemCount += 1
        if itemCount > options.maxItems {
            throw .limitExceeded(codec: "CBOR", limit: "more than \(options.maxItems) data items")
        }
    }

    /// A string length or element count, refused above `maxLength`.
    private func checkedLength(_ argument: UInt64) throws(EncodingError) -> Int {
        guard argument <= UInt64(max(options.maxLength, 0)) else {
            throw .limitExceeded(
                codec: "CBOR", limit: "length \(argument) is more than the allowed \(options.maxLength)")
        }
        return Int(argument)  // ≤ maxLength, so an Int
    }

    /// String contents, checked against the remaining input before they are copied.
    private mutating func readString(length: UInt64, start: Int) throws(EncodingError) -> [UInt8] {
        let count = try checkedLength(length)
        guard count <= remaining else { throw .truncated(codec: "CBOR", offset: bytes.count) }
        defer { pos += count }
        return Array(bytes[pos..<pos + count])
    }

    private func utf8(_ raw: [UInt8], start: Int) throws(EncodingError) -> String {
        guard let text = String(validating: raw, as: UTF8.self) else {
            throw invalid(start, "text string is not valid UTF-8")
        }
        return text
    }

    private mutating func indefinite(major: UInt8, start: Int, depth: Int) throws(EncodingError) -> CBORValue {
        if strict {
            throw .nonCanonical(
                codec: "CBOR", offset: start, reason: "indefinite-length item in deterministic encoding")
        }
        guard options.allowIndefiniteLength else {
            throw invalid(start, "indefinite-length items are not accepted")
        }
        switch major {
        case 2, 3:
            var joined: [UInt8] = []
            while true {
                let chunkStart = pos
                let head = try byte()
                if head == 0xff { break }
                guard head >> 5 == major, head & 0x1f != 31 else {
                    throw invalid(
                        chunkStart,
                        "a chunk of an indefinite-length string must be a definite-length string of the same type")
                }
                try countItem()
                let chunk = try readString(
                    length: try readArgument(info: head & 0x1f, start: chunkStart), start: chunkStart)
                if major == 3 { _ = try utf8(chunk, start: chunkStart) }  // chunks may not split a character
                guard chunk.count <= options.maxLength - joined.count else {
                    throw .limitExceeded(codec: "CBOR", limit: "string longer than \(options.maxLength)")
                }
                joined += chunk
            }
            return major == 2 ? .bytes(joined) : .text(try utf8(joined, start: start))
        case 4:
            var items: [CBORValue] = []
            while try !atBreak() {
                guard items.count < options.maxLength else { throw tooMany() }
                items.append(try item(depth: depth + 1))
            }
            return .array(items)
        default:
            var map = MapBuilder(strict: false, capacity: 0)
            while try !atBreak() {
                guard map.entries.count < options.maxLength else { throw tooMany() }
                try readEntry(into: &map, depth: depth)
            }
            try map.finish()
            return .map(map.entries)
        }
    }

    /// One key and its value, added to `map` (of nesting level `depth`) once the key has passed
    /// its checks. In an indefinite-length map a "break" where the value belongs would leave a
    /// key without a value; `item()` refuses it as a break outside an indefinite-length item.
    private mutating func readEntry(into map: inout MapBuilder, depth: Int) throws(EncodingError) {
        let keyStart = pos
        let key = try item(depth: depth + 1)
        try map.checkKey(key, encoded: bytes[keyStart..<pos], at: keyStart)
        map.entries.append((key, try item(depth: depth + 1)))
    }

    /// Consumes a "break" if one is next; truncation while waiting for one is an error.
    private mutating func atBreak() throws(EncodingError) -> Bool {
        guard pos < bytes.count else { throw .truncated(codec: "CBOR", offset: bytes.count) }
        if bytes[pos] == 0xff {
            pos += 1
            return true
        }
        return false
    }

    private func tooMany() -> EncodingError {
        .limitExceeded(codec: "CBOR", limit: "more than \(options.maxLength) elements")
    }

    private func invalid(_ offset: Int, _ reason: String) -> EncodingError {
        .invalidValue(codec: "CBOR", offset: offset, reason: reason)
    }
}

/// Collects map entries and refuses duplicate keys. In strict mode the encoded keys must
/// strictly increase (the input is then deterministic, so its bytes are the keys' canonical
/// encodings). Otherwise each key's deterministic encoding is remembered and duplicates are
/// reported once the map is complete, so a map that is also malformed reports that first.
private struct MapBuilder {
    let strict: Bool
    var entries: [(key: CBORValue, value: CBORValue)] = []
    private var previousKey: ArraySlice<UInt8>?
    private var seen = SeenKeys<[UInt8]>()
    private var firstDuplicate: Int?

    init(strict: Bool, capacity: Int) {
        self.strict = strict
        entries.reserveCapacity(min(capacity, 1024))
    }

    mutating func checkKey(_ key: CBORValue, encoded: ArraySlice<UInt8>, at offset: Int) throws(EncodingError) {
        if strict {
            if let previous = previousKey {
                if previous.elementsEqual(encoded) { throw duplicate(offset) }
                if !previous.lexicographicallyPrecedes(encoded) {
                    throw .nonCanonical(codec: "CBOR", offset: offset, reason: "map keys are not in bytewise order")
                }
            }
            previousKey = encoded
        } else if firstDuplicate == nil, !seen.insert(try CBOREncoder(deterministic: true).encode(key)) {
            firstDuplicate = offset
        }
    }

    func finish() throws(EncodingError) {
        if let offset = firstDuplicate { throw duplicate(offset) }
    }

    private func duplicate(_ offset: Int) -> EncodingError {
        .invalidValue(codec: "CBOR", offset: offset, reason: "duplicate map key")
    }
}
