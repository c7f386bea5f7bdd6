import AirsignKeys
import AirsignSignerCLI
import ArgumentParser

struct ContactListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the contacts.")

    @Option(help: "Only this chain's contacts.")
    var chain: String?

    @OptionGroup var json: JSONOption

    func validate() throws {
        if let chain { _ = try ChainArgument.parse(chain) }
    }

    func run() throws {
        try ContactActions.list(chain: try chain.map(ChainArgument.parse), json: json.enabled)
    }
}
