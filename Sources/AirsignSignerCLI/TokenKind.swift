import AirsignEncoding
import ArgumentParser

/// One chain's part of `token add|list|remove`: which of the commands' place options name its
/// tokens, and the work on its members of the signer's knowledge file. A chain with tokens
/// implements it in its `Sources/Chains/<Chain>/SignerCommands/` folder and lists it in the
/// signer's chain table (`SignerChains.standard`), which the token commands ask.
public protocol TokenKind: Sendable {
    /// Whether `place` names this chain's tokens.
    func claims(_ place: TokenPlace) -> Bool

    /// `token add`: the token checked (before any PIN is asked), the words that name it, and
    /// the change that adds it.
    func addition(_ place: TokenPlace, address: String, symbol: String, decimals: UInt64, name: String) throws
        -> (shown: String, change: @Sendable (inout KnowledgeContent) throws -> Void)

    /// `token remove`: the contract checked, the words that name it, and the change that removes it.
    func removal(_ place: TokenPlace, address: String) throws
        -> (shown: String, change: @Sendable (inout KnowledgeContent) throws -> Void)

    /// `token list`: its tokens in `content` (with `builtIn`, its built-in ones too), limited
    /// to `place` when one is given, as lines for people and JSON objects for programs.
    func rows(_ content: KnowledgeContent, place: TokenPlace?, builtIn: Bool) throws -> [(
        line: String, json: JSONValue
    )]
}

/// Which chain a token command is about, as its options name it: `--chain-id N` (an EVM chain)
/// or `--network stellar:…`.
public struct TokenPlace: Sendable, Equatable {
    public let chainId: UInt64?
    public let network: String?

    /// The place `token add` and `token remove` name: exactly one of the options.
    public init(chainId: UInt64?, network: String?) throws {
        guard let place = try Self.filter(chainId: chainId, network: network) else {
            throw KnowledgeStoreError(
                "name the token's chain: --chain-id N (Ethereum) or --network stellar:pubnet|stellar:testnet|stellar:futurenet"
            )
        }
        self = place
    }

    private init(_ chainId: UInt64?, _ network: String?) {
        self.chainId = chainId
        self.network = network
    }

    /// The place `token list` is limited to: at most one of the options, nil for none.
    public static func filter(chainId: UInt64?, network: String?) throws -> TokenPlace? {
        switch (chainId, network) {
        case (nil, nil): return nil
        case (_?, _?): throw KnowledgeStoreError("--chain-id and --network name different chains: give one")
        default: return TokenPlace(chainId, network)
        }
    }
}
