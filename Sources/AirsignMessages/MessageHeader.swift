import AirsignEncoding

/// The two fields every message starts with: `airsign` (what it is) and `version` (1). They
/// are checked before anything else, so a message of another kind or a later version is named
/// as such instead of failing on some field this version does not know.
enum MessageHeader {
    /// The only version this program reads and writes.
    static let version = 1

    /// The value of `airsign` in `value`, when it is an object that has one.
    static func kind(of value: JSONValue) -> String? {
        guard case let .string(kind)? = value["airsign"] else { return nil }
        return kind
    }

    /// Checks that `value` is an object of `expected` kind and version 1.
    static func check(_ value: JSONValue, expected: String, message: Int?) throws(MessagesError) {
        guard case .object = value else {
            throw .wrongShape(message: message, expected: "a JSON object (one message)", found: value.kindDescription)
        }
        guard let field = value["airsign"] else { throw .missingField(message: message, field: "airsign") }
        guard case let .string(kind) = field else {
            throw .invalidField(
                message: message, field: "airsign", reason: "must be a string, not \(field.kindDescription)")
        }
        guard kind == expected else {
            throw .wrongMessageKind(message: message, expected: expected, found: MessageFields.printable(kind))
        }
        guard let version = value["version"] else { throw .missingField(message: message, field: "version") }
        guard case let .number(text) = version else {
            throw .invalidField(
                message: message, field: "version", reason: "must be the number 1, not \(version.kindDescription)")
        }
        guard text == String(Self.version) else {
            throw .unsupportedVersion(message: message, found: MessageFields.printable(text))
        }
    }

    /// The header members, first in every message this program writes.
    static func members(_ kind: String) -> [(key: String, value: JSONValue)] {
        [(key: "airsign", value: .string(kind)), (key: "version", value: .integer(version))]
    }
}
