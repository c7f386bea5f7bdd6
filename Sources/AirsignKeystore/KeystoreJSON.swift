import AirsignEncoding

/// The keystore's files are JSON read with AirsignEncoding's strict parser and written in one
/// canonical form: compact, members in the order the writer gives them. A key file must read
/// back as exactly these bytes (see `KeystoreDocument`), so this form is part of the format.
enum KeystoreJSON {
    /// Keystore files nest a few levels; anything deeper is not one of them.
    private static let parser = JSONParser(limits: .init(maxDepth: 16))

    /// Exactly one JSON value; the parser's error says where it stopped, and `.truncated` when
    /// the input ends inside the value (a file cut short).
    static func parse(_ bytes: [UInt8]) throws(EncodingError) -> JSONValue {
        try parser.parse(bytes)
    }

    /// The canonical bytes of `value`, followed by the newline every keystore file ends with.
    static func fileBytes(_ value: JSONValue) -> [UInt8] {
        canonicalBytes(value) + [0x0a]
    }

    /// Compact JSON with members in the order given.
    static func canonicalBytes(_ value: JSONValue) -> [UInt8] {
        Array(JSONSerializer(sortKeys: false).serialize(value).utf8)
    }
}
