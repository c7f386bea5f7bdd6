/// One CBOR (RFC 8949) data item.
///
/// Indefinite-length strings decode to their concatenation and indefinite arrays and maps to
/// ordinary ones, so the model does not remember how an item was framed; the encoder always
/// writes definite lengths. Maps keep their entries in the order given or decoded.
public indirect enum CBORValue: Sendable {
    /// Major type 0.
    case unsigned(UInt64)
    /// Major type 1: the integer −1 − `n`, stored as `n` so the whole range down to −2^64 fits.
    case negative(UInt64)
    case bytes([UInt8])
    case text(String)
    case array([CBORValue])
    case map([(key: CBORValue, value: CBORValue)])
    case tag(UInt64, CBORValue)
    case bool(Bool)
    case null
    case undefined
    /// A simple value other than false/true/null/undefined: 0…19 or 32…255.
    case simple(UInt8)
    /// A half, single or double precision float, decoded exactly into a `Double`.
    case float(Double)
}

extension CBORValue {
    /// The integer `value` as major type 0 or 1.
    public static func integer(_ value: Int64) -> CBORValue {
        value >= 0 ? .unsigned(UInt64(value)) : .negative(UInt64(-(value + 1)))
    }

    /// The entry for a text key, when this is a map holding one; nil otherwise.
    public subscript(key: String) -> CBORValue? {
        guard case let .map(entries) = self else { return nil }
        for entry in entries {
            if case let .text(k) = entry.key, k.isSameUTF8(as: key) { return entry.value }
        }
        return nil
    }

    public func asUInt64() throws(EncodingError) -> UInt64 {
        guard case let .unsigned(v) = self else { throw mismatch("an unsigned integer") }
        return v
    }

    /// An integer of major type 0 or 1 that fits `Int64`.
    public func asInt64() throws(EncodingError) -> Int64 {
        switch self {
        case let .unsigned(v) where v <= UInt64(Int64.max): return Int64(v)
        case let .negative(n) where n <= UInt64(Int64.max): return -1 - Int64(n)
        case .unsigned, .negative:
            throw .unexpectedType(codec: "CBOR", expected: "a 64-bit signed integer", found: description)
        default: throw mismatch("an integer")
        }
    }

    public func asBytes() throws(EncodingError) -> [UInt8] {
        guard case let .bytes(v) = self else { throw mismatch("a byte string") }
        return v
    }

    public func asText() throws(EncodingError) -> String {
        guard case let .text(v) = self else { throw mismatch("a text string") }
        return v
    }

    public func asArray() throws(EncodingError) -> [CBORValue] {
        guard case let .array(v) = self else { throw mismatch("an array") }
        return v
    }

    public func asMap() throws(EncodingError) -> [(key: CBORValue, value: CBORValue)] {
        guard case let .map(v) = self else { throw mismatch("a map") }
        return v
    }

    public func asBool() throws(EncodingError) -> Bool {
        guard case let .bool(v) = self else { throw mismatch("a boolean") }
        return v
    }

    /// The content of tag `number`; any other value is refused.
    public func untagged(_ number: UInt64) throws(EncodingError) -> CBORValue {
        guard case let .tag(n, content) = self, n == number else { throw mismatch("tag \(number)") }
        return content
    }

    /// What kind of item this is, in words for error messages.
    public var kindDescription: String {
        switch self {
        case .unsigned: return "an unsigned integer"
        case .negative: return "a negative integer"
        case .bytes: return "a byte string"
        case .text: return "a text string"
        case .array: return "an array"
        case .map: return "a map"
        case let .tag(n, _): return "tag \(n)"
        case .bool: return "a boolean"
        case .null: return "null"
        case .undefined: return "undefined"
        case .simple: return "a simple value"
        case .float: return "a float"
        }
    }

    private func mismatch(_ expected: String) -> EncodingError {
        .unexpectedType(codec: "CBOR", expected: expected, found: kindDescription)
    }
}

extension CBORValue: Equatable {
    /// Structural equality on the data model: text compares by its UTF-8 bytes (not by Unicode
    /// canonical equivalence, which `String ==` uses), floats by bit pattern (so NaN equals the
    /// same NaN and 0.0 differs from −0.0), maps entry by entry in order.
    public static func == (lhs: CBORValue, rhs: CBORValue) -> Bool {
        switch (lhs, rhs) {
        case let (.unsigned(a), .unsigned(b)), let (.negative(a), .negative(b)): return a == b
        case let (.bytes(a), .bytes(b)): return a == b
        case let (.text(a), .text(b)): return a.isSameUTF8(as: b)
        case let (.array(a), .array(b)): return a == b
        case let (.map(a), .map(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case let (.tag(n, a), .tag(m, b)): return n == m && a == b
        case let (.bool(a), .bool(b)): return a == b
        case (.null, .null), (.undefined, .undefined): return true
        case let (.simple(a), .simple(b)): return a == b
        case let (.float(a), .float(b)): return a.bitPattern == b.bitPattern
        default: return false
        }
    }
}

extension CBORValue: CustomStringConvertible {
    /// RFC 8949 §8 diagnostic notation, ASCII only: text outside printable ASCII is written as
    /// `\uXXXX` escapes, so a description can never smuggle control or bidi characters onto a
    /// terminal.
    public var description: String {
        var out = ""
        describe(into: &out)
        return out
    }

    private func describe(into out: inout String) {
        switch self {
        case let .unsigned(v):
            out += String(v)
        case let .negative(n):
            out += "-" + String(UInt128(n) + 1)
        case let .bytes(b):
            out += "h'"
            let digits = Array("0123456789abcdef")
            for byte in b {
                out.append(digits[Int(byte >> 4)])
                out.append(digits[Int(byte & 0x0f)])
            }
            out += "'"
        case let .text(s):
            out += "\""
            for unit in s.utf16 {
                switch unit {
                case 0x22: out += "\\\""
                case 0x5c: out += "\\\\"
                case 0x20...0x7e: out.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
                default:
                    let hex = String(unit, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            }
            out += "\""
        case let .array(items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += ", " }
                item.describe(into: &out)
            }
            out += "]"
        case let .map(entries):
            out += "{"
            for (i, entry) in entries.enumerated() {
                if i > 0 { out += ", " }
                entry.key.describe(into: &out)
                out += ": "
                entry.value.describe(into: &out)
            }
            out += "}"
        case let .tag(n, content):
            out += "\(n)("
            content.describe(into: &out)
            out += ")"
        case let .bool(b):
            out += b ? "true" : "false"
        case .null:
            out += "null"
        case .undefined:
            out += "undefined"
        case let .simple(v):
            out += "simple(\(v))"
        case let .float(d):
            out += Self.diagnostic(d)
        }
    }

    private static func diagnostic(_ d: Double) -> String {
        if d.isNaN { return "NaN" }
        if d.isInfinite { return d < 0 ? "-Infinity" : "Infinity" }
        // Swift writes 1e+300 and 5.9e-08; diagnostic notation has 1.0e+300 and 5.9e-8.
        let text = d.description
        guard let e = text.firstIndex(of: "e") else { return text }
        var mantissa = String(text[..<e])
        if !mantissa.contains(".") { mantissa += ".0" }
        var exponent = text[text.index(after: e)...]
        let sign = exponent.first.map { $0 == "-" || $0 == "+" ? String($0) : "" } ?? ""
        exponent = exponent.dropFirst(sign.count)
        let digits = exponent.drop { $0 == "0" }
        return mantissa + "e" + sign + (digits.isEmpty ? "0" : String(digits))
    }
}
