import AirsignEncoding
import AirsignKeys

/// A watch-only account as it crosses the air gap: what `airsign-signer account export` writes
/// and `airsign-watch account import` reads. One JSON object, version 1:
///
///     {"airsign":"account","version":1,"chain":"ethereum","network":"eip155:1",
///      "address":"0x…","publicKey":"0x04…","scheme":"secp256k1","path":"m/44'/60'/0'/0/0",
///      "xpub":"xpub…","name":"main"}
///
/// `xpub` (BIP32 accounts of Ethereum and ICP) and `name` (the key's name on the signer) are
/// optional; `path` is empty for an imported single key. Reading is strict: unknown or missing
/// fields, another version, hex in another case, and any disagreement between the fields (an
/// address that is not the public key's, a network of another chain, an xpub that does not
/// derive the key) are refused with the field named. Writing gives one canonical form: the
/// members in the order above, no whitespace, a final newline.
public struct AccountDescriptor: Hashable, Sendable {
    /// The `version` this program writes and reads.
    public static let formatVersion: UInt64 = 1
    /// Larger input is refused before parsing; a descriptor is a few hundred bytes.
    public static let maximumSize = 4096
    /// The longest `name`, in characters.
    public static let maximumNameLength = 64

    /// The account; its `network` is always set.
    public let account: Account
    /// A label for people (the signer's key name), or nil.
    public let name: String?

    /// A descriptor of `account`, which must name its network and whose fields must agree by
    /// its chain's `rules`.
    public init(account: Account, name: String? = nil, rules: AccountRules) throws(MessagesError) {
        guard account.network != nil else { throw .descriptorField(field: "network", reason: "missing") }
        if let name { try Self.checkName(name) }
        do {
            try rules.verify(account)
        } catch {
            throw Self.fieldError(error)
        }
        self.account = account
        self.name = name
    }

    /// Parses and checks a descriptor (UTF-8 JSON, whitespace and member order free).
    public init(parsing bytes: [UInt8], rules: AccountRules) throws(MessagesError) {
        let value: JSONValue
        do {
            value = try Self.parser(maxLength: Self.maximumSize).parse(bytes)
        } catch {
            throw .descriptorSyntax(error)
        }
        try self.init(json: value, rules: rules)
    }

    /// One descriptor, a JSON array of them, or JSON lines of them (one per line, as `account
    /// export` writes a key's accounts). Field errors of later items name the item (`#2.address`).
    public static func parseList(_ bytes: [UInt8], rules: AccountRules) throws(MessagesError) -> [AccountDescriptor] {
        let limit = maximumSize * maximumListCount
        var values: [JSONValue]
        do {
            let value = try parser(maxLength: limit).parse(bytes)
            if case let .array(items) = value { values = items } else { values = [value] }
        } catch {
            guard case .trailingBytes = error else { throw .descriptorSyntax(error) }
            do {
                values = try parser(maxLength: limit).parseSequence(bytes)
            } catch {
                throw .descriptorSyntax(error)
            }
        }
        guard !values.isEmpty else { throw .notAnAccountDescriptor(found: "there is no descriptor in it") }
        guard values.count <= maximumListCount else {
            throw .notAnAccountDescriptor(found: "more than \(maximumListCount) descriptors")
        }
        var out: [AccountDescriptor] = []
        for (index, value) in values.enumerated() {
            do {
                out.append(try AccountDescriptor(json: value, rules: rules))
            } catch {
                guard values.count > 1, case let .descriptorField(field, reason) = error else { throw error }
                throw .descriptorField(field: "#\(index + 1).\(field)", reason: reason)
            }
        }
        return out
    }

    /// Most descriptors `parseList` reads at once (a key has at most 1000 accounts).
    public static let maximumListCount = 1000

    private static func parser(maxLength: Int) -> JSONParser {
        JSONParser(
            limits: .init(maxDepth: 2, maxLength: maxLength, maxStringLength: 1024, maxItems: 64 * maximumListCount))
    }

    /// Checks a parsed descriptor.
    public init(json value: JSONValue, rules: AccountRules) throws(MessagesError) {
        try Self.checkIdentity(value)
        let account: Account
        let name: String?
        do throws(JSONObjectReader.Failure) {
            let fields = try JSONObjectReader(
                value, required: ["airsign", "version", "chain", "network", "address", "publicKey", "scheme", "path"],
                optional: ["xpub", "name"])
            let chainText = try fields.string("chain")
            guard let chain = Chain(rawValue: chainText) else {
                throw fields.failure(
                    "chain", "must be one of \(Chain.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            let schemeText = try fields.string("scheme")
            guard let scheme = KeyScheme(rawValue: schemeText) else {
                throw fields.failure(
                    "scheme", "must be one of \(KeyScheme.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            account = Account(
                chain: chain, scheme: scheme, path: try fields.string("path"),
                publicKey: try fields.hex("publicKey", lengths: 32...65, prefixed: true),
                address: try fields.string("address"), network: try fields.string("network"),
                xpub: try fields.optionalString("xpub"))
            name = try fields.optionalString("name")
        } catch {
            throw .descriptorField(field: error.field, reason: error.reason)
        }
        try self.init(account: account, name: name, rules: rules)
    }

    /// The canonical JSON value.
    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("airsign", .string("account")),
            ("version", .integer(Self.formatVersion)),
            ("chain", .string(account.chain.rawValue)),
            ("network", .string(account.network ?? "")),
            ("address", .string(account.address)),
            ("publicKey", .string(account.publicKeyHex)),
            ("scheme", .string(account.scheme.rawValue)),
            ("path", .string(account.path)),
        ]
        if let xpub = account.xpub { members.append(("xpub", .string(xpub))) }
        if let name { members.append(("name", .string(name))) }
        return .object(members)
    }

    /// The canonical bytes: compact JSON in the documented member order and a newline.
    public var bytes: [UInt8] {
        Array(JSONSerializer(sortKeys: false).serialize(json).utf8) + [0x0a]
    }

    /// `airsign` must say `account` and `version` must be 1, checked before the rest so that
    /// another message or a newer format is named as such.
    private static func checkIdentity(_ value: JSONValue) throws(MessagesError) {
        guard case .object = value else {
            throw .notAnAccountDescriptor(found: "the JSON is \(value.kindDescription), not an object")
        }
        switch value["airsign"] {
        case .string("account")?: break
        case let .string(other)?:
            throw .notAnAccountDescriptor(
                found: "it is an Airsign \(String(other.prefix(32)).debugDescription) message")
        case nil: throw .notAnAccountDescriptor(found: "it has no \"airsign\" field")
        case let other?:
            throw .descriptorField(field: "airsign", reason: "must be a string, not \(other.kindDescription)")
        }
        switch value["version"] {
        case .number(let text)? where text == String(formatVersion): break
        case .number(let text)?: throw .descriptorVersionUnsupported(String(text.prefix(32)))
        case nil: throw .descriptorField(field: "version", reason: "missing")
        case let other?:
            throw .descriptorField(field: "version", reason: "must be a number, not \(other.kindDescription)")
        }
    }

    /// 1 to 64 characters, none of them control characters, no space at either end.
    private static func checkName(_ name: String) throws(MessagesError) {
        guard !name.isEmpty, name.count <= maximumNameLength else {
            throw .descriptorField(field: "name", reason: "must be 1 to \(maximumNameLength) characters")
        }
        guard
            !name.unicodeScalars.contains(where: {
                $0.properties.generalCategory == .control || $0.properties.generalCategory == .format
            })
        else {
            throw .descriptorField(field: "name", reason: "must not contain control or formatting characters")
        }
        guard name.first?.isWhitespace == false, name.last?.isWhitespace == false else {
            throw .descriptorField(field: "name", reason: "must not start or end with a space")
        }
    }

    /// The descriptor field an account check failed on.
    private static func fieldError(_ error: KeysError) -> MessagesError {
        switch error {
        case let .inconsistentAccount(field, reason):
            return .descriptorField(field: field, reason: reason)
        case .invalidNetwork:
            return .descriptorField(field: "network", reason: error.description)
        case .invalidExtendedKey, .hardenedStepFromPublicKey, .invalidChildKey:
            return .descriptorField(field: "xpub", reason: error.description)
        case .invalidDerivationPath, .invalidSecretURI, .ambiguousJunction, .softJunctionUnsupported,
            .ed25519NormalStep:
            return .descriptorField(field: "path", reason: error.description)
        default:
            return .descriptorField(field: "address", reason: error.description)
        }
    }
}
