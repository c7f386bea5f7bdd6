import AirsignWatch
import ArgumentParser

struct AccountListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the watch-only accounts.")

    @Flag(help: "Print the descriptors as a JSON array on standard output instead of a table on standard error.")
    var json = false

    func run() throws {
        try WatchAccountActions.list(json: json)
    }
}
