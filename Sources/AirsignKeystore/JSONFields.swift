import AirsignEncoding

/// Reads one JSON object of a keystore file against its schema (AirsignEncoding's
/// `JSONObjectReader`), reporting each failure as the damage of this file: errors name the file
/// and the dotted field (`kdf.salt`, `public.accounts[1].address`), so a damaged file says
/// where it is damaged.
struct JSONFields {
    private let path: String
    private let reader: JSONObjectReader

    /// Checks that `value` is an object with all of `required`, any of `optional`, nothing else.
    init(_ value: JSONValue, field: String, path: String, required: [String], optional: [String] = [])
        throws(KeystoreError)
    {
        self.path = path
        do {
            reader = try JSONObjectReader(value, field: field, required: required, optional: optional)
        } catch {
            throw .keystoreFileMalformed(path: path, field: error.field, reason: error.reason)
        }
    }

    private init(path: String, reader: JSONObjectReader) {
        self.path = path
        self.reader = reader
    }

    /// The dotted name of `key` inside this object, for error messages.
    func name(_ key: String) -> String { reader.name(key) }

    func malformed(_ key: String, _ reason: String) -> KeystoreError {
        .keystoreFileMalformed(path: path, field: name(key), reason: reason)
    }

    /// The raw value of an optional key (nil when absent).
    func value(_ key: String) -> JSONValue? { reader.value(key) }

    func string(_ key: String) throws(KeystoreError) -> String {
        try read { () throws(JSONObjectReader.Failure) in try reader.string(key) }
    }

    func optionalString(_ key: String) throws(KeystoreError) -> String? {
        try read { () throws(JSONObjectReader.Failure) in try reader.optionalString(key) }
    }

    /// A non-negative integer written in plain decimal (no sign, fraction or exponent), in `range`.
    func unsigned(_ key: String, in range: ClosedRange<UInt64>) throws(KeystoreError) -> UInt64 {
        try read { () throws(JSONObjectReader.Failure) in try reader.unsigned(key, in: range) }
    }

    /// An integer in plain decimal, possibly negative.
    func signed(_ key: String) throws(KeystoreError) -> Int64 {
        try read { () throws(JSONObjectReader.Failure) in try reader.signed(key) }
    }

    func object(_ key: String, required: [String], optional: [String] = []) throws(KeystoreError) -> JSONFields {
        JSONFields(
            path: path,
            reader: try read { () throws(JSONObjectReader.Failure) in
                try reader.object(key, required: required, optional: optional)
            })
    }

    func array(_ key: String, maximumCount: Int) throws(KeystoreError) -> [JSONValue] {
        try read { () throws(JSONObjectReader.Failure) in try reader.array(key, maximumCount: maximumCount) }
    }

    /// Lower-case hex, exactly `length` bytes (or within `lengths`), `0x`-prefixed when `prefixed`.
    func hex(_ key: String, lengths: ClosedRange<Int>, prefixed: Bool = false) throws(KeystoreError) -> [UInt8] {
        try read { () throws(JSONObjectReader.Failure) in try reader.hex(key, lengths: lengths, prefixed: prefixed) }
    }

    private func read<T>(_ body: () throws(JSONObjectReader.Failure) -> T) throws(KeystoreError) -> T {
        do {
            return try body()
        } catch {
            throw .keystoreFileMalformed(path: path, field: error.field, reason: error.reason)
        }
    }
}
