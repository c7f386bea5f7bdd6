import AirsignEncoding
import AirsignKeys

/// The public part of a key file: readable without the PIN (for `key list`, `key show`,
/// `account …`) and bound to the secret by the AEAD's associated data, so it cannot be edited
/// or moved to another file without the file failing to decrypt.
public struct KeyMetadata: Sendable, Equatable {
    public static let maximumAccounts = 1000

    public let name: KeyName
    /// The secret's kind (equal to its `SecretPayload.kind`): a lower-case identifier.
    public let kind: String
    public let accounts: [Account]
    /// When the key was added, as `YYYY-MM-DDTHH:MM:SSZ` (UTC).
    public let created: String

    /// Validates the fields (each account's against the format's text rules); `created` is
    /// usually `KeyMetadata.timestamp(now)`.
    public init(name: KeyName, kind: String, accounts: [Account], created: String) throws(KeystoreError) {
        try MetadataRules.identifier(kind, field: "kind")
        guard accounts.count <= Self.maximumAccounts else {
            throw .invalidMetadata(field: "accounts", reason: "more than \(Self.maximumAccounts) accounts")
        }
        for account in accounts { try account.checkStorable() }
        try MetadataRules.timestamp(created, field: "created")
        self.name = name
        self.kind = kind
        self.accounts = accounts
        self.created = created
    }

    /// The same key with another list of accounts (for `account add`).
    public func with(accounts: [Account]) throws(KeystoreError) -> KeyMetadata {
        try KeyMetadata(name: name, kind: kind, accounts: accounts, created: created)
    }

    /// `seconds` since 1970 as the metadata's UTC timestamp format.
    public static func timestamp(_ seconds: Int64) -> String { Timestamp.utc(seconds) }

    /// The metadata as one line of canonical JSON (for `--json` output).
    public var jsonText: String { String(decoding: KeystoreJSON.canonicalBytes(json), as: UTF8.self) }

    var json: JSONValue {
        .object([
            ("name", .string(name.value)),
            ("kind", .string(kind)),
            ("accounts", .array(accounts.map(\.keystoreJSON))),
            ("created", .string(created)),
        ])
    }

    init(json: JSONValue, field: String, path: String) throws(KeystoreError) {
        let fields = try JSONFields(json, field: field, path: path, required: ["name", "kind", "accounts", "created"])
        let name: KeyName
        do throws(KeystoreError) {
            name = try KeyName(try fields.string("name"))
        } catch {
            if case let .invalidKeyName(_, reason) = error { throw fields.malformed("name", reason) }
            throw error
        }
        let items = try fields.array("accounts", maximumCount: Self.maximumAccounts)
        var accounts: [Account] = []
        for (index, item) in items.enumerated() {
            accounts.append(try Account(keystoreJSON: item, field: fields.name("accounts") + "[\(index)]", path: path))
        }
        do throws(KeystoreError) {
            try self.init(
                name: name, kind: try fields.string("kind"), accounts: accounts, created: try fields.string("created"))
        } catch {
            throw Self.relocate(error, into: fields)
        }
    }

    /// A metadata rule broken inside a file is the file's damage, reported with the file and field.
    static func relocate(_ error: KeystoreError, into fields: JSONFields) -> KeystoreError {
        if case let .invalidMetadata(field, reason) = error { return fields.malformed(field, reason) }
        return error
    }
}
