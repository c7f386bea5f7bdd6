import AirsignCrypto
import AirsignEncoding
import AirsignKeys

/// ICP's accounts: `m/44'/223'/0'/0/<index>` with secp256k1 (quill, dfx), or an identity PEM
/// (secp256k1 or Ed25519), named by the self-authenticating principal of the key, on the one
/// network.
public struct ICPAccounts: ChainAccounts {
    public let chain = Chain.icp

    /// The parent of a phrase's accounts (BIP44 coin type 223, external chain).
    static let purpose = "m/44'/223'/0'/0"

    public init() {}

    /// The instance the chain module lists (`ChainModule.accounts`).
    static let shared = ICPAccounts()

    // MARK: Networks

    public let knownNetworks = [ChainNetwork(chain: .icp, id: "icp:mainnet", name: "mainnet")]

    public func network(parsing text: String, genesis: String?) throws(KeysError) -> ChainNetwork {
        try knownNetwork(parsing: text, genesis: genesis)
    }

    public func network(caip2 text: String) throws(KeysError) -> ChainNetwork { try knownNetwork(caip2: text) }

    /// Not bound: ICP has one network.
    public let isNetworkBound = false

    // MARK: Accounts

    public func derive(_ request: AccountRequest, from secret: KeySecret, passphrase: SecureBytes) throws(KeysError)
        -> DerivedAccount
    {
        guard case .icp(let index) = request else { throw .secretDoesNotFitAccount("not an ICP account") }
        if case .ed25519(let seed) = secret {
            let key = try AccountKeys.importedEd25519(seed, index: index)
            let account = Account(
                chain: .icp, scheme: .ed25519, path: "", publicKey: key.publicKey,
                address: try Self.address(ed25519: key.publicKey))
            return DerivedAccount(account: account, signingKey: .ed25519(key))
        }
        let (key, path, xpub) = try AccountKeys.bip32Secp256k1(
            secret, passphrase: passphrase, purpose: Self.purpose, index: index, chain: "ICP")
        let account = Account(
            chain: .icp, scheme: .secp256k1, path: path, publicKey: key.publicKey.uncompressed,
            address: try Self.address(secp256k1: key.publicKey), xpub: xpub)
        return DerivedAccount(account: account, signingKey: .secp256k1(key))
    }

    public func request(for account: Account) throws(KeysError) -> AccountRequest {
        .icp(index: try account.pathIndex())
    }

    public func verify(_ account: Account) throws(KeysError) {
        switch account.scheme {
        case .secp256k1:
            try account.requireAddress(
                try Self.address(secp256k1: AccountKeys.secp256k1(account.publicKey, compressed: false)))
            if !account.path.isEmpty {
                try account.requireBIP32Path(
                    parent: Self.purpose, lastHardened: false, refusal: "icp accounts are at \(Self.purpose)/<index>")
            }
        case .ed25519:
            try account.requireAddress(try Self.address(ed25519: AccountKeys.ed25519(account.publicKey)))
            guard account.path.isEmpty else { throw account.pathRefusal("an imported icp ed25519 key has no path") }
        case .sr25519:
            throw .inconsistentAccount(field: "scheme", reason: "icp accounts do not use sr25519 keys")
        }
        if let network = account.network { _ = try self.network(caip2: network) }
        try account.verifyXpub()
    }

    /// The self-authenticating principal of the key's DER SubjectPublicKeyInfo.
    static func address(secp256k1 key: Secp256k1.PublicKey) throws(KeysError) -> String {
        let der = try AccountKeys.encoding { () throws(EncodingError) in
            try SubjectPublicKeyInfo.secp256k1(uncompressedPublicKey: key.uncompressed)
        }
        return Principal.selfAuthenticating(derPublicKey: der).text
    }

    static func address(ed25519 key: [UInt8]) throws(KeysError) -> String {
        let der = try AccountKeys.encoding { () throws(EncodingError) in
            try SubjectPublicKeyInfo.ed25519(publicKey: key)
        }
        return Principal.selfAuthenticating(derPublicKey: der).text
    }

    // MARK: Addresses

    /// A principal (in any case), or a ledger account identifier: 32 bytes as 64 hex digits.
    public func addressIdentity(_ address: String) -> String? {
        if let principal = try? Principal(text: address.lowercased()) { return "principal:" + principal.text }
        if address.utf8.count == 64, let bytes = try? Hex.decode(address) { return "account:" + Hex.encode(bytes) }
        return nil
    }

    // MARK: The signer's account commands

    /// A PEM spans lines, so it is read from a file, never typed at the prompt.
    public let secretImports = [
        SecretImport(kind: "icp-pem", prompt: "ICP PEM (input hidden): ", fitsOneLine: false, parse: KeyImport.icpPEM)
    ]

    public func request(index: UInt32?, scheme: SubstrateScheme?, path: String?, on network: ChainNetwork)
        throws(KeysError) -> AccountRequest
    {
        try refuseSubstrateOptions(scheme: scheme, path: path)
        return .icp(index: index ?? 0)
    }

    public func defaultRequest(on network: ChainNetwork) -> AccountRequest { .icp(index: 0) }

    public func indexOption(forPath path: String) -> String? { nil }
}
