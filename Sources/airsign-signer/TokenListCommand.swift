import AirsignSignerCLI
import ArgumentParser

struct TokenListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the installed tokens (--builtin: and the built-in list).")

    @Option(name: .customLong("chain-id"), help: "Only this chain id's tokens.")
    var chainId: UInt64?

    @Flag(name: .customLong("builtin"), help: "Also list the built-in tokens.")
    var builtIn = false

    @OptionGroup var json: JSONOption

    func run() throws {
        try TokenActions.list(chainId: chainId, builtIn: builtIn, json: json.enabled)
    }
}
