/// A strict JSON (RFC 8259) parser for the keystore's own small files: UTF-8 only, duplicate
/// keys refused, nesting limited, numbers kept as their literal text. It reports where it
/// stopped and distinguishes input that ends early (a truncated file) from input that is wrong.
struct JSONParser {
    enum Failure: Error, Equatable {
        /// The input ended inside a value.
        case truncated
        /// Not JSON at byte `offset`.
        case invalid(offset: Int, reason: String)
    }

    static let maximumDepth = 16

    private let bytes: [UInt8]
    private var index = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Parses exactly one value, allowing whitespace around it.
    static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        var parser = JSONParser(bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else {
            throw .invalid(offset: parser.index, reason: "unexpected data after the value")
        }
        return value
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0a, 0x0d: index += 1
            default: return
            }
        }
    }

    private func peek() throws(Failure) -> UInt8 {
        guard index < bytes.count else { throw .truncated }
        return bytes[index]
    }

    private mutating func expect(_ byte: UInt8) throws(Failure) {
        guard try peek() == byte else {
            throw .invalid(offset: index, reason: "expected \"\(Character(Unicode.Scalar(byte)))\"")
        }
        index += 1
    }

    private mutating func parseValue(depth: Int) throws(Failure) -> JSONValue {
        guard depth < Self.maximumDepth else { throw .invalid(offset: index, reason: "nested too deeply") }
        switch try peek() {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try parseLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try parseLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try parseLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw .invalid(offset: index, reason: "not the start of a JSON value")
        }
    }

    private mutating func parseLiteral(_ word: String) throws(Failure) {
        for expected in word.utf8 {
            guard try peek() == expected else { throw .invalid(offset: index, reason: "expected \(word)") }
            index += 1
        }
    }

    private mutating func parseObject(depth: Int) throws(Failure) -> JSONValue {
        try expect(UInt8(ascii: "{"))
        var members: [JSONValue.Member] = []
        var keys: Set<String> = []
        skipWhitespace()
        if try peek() == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            let keyOffset = index
            guard try peek() == UInt8(ascii: "\"") else { throw .invalid(offset: index, reason: "expected a key") }
            let key = try parseString()
            // Swift's String equality also catches canonically equivalent spellings of a key.
            guard keys.insert(key).inserted else {
                throw .invalid(offset: keyOffset, reason: "duplicate key \(key.debugDescription)")
            }
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            members.append(.init(key: key, value: try parseValue(depth: depth + 1)))
            skipWhitespace()
            let next = try peek()
            index += 1
            if next == UInt8(ascii: "}") { return .object(members) }
            guard next == UInt8(ascii: ",") else { throw .invalid(offset: index - 1, reason: "expected \",\" or \"}\"") }
        }
    }

    private mutating func parseArray(depth: Int) throws(Failure) -> JSONValue {
        try expect(UInt8(ascii: "["))
        var items: [JSONValue] = []
        skipWhitespace()
        if try peek() == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            let next = try peek()
            index += 1
            if next == UInt8(ascii: "]") { return .array(items) }
            guard next == UInt8(ascii: ",") else { throw .invalid(offset: index - 1, reason: "expected \",\" or \"]\"") }
        }
    }

    private mutating func parseString() throws(Failure) -> String {
        let start = index
        try expect(UInt8(ascii: "\""))
        // Fast path: a string without escapes is a slice of the input.
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            guard let text = String(validating: bytes[index ..< end], as: UTF8.self) else {
                throw .invalid(offset: start, reason: "string is not valid UTF-8")
            }
            index = end + 1
            return text
        }
        var out: [UInt8] = []
        while true {
            let byte = try peek()
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: out, as: UTF8.self) else {
                    throw .invalid(offset: start, reason: "string is not valid UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                try parseEscape(into: &out)
            case 0 ..< 0x20:
                throw .invalid(offset: index - 1, reason: "control character in a string")
            default:
                out.append(byte)
            }
        }
    }

    private mutating func parseEscape(into out: inout [UInt8]) throws(Failure) {
        let byte = try peek()
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(byte)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0c)
        case UInt8(ascii: "n"): out.append(0x0a)
        case UInt8(ascii: "r"): out.append(0x0d)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4()
            if (0xd800 ..< 0xdc00).contains(scalar) {
                // A high surrogate must be followed by an escaped low surrogate.
                try expect(UInt8(ascii: "\\"))
                try expect(UInt8(ascii: "u"))
                let low = try parseHex4()
                guard (0xdc00 ..< 0xe000).contains(low) else {
                    throw .invalid(offset: index - 6, reason: "unpaired surrogate escape")
                }
                scalar = 0x10000 + ((scalar - 0xd800) << 10) + (low - 0xdc00)
            }
            guard let value = Unicode.Scalar(scalar) else {
                throw .invalid(offset: index - 6, reason: "unpaired surrogate escape")
            }
            out.append(contentsOf: String(Character(value)).utf8)
        default:
            throw .invalid(offset: index - 1, reason: "unknown escape")
        }
    }

    private mutating func parseHex4() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0 ..< 4 {
            let byte = try peek()
            guard let digit = hexValue(byte) else { throw .invalid(offset: index, reason: "bad \\u escape") }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a") ... UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A") ... UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private mutating func parseNumber() throws(Failure) -> String {
        let start = index
        if try peek() == UInt8(ascii: "-") { index += 1 }
        if try peek() == UInt8(ascii: "0") {
            index += 1
        } else {
            try digits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            try digits()
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            let sign = try peek()
            if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { index += 1 }
            try digits()
        }
        return String(decoding: bytes[start ..< index], as: UTF8.self)
    }

    /// One or more decimal digits.
    private mutating func digits() throws(Failure) {
        guard (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(try peek()) else {
            throw .invalid(offset: index, reason: "expected a digit")
        }
        while index < bytes.count, (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
    }
}
