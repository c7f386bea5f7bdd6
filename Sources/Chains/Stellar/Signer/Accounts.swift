import AirsignKeys

/// Stellar's accounts: `m/44'/148'/<index>'` (SEP-5) and `S…` secrets.
public struct StellarAccounts: ChainAccounts {
    public let chain = Chain.stellar

    /// Not bound (yet): the network passphrase is in what is signed and named in the review,
    /// and a phrase's account signs testnet envelopes with the account recorded for pubnet.
    public let isNetworkBound = false

    public let secretImports = [
        SecretImport(
            kind: "stellar-secret", prompt: "Stellar secret key S… (input hidden): ", parse: KeyImport.stellarSecret)
    ]

    public init() {}

    public func request(index: UInt32?, scheme: SubstrateScheme?, path: String?, on network: ChainNetwork)
        throws(KeysError) -> AccountRequest
    {
        try refuseSubstrateOptions(scheme: scheme, path: path)
        return .stellar(index: index ?? 0)
    }

    public func defaultRequest(on network: ChainNetwork) -> AccountRequest { .stellar(index: 0) }

    public func indexOption(forPath path: String) -> String? { nil }
}
