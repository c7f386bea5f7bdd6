import AirsignCrypto
import AirsignKeys

/// Which account to derive and on which network, as `account add` and the defaults of `key
/// generate`/`key import` name it: the derivation request plus the network the account is
/// recorded for (its CAIP-2 ID, and for Substrate the SS58 prefix of the address).
public struct AccountChoice: Sendable, Equatable {
    public let request: AccountRequest
    public let network: ChainNetwork

    /// `account add`'s options, checked against each other: `index` for Ethereum, ICP and
    /// Stellar; `scheme`, `path` and an SS58 `network` for Substrate.
    public init(chain: Chain, index: UInt32?, scheme: SubstrateScheme?, path: String?,
                network: String?, genesis: String?) throws(KeysError) {
        let resolved = try network.map { text throws(KeysError) in try ChainNetwork.parse(text, chain: chain, genesis: genesis) }
            ?? ChainNetwork.defaultNetwork(for: chain)
        if genesis != nil, network == nil {
            throw .invalidNetwork(chain: chain.rawValue, network: "", reason: "--genesis goes with --network <SS58 prefix>")
        }
        switch chain {
        case .substrate:
            guard index == nil else { throw .invalidDerivationPath("Substrate accounts take --path //junctions, not --index") }
            // A ///password is a secret: it is the key's passphrase, given when the phrase is
            // stored, never part of a path kept in the clear.
            if let path, path.contains("///") {
                throw .invalidSecretURI("a ///password is a secret and is never stored in a path; import the phrase with --passphrase-file instead (it is then the password of every Substrate account of that key)")
            }
            let junctions = try SubstrateDerivationPath(path ?? "")
            self.request = .substrate(scheme: scheme ?? .sr25519, path: junctions, ss58Prefix: resolved.ss58Prefix ?? 42)
        case .ethereum, .icp, .stellar:
            guard path == nil else { throw .invalidDerivationPath("\(chain.rawValue) accounts take --index N; --path is for Substrate junctions") }
            guard scheme == nil else { throw .invalidDerivationPath("--scheme is for Substrate accounts") }
            let index = index ?? 0
            switch chain {
            case .ethereum: self.request = .ethereum(index: index)
            case .icp: self.request = .icp(index: index)
            default: self.request = .stellar(index: index)
            }
        }
        self.network = resolved
    }

    init(request: AccountRequest, network: ChainNetwork) {
        self.request = request
        self.network = network
    }

    /// The accounts a new key gets: for a phrase one per chain with the wallets' defaults
    /// (Ethereum `m/44'/60'/0'/0/0`, ICP `m/44'/223'/0'/0/0`, Stellar `m/44'/148'/0'`, Substrate
    /// sr25519 at the root on Polkadot); for a single key, the account of the chain it came
    /// from (`account add` adds others the key can serve, such as ICP for an Ethereum key).
    public static func defaults(for kind: ImportKind) -> [AccountChoice] {
        let polkadot = ChainNetwork.defaultNetwork(for: .substrate)
        let substrate = AccountChoice(request: .substrate(scheme: .sr25519, path: SubstrateDerivationPath(junctions: []),
                                                          ss58Prefix: polkadot.ss58Prefix ?? 0), network: polkadot)
        let ethereum = AccountChoice(request: .ethereum(index: 0), network: .defaultNetwork(for: .ethereum))
        let icp = AccountChoice(request: .icp(index: 0), network: .defaultNetwork(for: .icp))
        let stellar = AccountChoice(request: .stellar(index: 0), network: .defaultNetwork(for: .stellar))
        switch kind {
        case .phrase: return [ethereum, icp, stellar, substrate]
        case .substrateSeed: return [substrate]
        case .ethereumKey: return [ethereum]
        case .icpPEM: return [icp]
        case .stellarSecret: return [stellar]
        }
    }

    /// The account this choice names, derived from `secret`, recorded on the chosen network.
    public func derive(from secret: KeySecret, passphrase: SecureBytes) throws(KeysError) -> Account {
        try AccountDerivation.derive(request, from: secret, passphrase: passphrase).account.on(network.id)
    }
}
