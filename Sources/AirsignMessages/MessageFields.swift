import AirsignEncoding

/// Reads one JSON object of a message against its schema: every required key present, no
/// unknown key, each value of the right type. Errors name the message's place in its batch and
/// the dotted field (`account.publicKey`), so a bad file says where it is bad.
struct MessageFields {
    /// 1-based position in a batch, nil for a file holding one message.
    let message: Int?
    /// Dotted path of this object inside the message ("" for the message itself).
    let prefix: String
    /// The object's members, each one of the schema's keys. A message has a handful: a scan
    /// of them is cheaper than hashing each key into a dictionary (a batch reads thousands).
    private let members: [(key: String, value: JSONValue)]

    /// Checks that `value` is an object with all of `required`, any of `optional`, nothing else.
    init(_ value: JSONValue, message: Int?, prefix: String = "", required: [String], optional: [String] = [])
        throws(MessagesError)
    {
        self.message = message
        self.prefix = prefix
        guard case let .object(list) = value else {
            if prefix.isEmpty {
                throw .wrongShape(
                    message: message, expected: "a JSON object (one message)", found: value.kindDescription)
            }
            throw .invalidField(
                message: message, field: prefix, reason: "must be an object, not \(value.kindDescription)")
        }
        for member in list {
            guard required.contains(member.key) || optional.contains(member.key) else {
                throw .unknownField(message: message, field: Self.join(prefix, Self.printable(member.key)))
            }
        }
        self.members = list
        for key in required where self.member(key) == nil {
            throw .missingField(message: message, field: Self.join(prefix, key))
        }
    }

    /// The value of `key`, matched as a dictionary keyed by `String` matches it; the last one
    /// when several match, as storing them in one kept the last.
    private func member(_ key: String) -> JSONValue? {
        members.last { $0.key == key }?.value
    }

    /// A nested object `field` of this one, read against its own schema.
    func object(_ value: JSONValue, field: String, required: [String], optional: [String] = []) throws(MessagesError)
        -> MessageFields
    {
        try MessageFields(value, message: message, prefix: name(field), required: required, optional: optional)
    }

    /// The dotted name of `key` inside this object.
    func name(_ key: String) -> String { Self.join(prefix, key) }

    func invalid(_ key: String, _ reason: String) -> MessagesError {
        .invalidField(message: message, field: name(key), reason: reason)
    }

    /// An error a value's own initializer threw without knowing where it was: gives it this
    /// message's position.
    func locate(_ error: MessagesError) -> MessagesError {
        switch error {
        case let .invalidField(nil, field, reason): return .invalidField(message: message, field: field, reason: reason)
        case let .missingField(nil, field): return .missingField(message: message, field: field)
        case let .unknownField(nil, field): return .unknownField(message: message, field: field)
        default: return error
        }
    }

    /// The raw value of a key (nil when absent).
    func value(_ key: String) -> JSONValue? { member(key) }

    func string(_ key: String) throws(MessagesError) -> String {
        guard let value = member(key) else { throw .missingField(message: message, field: name(key)) }
        guard case let .string(text) = value else {
            throw invalid(key, "must be a string, not \(value.kindDescription)")
        }
        return text
    }

    func optionalString(_ key: String) throws(MessagesError) -> String? {
        guard member(key) != nil else { return nil }
        return try string(key)
    }

    /// Hex text (with `0x` when `prefixed`, never without), lower or upper case, at least one byte.
    func hex(_ key: String, prefixed: Bool) throws(MessagesError) -> [UInt8] {
        let text = try string(key)
        guard text.hasPrefix("0x") == prefixed else {
            throw invalid(key, prefixed ? "must be hex starting with 0x" : "must be hex without 0x")
        }
        let bytes: [UInt8]
        do throws(EncodingError) {
            bytes = try Hex.decode(text)
        } catch {
            throw invalid(key, "not hex (\(error))")
        }
        guard !bytes.isEmpty else { throw invalid(key, "must not be empty") }
        return bytes
    }

    /// An object-valued member, kept as JSON for the chain module.
    func jsonObject(_ key: String) throws(MessagesError) -> JSONValue {
        guard let value = member(key) else { throw .missingField(message: message, field: name(key)) }
        guard case .object = value else { throw invalid(key, "must be an object, not \(value.kindDescription)") }
        return value
    }

    private static func join(_ prefix: String, _ key: String) -> String {
        prefix.isEmpty ? key : prefix + "." + key
    }

    /// A key from untrusted input, made safe to print on one line.
    static func printable(_ key: String) -> String {
        let clean = String(
            String.UnicodeScalarView(
                key.unicodeScalars.prefix(64).map {
                    $0.properties.generalCategory == .control ? "?" : $0
                }))
        return key.unicodeScalars.count > 64 ? clean + "…" : clean
    }
}
