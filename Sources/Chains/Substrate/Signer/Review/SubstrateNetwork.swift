import AirsignEncoding

/// A Substrate network the signer knows by genesis hash: its name, SS58 prefix and native
/// token. Genesis hashes are the chains' own block 0 (as polkadot-js/apps and wallets list
/// them); token decimals and prefixes from the SS58 registry.
public struct SubstrateNetwork: Sendable, Equatable {
    public let name: String
    /// The watch's `--network` name.
    public let key: String
    public let genesisHash: [UInt8]
    public let ss58Prefix: UInt16
    public let symbol: String
    public let decimals: Int
    /// The runtimes the signer knows: call indices and signed-extension lists.
    public let runtimes: [RuntimeTable]

    init(
        _ name: String, key: String, genesis: String, ss58: UInt16, symbol: String, decimals: Int,
        runtimes: [RuntimeTable] = []
    ) {
        self.name = name
        self.key = key
        // The table's literals are 64 hex digits (checked by SubstrateNetworkTests).
        self.genesisHash = (try? Hex.decode(genesis)) ?? []
        self.ss58Prefix = ss58
        self.symbol = symbol
        self.decimals = decimals
        self.runtimes = runtimes
    }

    /// The CAIP-2 network id: `polkadot:` and the first 32 hex digits of the genesis hash.
    public var caip2: String { Self.caip2(genesisHash: genesisHash) }

    public static func caip2(genesisHash: [UInt8]) -> String { "polkadot:" + Hex.encode(genesisHash.prefix(16)) }

    /// The table of a runtime, when one is known for exactly this spec and transaction version
    /// (a new transaction version means call indices or extensions may have changed).
    public func runtime(specVersion: UInt32, transactionVersion: UInt32) -> RuntimeTable? {
        runtimes.first { $0.covers(specVersion: specVersion, transactionVersion: transactionVersion) }
    }

    public static func byGenesis(_ hash: [UInt8]) -> SubstrateNetwork? { known.first { $0.genesisHash == hash } }
    public static func byKey(_ key: String) -> SubstrateNetwork? { known.first { $0.key == key } }

    public static let known: [SubstrateNetwork] = [
        // Polkadot's runtime (Balances 5, Utility 26, its extension list) checked against the
        // relay chain's real metadata at spec 1002005 and 2000000, both transaction version 26.
        SubstrateNetwork(
            "Polkadot", key: "polkadot", genesis: "91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3",
            ss58: 0, symbol: "DOT", decimals: 10,
            runtimes: [
                RuntimeTable(
                    specVersions: 1_002_005...2_000_000, transactionVersion: 26, balances: 5, utility: 26,
                    signedExtensions: RuntimeTable.polkadotExtensions)
            ]),
        // Kusama's runtime 1002006 (Balances 4, Utility 24, its extension list and transaction
        // version 26, which its metadata's System.Version constant states) checked against that
        // runtime's real metadata (polkadot-api's merkleize-metadata test fixture ksm.bin).
        SubstrateNetwork(
            "Kusama", key: "kusama", genesis: "b0a8d493285c2df73290dfb7e61f870f17b41801197a149ca93654499ea3dafe",
            ss58: 2, symbol: "KSM", decimals: 12,
            runtimes: [
                RuntimeTable(
                    specVersions: 1_002_006...1_002_006, transactionVersion: 26, balances: 4, utility: 24,
                    signedExtensions: RuntimeTable.kusamaExtensions)
            ]),
        SubstrateNetwork(
            "Westend", key: "westend", genesis: "e143f23803ac50e8f6f8e62695d1ce9e4e1d68aa36c1cd2cfd15340213f3423e",
            ss58: 42, symbol: "WND", decimals: 12),
        SubstrateNetwork(
            "Paseo", key: "paseo", genesis: "77afd6190f1554ad45fd0d31aee62aacc33c6db0ea801129acb813f913e0764f",
            ss58: 0, symbol: "PAS", decimals: 10),
        SubstrateNetwork(
            "Polkadot Asset Hub", key: "polkadot-asset-hub",
            genesis: "68d56f15f85d3136970ec16946040bc1752654e906147f7e43e9d539d7c3de2f",
            ss58: 0, symbol: "DOT", decimals: 10),
        SubstrateNetwork(
            "Kusama Asset Hub", key: "kusama-asset-hub",
            genesis: "48239ef607d7928874027a43a67689209727dfb3d3dc5e5b03a39bdc2eda771a",
            ss58: 2, symbol: "KSM", decimals: 12),
        SubstrateNetwork(
            "Westend Asset Hub", key: "westend-asset-hub",
            genesis: "67f9723393ef76214df0118c34bbbd3dbebc8ed46a10973a8c969d48fe7598c9",
            ss58: 42, symbol: "WND", decimals: 12),
        SubstrateNetwork(
            "Astar", key: "astar", genesis: "9eb76c5184c4ab8679d2d5d819fdf90b9c001403e9e17da2e14b6d8aec4029c6",
            ss58: 5, symbol: "ASTR", decimals: 18),
        SubstrateNetwork(
            "Acala", key: "acala", genesis: "fc41b9bd8ef8fe53d58c7ea67c794c7ec9a73daf05e6d54b14ff6342c99ba64c",
            ss58: 10, symbol: "ACA", decimals: 12),
    ]
}
