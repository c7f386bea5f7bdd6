import BigInt

/// Names for well-known chain ids, so a review says "Ethereum Mainnet" rather than only "1".
/// Source: the chain ids each network publishes (chainlist / ethereum-lists/chains).
public enum ChainNames {
    static let known: [UInt64: String] = [
        1: "Ethereum Mainnet",
        10: "OP Mainnet",
        56: "BNB Smart Chain",
        100: "Gnosis",
        137: "Polygon",
        324: "zkSync Era",
        1337: "local development chain",
        8453: "Base",
        17000: "Holesky testnet",
        31337: "local development chain (Hardhat/Anvil)",
        42161: "Arbitrum One",
        43114: "Avalanche C-Chain",
        59144: "Linea",
        11155111: "Sepolia testnet",
    ]

    /// Native currencies that are not ether, by chain id (same sources).
    static let nativeSymbols: [UInt64: String] = [
        56: "BNB",
        100: "xDAI",
        137: "POL",
        43114: "AVAX",
    ]

    /// The symbol of the chain's native currency: "ETH" unless the table says otherwise.
    public static func nativeSymbol(for chainId: BigUInt) -> String {
        guard chainId.bitWidth <= 64 else { return "ETH" }
        return nativeSymbols[UInt64(chainId)] ?? "ETH"
    }

    /// The network's name, or nil for a chain id not in the table.
    public static func name(for chainId: BigUInt) -> String? {
        guard chainId.bitWidth <= 64 else { return nil }
        return known[UInt64(chainId)]
    }
}
