import AirsignEncoding
import BigInt

/// An ERC-20 token the signer knows: its symbol and decimals on one chain, from the built-in
/// list. A calldata amount is only ever shown in whole tokens with these facts.
public struct KnownToken: Sendable, Equatable {
    public let chainId: UInt64
    /// The contract, `0x` and 40 lower-case hex digits.
    public let contract: String
    public let symbol: String
    public let decimals: Int
    public let name: String

    /// A token the person installed (`airsign-signer token add`).
    public init(chainId: UInt64, contract: EthereumAddress, symbol: String, decimals: Int, name: String) {
        self.init(chainId, Hex.encode(contract.bytes, prefix: true), symbol, decimals, name)
    }

    init(_ chainId: UInt64, _ contract: String, _ symbol: String, _ decimals: Int, _ name: String) {
        self.chainId = chainId
        self.contract = contract
        self.symbol = symbol
        self.decimals = decimals
        self.name = name
    }
}

/// The signer's own token list (symbol and decimals by chain id and contract), compiled in from
/// Uniswap's default token list by `scripts/gen-evm-tokens` (`TokenList+Entries.swift`): the
/// request cannot change it, so amounts read with it are the signer's reading of the calldata.
public enum TokenList {
    /// The token at `contract` on `chainId`, nil when the list does not have it.
    public static func token(chainId: BigUInt, contract: EthereumAddress) -> KnownToken? {
        guard let id = UInt64(exactly: chainId) else { return nil }
        return byKey[Key(chainId: id, contract: Hex.encode(contract.bytes, prefix: true))]
    }

    /// Every token of the list, sorted by chain id and contract.
    public static var all: [KnownToken] { entries }

    /// Where the facts come from (the list's own `source`).
    public static var origin: String { source }

    private struct Key: Hashable {
        let chainId: UInt64
        let contract: String
    }

    private static let byKey: [Key: KnownToken] = Dictionary(
        entries.map { (Key(chainId: $0.chainId, contract: $0.contract), $0) }, uniquingKeysWith: { first, _ in first })
}
