import AirsignChains
import AirsignCrypto
import AirsignKeys
import AirsignMessages

/// Which account to derive and on which network, as `account add` and the defaults of `key
/// generate`/`key import` name it: the derivation request plus the network the account is
/// recorded for (its CAIP-2 ID, and for Substrate the SS58 prefix of the address).
public struct AccountChoice: Sendable, Equatable {
    public let request: AccountRequest
    public let network: ChainNetwork

    /// `account add`'s options, checked against each other: `index` for Ethereum, ICP and
    /// Stellar; `scheme`, `path` and an SS58 `network` for Substrate.
    public init(
        chain: Chain, index: UInt32?, scheme: SubstrateScheme?, path: String?,
        network: String?, genesis: String?
    ) throws(KeysError) {
        let accounts = try AccountRules.standard.require(chain)
        let resolved =
            try network.map { text throws(KeysError) in try accounts.network(parsing: text, genesis: genesis) }
            ?? accounts.defaultNetwork
        if genesis != nil, network == nil {
            throw .invalidNetwork(
                chain: chain.rawValue, network: "", reason: "--genesis goes with --network <SS58 prefix>")
        }
        self.request = try accounts.request(index: index, scheme: scheme, path: path, on: resolved)
        self.network = resolved
    }

    init(request: AccountRequest, network: ChainNetwork) {
        self.request = request
        self.network = network
    }

    /// The accounts a new key gets (each chain's `defaultRequest`, in the table's chain order):
    /// for a phrase one per chain with the wallets' defaults (Ethereum `m/44'/60'/0'/0/0`, ICP `m/44'/223'/0'/0/0`, Stellar `m/44'/148'/0'`, Substrate
    /// sr25519 at the root on Polkadot); for a single key, the account of the chain it came
    /// from (`account add` adds others the key can serve, such as ICP for an Ethereum key).
    public static func defaults(for kind: ImportKind) -> [AccountChoice] {
        let chains = ChainRegistry.standard.accounts
        let chosen = kind == .phrase ? chains : chains.filter { $0.secretImports.contains { $0.kind == kind.rawValue } }
        return chosen.map { accounts in
            let network = accounts.defaultNetwork
            return AccountChoice(request: accounts.defaultRequest(on: network), network: network)
        }
    }

    /// The account this choice names, derived from `secret`, recorded on the chosen network.
    public func derive(from secret: KeySecret, passphrase: SecureBytes) throws(KeysError) -> Account {
        try AccountRules.standard.derive(request, from: secret, passphrase: passphrase).account.on(network.id)
    }
}
