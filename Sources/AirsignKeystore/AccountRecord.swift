import AirsignEncoding

/// One account derived from a key, as stored in the clear in its key file: enough to show it,
/// export it watch-only, and match a sign request to it, without the PIN.
public struct AccountRecord: Sendable, Equatable {
    /// `substrate`, `icp`, `ethereum`, `stellar` (any lower-case identifier is accepted here).
    public let chain: String
    /// The signature scheme: `sr25519`, `ed25519`, `secp256k1`, `ecdsa`, …
    public let scheme: String
    /// The derivation path or Substrate junctions (`m/44'/60'/0'/0/0`, `//polkadot//0`); nil
    /// for an imported key. Never holds a `///password`.
    public let path: String?
    /// The raw public key (see DESIGN.md: 32 bytes for Ed25519/sr25519, 65 or 33 for secp256k1).
    public let publicKey: [UInt8]
    /// The chain-native address in its checksummed form.
    public let address: String
    /// The network (CAIP-2 where defined: `eip155:1`, `polkadot:91b171bb…`), when the account
    /// belongs to one.
    public let network: String?
    /// The extended public key, for chains whose watch-only export carries one.
    public let xpub: String?

    /// Validates every field against the keystore format's rules.
    public init(
        chain: String, scheme: String, path: String?, publicKey: [UInt8], address: String,
        network: String? = nil, xpub: String? = nil
    ) throws(KeystoreError) {
        try MetadataRules.identifier(chain, field: "chain")
        try MetadataRules.identifier(scheme, field: "scheme")
        if let path { try MetadataRules.path(path, field: "path") }
        guard (1 ... 133).contains(publicKey.count) else {
            throw .invalidMetadata(field: "publicKey", reason: "must be 1 to 133 bytes")
        }
        try MetadataRules.token(address, field: "address", maximum: 128)
        if let network { try MetadataRules.token(network, field: "network", maximum: 128) }
        if let xpub { try MetadataRules.token(xpub, field: "xpub", maximum: 256) }
        self.chain = chain
        self.scheme = scheme
        self.path = path
        self.publicKey = publicKey
        self.address = address
        self.network = network
        self.xpub = xpub
    }

    var json: JSONValue {
        var members: [JSONValue.Member] = [
            .init(key: "chain", value: .string(chain)),
            .init(key: "scheme", value: .string(scheme)),
        ]
        if let path { members.append(.init(key: "path", value: .string(path))) }
        members.append(.init(key: "publicKey", value: .string(Hex.encode(publicKey, prefix: true))))
        members.append(.init(key: "address", value: .string(address)))
        if let network { members.append(.init(key: "network", value: .string(network))) }
        if let xpub { members.append(.init(key: "xpub", value: .string(xpub))) }
        return .object(members)
    }

    init(json: JSONValue, field: String, path filePath: String) throws(KeystoreError) {
        let fields = try JSONFields(
            json, field: field, path: filePath,
            required: ["chain", "scheme", "publicKey", "address"], optional: ["path", "network", "xpub"])
        let publicKey = try fields.hex("publicKey", lengths: 1 ... 133, prefixed: true)
        do throws(KeystoreError) {
            try self.init(
                chain: try fields.string("chain"), scheme: try fields.string("scheme"),
                path: try fields.optionalString("path"), publicKey: publicKey,
                address: try fields.string("address"), network: try fields.optionalString("network"),
                xpub: try fields.optionalString("xpub"))
        } catch {
            throw KeyMetadata.relocate(error, into: fields)
        }
    }
}
