import AirsignKeys
import AirsignSignerCLI
import ArgumentParser

struct ContactListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the contacts.")

    @Option(help: "Only this chain's contacts.")
    var chain: Chain?

    @OptionGroup var json: JSONOption

    func run() throws {
        try ContactActions.list(chain: chain, json: json.enabled)
    }
}
