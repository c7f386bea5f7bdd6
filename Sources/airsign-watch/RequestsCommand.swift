import ArgumentParser

struct RequestsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "requests",
        abstract: "The requests this watch issued, with their status and responses.",
        subcommands: [RequestsListCommand.self, RequestsShowCommand.self])
}
