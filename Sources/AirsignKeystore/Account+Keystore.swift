import AirsignEncoding
import AirsignKeys

/// How a key file stores an account in its public metadata:
/// `{"chain","scheme","path"?,"publicKey":"0x…","address","network"?,"xpub"?}`, `path` left out
/// when empty. The fields are checked against the keystore's text rules (`MetadataRules`) both
/// when written and when read back; whether they agree with each other is `Account.verify`'s
/// business, not the storage format's.
extension Account {
    /// The longest raw public key stored (a 65-byte secp256k1 key with room to spare).
    static let maximumStoredKeyLength = 133

    /// Checks every field against the keystore format's rules.
    func checkStorable(field: String = "account") throws(KeystoreError) {
        if !path.isEmpty { try MetadataRules.path(path, field: "path") }
        guard (1...Self.maximumStoredKeyLength).contains(publicKey.count) else {
            throw .invalidMetadata(field: "publicKey", reason: "must be 1 to \(Self.maximumStoredKeyLength) bytes")
        }
        try MetadataRules.token(address, field: "address", maximum: 128)
        if let network { try MetadataRules.token(network, field: "network", maximum: 128) }
        if let xpub { try MetadataRules.token(xpub, field: "xpub", maximum: 256) }
    }

    var keystoreJSON: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("chain", .string(chain.rawValue)),
            ("scheme", .string(scheme.rawValue)),
        ]
        if !path.isEmpty { members.append(("path", .string(path))) }
        members.append(("publicKey", .string(Hex.encode(publicKey, prefix: true))))
        members.append(("address", .string(address)))
        if let network { members.append(("network", .string(network))) }
        if let xpub { members.append(("xpub", .string(xpub))) }
        return .object(members)
    }

    init(keystoreJSON json: JSONValue, field: String, path filePath: String) throws(KeystoreError) {
        let fields = try JSONFields(
            json, field: field, path: filePath,
            required: ["chain", "scheme", "publicKey", "address"], optional: ["path", "network", "xpub"])
        guard let chain = Chain(rawValue: try fields.string("chain")) else {
            throw fields.malformed("chain", "must be one of \(Chain.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard let scheme = KeyScheme(rawValue: try fields.string("scheme")) else {
            throw fields.malformed(
                "scheme", "must be one of \(KeyScheme.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let publicKey = try fields.hex("publicKey", lengths: 1...Self.maximumStoredKeyLength, prefixed: true)
        let path = try fields.optionalString("path")
        // An empty path is written by leaving the field out; "" would not read back the same.
        if path == "" { throw fields.malformed("path", "must not be empty (leave the field out)") }
        self.init(
            chain: chain, scheme: scheme, path: path ?? "", publicKey: publicKey,
            address: try fields.string("address"), network: try fields.optionalString("network"),
            xpub: try fields.optionalString("xpub"))
        do throws(KeystoreError) {
            try checkStorable()
        } catch {
            throw KeyMetadata.relocate(error, into: fields)
        }
    }
}
