import AirsignWatch
import ArgumentParser

struct RequestsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List issued requests, oldest first.")

    @Flag(help: "Print the store records as JSON lines on standard output.")
    var json = false

    func run() throws {
        try RequestActions.list(json: json)
    }
}
