import ArgumentParser

struct TokenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Ethereum tokens this signer knows, beyond its built-in list.",
        discussion: """
            A token amount is shown in whole tokens only when the signer knows the token's \
            symbol and decimals on that chain: from the tokens installed here (first) or the \
            built-in list; otherwise in base units with the contract address. Kept in the signer \
            home (ethereum-knowledge.json), sealed with the PIN.
            """,
        subcommands: [TokenAddCommand.self, TokenListCommand.self, TokenRemoveCommand.self])
}
