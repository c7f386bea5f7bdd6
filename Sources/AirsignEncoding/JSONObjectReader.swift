/// Reads one JSON object against a schema, for the file formats and messages built on JSON:
/// every required key present, no key outside the schema, each value of the right type and
/// form. Failures name the dotted field (`kdf.salt`, `public.accounts[1].address`) so that a
/// damaged file or a bad message says where it is wrong; each format turns them into its own
/// error type.
public struct JSONObjectReader: Sendable {
    /// What is wrong and where; `reason` is one of a few fixed phrases ("missing", "unknown
    /// field", "must be a string", …) or a decoder's message, never the value itself.
    public struct Failure: Error, Equatable, Sendable {
        /// The dotted field name, or the object's own name for a value that is not an object.
        public let field: String
        public let reason: String

        public init(field: String, reason: String) {
            self.field = field
            self.reason = reason
        }
    }

    /// The object's dotted name ("" for the top level).
    public let field: String
    private let members: [String: JSONValue]

    /// Checks that `value` is an object with all of `required`, any of `optional`, nothing else.
    public init(_ value: JSONValue, field: String = "", required: [String], optional: [String] = []) throws(Failure) {
        self.field = field
        guard case let .object(list) = value else {
            throw Failure(field: field.isEmpty ? "(file)" : field, reason: "must be an object")
        }
        var members: [String: JSONValue] = [:]
        for member in list {
            guard required.contains(member.key) || optional.contains(member.key) else {
                throw Failure(field: Self.join(field, member.key), reason: "unknown field")
            }
            members[member.key] = member.value
        }
        for key in required where members[key] == nil {
            throw Failure(field: Self.join(field, key), reason: "missing")
        }
        self.members = members
    }

    private static func join(_ prefix: String, _ key: String) -> String {
        prefix.isEmpty ? key : prefix + "." + key
    }

    /// The dotted name of `key` inside this object, for error messages.
    public func name(_ key: String) -> String { Self.join(field, key) }

    /// A failure of `key` for `reason`.
    public func failure(_ key: String, _ reason: String) -> Failure {
        Failure(field: name(key), reason: reason)
    }

    /// The raw value of a key (nil when absent).
    public func value(_ key: String) -> JSONValue? { members[key] }

    public func string(_ key: String) throws(Failure) -> String {
        guard case let .string(text)? = members[key] else { throw failure(key, "must be a string") }
        return text
    }

    public func optionalString(_ key: String) throws(Failure) -> String? {
        guard members[key] != nil else { return nil }
        return try string(key)
    }

    /// A non-negative integer written in plain decimal (no sign, fraction or exponent), in `range`.
    public func unsigned(_ key: String, in range: ClosedRange<UInt64>) throws(Failure) -> UInt64 {
        guard case let .number(text)? = members[key],
            text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let value = UInt64(text)
        else { throw failure(key, "must be a whole number") }
        guard range.contains(value) else { throw failure(key, "must be \(range.lowerBound) to \(range.upperBound)") }
        return value
    }

    /// An integer in plain decimal, possibly negative.
    public func signed(_ key: String) throws(Failure) -> Int64 {
        guard case let .number(text)? = members[key],
            !text.contains("."), !text.contains("e"), !text.contains("E"),
            let value = Int64(text)
        else { throw failure(key, "must be a whole number") }
        return value
    }

    /// The member `key`, itself read against a schema.
    public func object(_ key: String, required: [String], optional: [String] = []) throws(Failure) -> JSONObjectReader {
        guard let value = members[key] else { throw failure(key, "missing") }
        return try JSONObjectReader(value, field: name(key), required: required, optional: optional)
    }

    public func array(_ key: String, maximumCount: Int) throws(Failure) -> [JSONValue] {
        guard case let .array(items)? = members[key] else { throw failure(key, "must be an array") }
        guard items.count <= maximumCount else { throw failure(key, "more than \(maximumCount) entries") }
        return items
    }

    /// Lower-case hex (the canonical form), `0x`-prefixed when `prefixed`, of a byte length in
    /// `lengths`.
    public func hex(_ key: String, lengths: ClosedRange<Int>, prefixed: Bool = false) throws(Failure) -> [UInt8] {
        var digits = Substring(try string(key))
        if prefixed {
            guard digits.hasPrefix("0x") else { throw failure(key, "must start with 0x") }
            digits = digits.dropFirst(2)
        }
        let lowercaseHex = { (c: UInt8) in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(c)
        }
        guard digits.utf8.allSatisfy(lowercaseHex) else { throw failure(key, "must be lower-case hex") }
        guard digits.utf8.count % 2 == 0 else { throw failure(key, "hex has an odd number of digits") }
        let count = digits.utf8.count / 2
        guard lengths.contains(count) else {
            let expected =
                lengths.count == 1 ? "\(lengths.lowerBound)" : "\(lengths.lowerBound) to \(lengths.upperBound)"
            throw failure(key, "must be \(expected) bytes, not \(count)")
        }
        do throws(EncodingError) {
            return try Hex.decode(digits)
        } catch {
            throw failure(key, error.description)
        }
    }
}
