import AirsignSignerCLI
import ArgumentParser

struct AccountListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the accounts of every key (no PIN needed).")

    @OptionGroup var json: JSONOption

    func run() throws {
        try AccountActions.list(json: json.enabled)
    }
}
