/// One JSON (RFC 8259) value, as `JSONParser` reads it and `JSONSerializer` writes it.
///
/// Numbers keep the literal text they were written with, so an amount or a uint256 in a sign
/// request survives exactly; nothing here ever goes through a `Double`. Objects keep their
/// members in input order; the parser refuses duplicate keys, so a parsed object has none.
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// The literal text exactly as written, in RFC 8259 §6 grammar (the parser checks it; a
    /// value built by hand must hold valid text too, the serializer writes it verbatim).
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Members in input order. A hand-built object with duplicate keys serializes to JSON that
    /// `JSONParser` refuses.
    case object([(key: String, value: JSONValue)])

    /// Structural equality: strings, keys and number texts compare by Unicode scalars (not by
    /// canonical equivalence, which `String ==` uses, so "é" and "e\u{301}" differ as they do
    /// for the parser's duplicate-key check), numbers by their text ("1.0" is not "1"), objects
    /// member by member in order.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)), let (.string(a), .string(b)): return a.isSameUTF8(as: b)
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count
                && zip(a, b).allSatisfy { $0.key.isSameUTF8(as: $1.key) && $0.value == $1.value }
        default: return false
        }
    }
}

extension JSONValue {
    /// The value of the member named `key` (matched by Unicode scalars) when this is an object
    /// holding one; nil otherwise.
    public subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.first { $0.key.isSameUTF8(as: key) }?.value
    }

    public func asString() throws(EncodingError) -> String {
        guard case let .string(v) = self else { throw mismatch("a string") }
        return v
    }

    public func asBool() throws(EncodingError) -> Bool {
        guard case let .bool(v) = self else { throw mismatch("a boolean") }
        return v
    }

    public func asArray() throws(EncodingError) -> [JSONValue] {
        guard case let .array(v) = self else { throw mismatch("an array") }
        return v
    }

    public func asObject() throws(EncodingError) -> [(key: String, value: JSONValue)] {
        guard case let .object(v) = self else { throw mismatch("an object") }
        return v
    }

    /// A number written as a plain non-negative integer (no sign, fraction or exponent: "1e3"
    /// and "5.0" are refused rather than rounded) that fits 64 bits.
    public func asUInt64() throws(EncodingError) -> UInt64 {
        let expected = "an unsigned 64-bit integer"
        let (negative, digits) = try integerLiteral(expected: expected)
        guard !negative else { throw .unexpectedType(codec: "JSON", expected: expected, found: "a negative number") }
        guard let v = UInt64(digits) else {
            throw .unexpectedType(codec: "JSON", expected: expected, found: "an integer too large for it")
        }
        return v
    }

    /// A number written as a plain integer (optional minus, no fraction or exponent) that fits
    /// `Int64`. "-0" is 0.
    public func asInt64() throws(EncodingError) -> Int64 {
        let expected = "a signed 64-bit integer"
        let (negative, digits) = try integerLiteral(expected: expected)
        // The magnitude goes through UInt64 so that −2^63, whose magnitude Int64 cannot hold,
        // is still accepted.
        guard let magnitude = UInt64(digits) else {
            throw .unexpectedType(codec: "JSON", expected: expected, found: "an integer too large for it")
        }
        if !negative, let v = Int64(exactly: magnitude) { return v }
        if negative, magnitude <= UInt64(Int64.max) { return -Int64(magnitude) }
        if negative, magnitude == UInt64(Int64.max) + 1 { return .min }
        throw .unexpectedType(codec: "JSON", expected: expected, found: "an integer too large for it")
    }

    /// The digits of a non-negative integer of any size written as a JSON number ("0" or
    /// 1-9 followed by digits): for uint256 amounts in EIP-712 typed data and similar, which
    /// the caller converts with its own big-integer type.
    public func asDecimalIntegerText() throws(EncodingError) -> String {
        let expected = "a non-negative integer"
        let (negative, digits) = try integerLiteral(expected: expected)
        guard !negative else { throw .unexpectedType(codec: "JSON", expected: expected, found: "a negative number") }
        return String(digits)
    }

    /// The JSON number for an integer, written in decimal.
    public static func integer(_ v: some BinaryInteger) -> JSONValue {
        .number(String(v))
    }

    /// What kind of value this is, in words for error messages.
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The sign and digits of a number written as a plain integer. Leading zeros are refused
    /// here too: the parser never produces them, but a hand-built `.number("007")` is not JSON.
    private func integerLiteral(expected: String) throws(EncodingError) -> (negative: Bool, digits: Substring) {
        guard case let .number(text) = self else { throw mismatch(expected) }
        let negative = text.hasPrefix("-")
        let digits = negative ? text.dropFirst() : Substring(text)
        let isDigit = { (c: UInt8) in c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
        guard let first = digits.utf8.first, digits.utf8.allSatisfy(isDigit) else {
            throw .unexpectedType(codec: "JSON", expected: expected, found: "a number with a fraction or exponent")
        }
        guard first != UInt8(ascii: "0") || digits.utf8.count == 1 else {
            throw .unexpectedType(codec: "JSON", expected: expected, found: "a number with leading zeros")
        }
        return (negative, digits)
    }

    private func mismatch(_ expected: String) -> EncodingError {
        .unexpectedType(codec: "JSON", expected: expected, found: kindDescription)
    }
}
