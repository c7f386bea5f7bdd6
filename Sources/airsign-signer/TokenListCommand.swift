import AirsignSignerCLI
import AirsignSignerChains
import ArgumentParser

struct TokenListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the installed tokens (--builtin: and the built-in ERC-20 list).")

    @Option(name: .customLong("chain-id"), help: "Only this EVM chain id's tokens.")
    var chainId: UInt64?

    @Option(
        help: ArgumentHelp(
            "Only this Stellar network's tokens.", valueName: "stellar:pubnet|stellar:testnet|stellar:futurenet"))
    var network: String?

    @Flag(name: .customLong("builtin"), help: "Also list the built-in tokens.")
    var builtIn = false

    @OptionGroup var json: JSONOption

    func run() throws {
        try TokenActions.list(
            TokenPlace.filter(chainId: chainId, network: network), builtIn: builtIn, json: json.enabled,
            kinds: SignerChains.tokenKinds)
    }
}
