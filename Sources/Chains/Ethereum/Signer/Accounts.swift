import AirsignKeys

/// Ethereum's accounts: `m/44'/60'/0'/0/<index>` (MetaMask's), hex private keys, and bound to
/// the networks they were added for.
public struct EthereumAccounts: ChainAccounts {
    public let chain = Chain.ethereum

    /// Bound: one address is the same account on every EVM chain, and the chain id is a bare
    /// number in the transaction, so an account added for `eip155:1` is meant for mainnet only.
    public let isNetworkBound = true

    public let secretImports = [
        SecretImport(
            kind: "ethereum-key", prompt: "Ethereum private key, hex (input hidden): ",
            parse: KeyImport.ethereumPrivateKey)
    ]

    public init() {}

    public func request(index: UInt32?, scheme: SubstrateScheme?, path: String?, on network: ChainNetwork)
        throws(KeysError) -> AccountRequest
    {
        try refuseSubstrateOptions(scheme: scheme, path: path)
        return .ethereum(index: index ?? 0)
    }

    public func defaultRequest(on network: ChainNetwork) -> AccountRequest { .ethereum(index: 0) }

    /// A phrase's account is the index at the end of `m/44'/60'/0'/0/<index>`.
    public func indexOption(forPath path: String) -> String? {
        guard path.hasPrefix("m/44'/60'/0'/0/"), let index = path.split(separator: "/").last else { return nil }
        return String(index)
    }
}
