import ArgumentParser

struct TokenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Tokens this signer knows: Ethereum beyond its built-in list, Stellar SEP-41 tokens.",
        discussion: """
            A token amount is shown in whole tokens only when the signer knows the token's \
            symbol and decimals on that chain: from the tokens installed here (first) or the \
            built-in list; otherwise in base units with the contract address. Ethereum tokens are \
            by chain id (--chain-id), Stellar SEP-41 tokens by network (--network stellar:…; a \
            Stellar Asset Contract needs none: its asset is derived from its id). Kept in the \
            signer home (ethereum-knowledge.json), sealed with the PIN.
            """,
        subcommands: [TokenAddCommand.self, TokenListCommand.self, TokenRemoveCommand.self])
}
