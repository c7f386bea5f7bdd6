import AirsignKeys

/// ICP's accounts: `m/44'/223'/0'/0/<index>` (quill, dfx), identity PEMs, on the one network.
public struct ICPAccounts: ChainAccounts {
    public let chain = Chain.icp

    /// Not bound: ICP has one network.
    public let isNetworkBound = false

    /// A PEM spans lines, so it is read from a file, never typed at the prompt.
    public let secretImports = [
        SecretImport(kind: "icp-pem", prompt: "ICP PEM (input hidden): ", fitsOneLine: false, parse: KeyImport.icpPEM)
    ]

    public init() {}

    public func request(index: UInt32?, scheme: SubstrateScheme?, path: String?, on network: ChainNetwork)
        throws(KeysError) -> AccountRequest
    {
        try refuseSubstrateOptions(scheme: scheme, path: path)
        return .icp(index: index ?? 0)
    }

    public func defaultRequest(on network: ChainNetwork) -> AccountRequest { .icp(index: 0) }

    public func indexOption(forPath path: String) -> String? { nil }
}
