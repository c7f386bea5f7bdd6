import AirsignEncoding

/// Reads one JSON object of a keystore file against its schema: every required key present, no
/// unknown key, each value of the right type and form. Errors name the file and the dotted field
/// (`kdf.salt`, `public.accounts[1].address`), so a damaged file says where it is damaged.
struct JSONFields {
    private let path: String
    private let field: String
    private let members: [String: JSONValue]

    /// Checks that `value` is an object with all of `required`, any of `optional`, nothing else.
    init(_ value: JSONValue, field: String, path: String, required: [String], optional: [String] = []) throws(KeystoreError) {
        self.path = path
        self.field = field
        guard case let .object(list) = value else {
            throw .keystoreFileMalformed(path: path, field: field.isEmpty ? "(file)" : field, reason: "must be an object")
        }
        var members: [String: JSONValue] = [:]
        for member in list {
            guard required.contains(member.key) || optional.contains(member.key) else {
                throw .keystoreFileMalformed(path: path, field: Self.join(field, member.key), reason: "unknown field")
            }
            members[member.key] = member.value
        }
        for key in required where members[key] == nil {
            throw .keystoreFileMalformed(path: path, field: Self.join(field, key), reason: "missing")
        }
        self.members = members
    }

    private static func join(_ prefix: String, _ key: String) -> String {
        prefix.isEmpty ? key : prefix + "." + key
    }

    /// The dotted name of `key` inside this object, for error messages.
    func name(_ key: String) -> String { Self.join(field, key) }

    func malformed(_ key: String, _ reason: String) -> KeystoreError {
        .keystoreFileMalformed(path: path, field: name(key), reason: reason)
    }

    /// The raw value of an optional key (nil when absent).
    func value(_ key: String) -> JSONValue? { members[key] }

    func string(_ key: String) throws(KeystoreError) -> String {
        guard case let .string(text)? = members[key] else { throw malformed(key, "must be a string") }
        return text
    }

    func optionalString(_ key: String) throws(KeystoreError) -> String? {
        guard members[key] != nil else { return nil }
        return try string(key)
    }

    /// A non-negative integer written in plain decimal (no sign, fraction or exponent), in `range`.
    func unsigned(_ key: String, in range: ClosedRange<UInt64>) throws(KeystoreError) -> UInt64 {
        guard case let .number(text)? = members[key],
              text.utf8.allSatisfy({ (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains($0) }),
              let value = UInt64(text)
        else { throw malformed(key, "must be a whole number") }
        guard range.contains(value) else { throw malformed(key, "must be \(range.lowerBound) to \(range.upperBound)") }
        return value
    }

    /// An integer in plain decimal, possibly negative.
    func signed(_ key: String) throws(KeystoreError) -> Int64 {
        guard case let .number(text)? = members[key],
              !text.contains("."), !text.contains("e"), !text.contains("E"),
              let value = Int64(text)
        else { throw malformed(key, "must be a whole number") }
        return value
    }

    func object(_ key: String, required: [String], optional: [String] = []) throws(KeystoreError) -> JSONFields {
        guard let value = members[key] else { throw malformed(key, "missing") }
        return try JSONFields(value, field: name(key), path: path, required: required, optional: optional)
    }

    func array(_ key: String, maximumCount: Int) throws(KeystoreError) -> [JSONValue] {
        guard case let .array(items)? = members[key] else { throw malformed(key, "must be an array") }
        guard items.count <= maximumCount else { throw malformed(key, "more than \(maximumCount) entries") }
        return items
    }

    /// Lower-case hex without a prefix, exactly `length` bytes (or within `lengths`).
    func hex(_ key: String, lengths: ClosedRange<Int>, prefixed: Bool = false) throws(KeystoreError) -> [UInt8] {
        try Self.hex(try string(key), lengths: lengths, prefixed: prefixed) { malformed(key, $0) }
    }

    /// Strict hex: lower-case digits only (the canonical form), optional `0x` when `prefixed`.
    static func hex(
        _ text: String, lengths: ClosedRange<Int>, prefixed: Bool, fail: (String) -> KeystoreError
    ) throws(KeystoreError) -> [UInt8] {
        var digits = Substring(text)
        if prefixed {
            guard digits.hasPrefix("0x") else { throw fail("must start with 0x") }
            digits = digits.dropFirst(2)
        }
        let lowercaseHex = { (c: UInt8) in
            (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(c) || (UInt8(ascii: "a") ... UInt8(ascii: "f")).contains(c)
        }
        guard digits.utf8.allSatisfy(lowercaseHex) else { throw fail("must be lower-case hex") }
        guard digits.utf8.count % 2 == 0 else { throw fail("hex has an odd number of digits") }
        let count = digits.utf8.count / 2
        guard lengths.contains(count) else {
            let expected = lengths.count == 1 ? "\(lengths.lowerBound)" : "\(lengths.lowerBound) to \(lengths.upperBound)"
            throw fail("must be \(expected) bytes, not \(count)")
        }
        do throws(EncodingError) {
            return try Hex.decode(digits)
        } catch {
            throw fail(error.description)
        }
    }
}
