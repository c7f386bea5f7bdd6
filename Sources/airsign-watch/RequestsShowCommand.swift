import AirsignMessages
import AirsignWatch
import ArgumentParser

struct RequestsShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show one request, its status and the responses received.")

    @Argument(help: "The request's id.")
    var id: String

    @Flag(help: "Print the store record as JSON on standard output.")
    var json = false

    func validate() throws {
        do { _ = try RequestID(id) } catch { throw ValidationError(error.description) }
    }

    func run() throws {
        try RequestActions.show(try RequestID(id), json: json)
    }
}
