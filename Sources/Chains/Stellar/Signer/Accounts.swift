import AirsignCrypto
import AirsignEncoding
import AirsignKeys

/// Stellar's accounts: `m/44'/148'/<index>'` (SEP-5) or an `S…` secret, `G…` addresses (and
/// `M…` muxed ones), the three public networks.
public struct StellarAccounts: ChainAccounts {
    public let chain = Chain.stellar

    /// The parent of a phrase's accounts (SEP-5; every step hardened, as SLIP-10 Ed25519 needs).
    static let purpose = "m/44'/148'"

    public init() {}

    /// The instance the chain module lists (`ChainModule.accounts`).
    static let shared = StellarAccounts()

    // MARK: Networks

    public let knownNetworks = [
        ChainNetwork(chain: .stellar, id: "stellar:pubnet", name: "pubnet"),
        ChainNetwork(chain: .stellar, id: "stellar:testnet", name: "testnet"),
        ChainNetwork(chain: .stellar, id: "stellar:futurenet", name: "futurenet"),
    ]

    public func network(parsing text: String, genesis: String?) throws(KeysError) -> ChainNetwork {
        try knownNetwork(parsing: text, genesis: genesis)
    }

    public func network(caip2 text: String) throws(KeysError) -> ChainNetwork { try knownNetwork(caip2: text) }

    /// Not bound (yet): the network passphrase is in what is signed and named in the review,
    /// and a phrase's account signs testnet envelopes with the account recorded for pubnet.
    public let isNetworkBound = false

    // MARK: Accounts

    public func derive(_ request: AccountRequest, from secret: KeySecret, passphrase: SecureBytes) throws(KeysError)
        -> DerivedAccount
    {
        guard case .stellar(let index) = request else { throw .secretDoesNotFitAccount("not a Stellar account") }
        let key: Ed25519.PrivateKey
        var path = ""
        switch secret {
        case .mnemonic(let mnemonic):
            let stellarPath = try DerivationPath(Self.purpose).appending(try DerivationPath.hardened(index))
            key = try SLIP10Ed25519Key(seed: try mnemonic.seed(passphrase: passphrase)).derived(stellarPath).keyPair()
            path = stellarPath.description
        case .ed25519(let seed):
            key = try AccountKeys.importedEd25519(seed, index: index)
        default:
            throw .secretDoesNotFitAccount("a Stellar account needs a recovery phrase or an S… secret")
        }
        let account = Account(
            chain: .stellar, scheme: .ed25519, path: path, publicKey: key.publicKey,
            address: try Self.address(of: key.publicKey))
        return DerivedAccount(account: account, signingKey: .ed25519(key))
    }

    public func request(for account: Account) throws(KeysError) -> AccountRequest {
        .stellar(index: try account.pathIndex())
    }

    public func verify(_ account: Account) throws(KeysError) {
        guard account.scheme == .ed25519 else {
            throw .inconsistentAccount(
                field: "scheme", reason: "stellar accounts do not use \(account.scheme.rawValue) keys")
        }
        try account.requireAddress(try Self.address(of: AccountKeys.ed25519(account.publicKey)))
        if !account.path.isEmpty {
            try account.requireBIP32Path(
                parent: Self.purpose, lastHardened: true, refusal: "Stellar accounts are at m/44'/148'/<index>' (SEP-5)"
            )
        }
        if let network = account.network { _ = try self.network(caip2: network) }
        try account.refuseXpub()
    }

    /// The `G…` StrKey of the Ed25519 key.
    static func address(of key: [UInt8]) throws(KeysError) -> String {
        try AccountKeys.encoding { () throws(EncodingError) in try StrKey.encodeAccountID(key) }
    }

    // MARK: Addresses

    /// The key of a `G…` account, or the key and id of an `M…` muxed account.
    public func addressIdentity(_ address: String) -> String? {
        if let key = try? StrKey.decodeAccountID(address) { return "g:" + Hex.encode(key) }
        if let muxed = try? StrKey.decodeMuxedAccount(address) {
            return "g:" + Hex.encode(muxed.publicKey) + "/" + String(muxed.id)
        }
        return nil
    }

    // MARK: The signer's account commands

    public let secretImports = [
        SecretImport(
            kind: "stellar-secret", prompt: "Stellar secret key S… (input hidden): ", parse: KeyImport.stellarSecret)
    ]

    public func request(index: UInt32?, scheme: SubstrateScheme?, path: String?, on network: ChainNetwork)
        throws(KeysError) -> AccountRequest
    {
        try refuseSubstrateOptions(scheme: scheme, path: path)
        return .stellar(index: index ?? 0)
    }

    public func defaultRequest(on network: ChainNetwork) -> AccountRequest { .stellar(index: 0) }

    public func indexOption(forPath path: String) -> String? { nil }
}
