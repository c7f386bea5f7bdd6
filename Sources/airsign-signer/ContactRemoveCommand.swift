import AirsignKeys
import AirsignSignerCLI
import ArgumentParser

struct ContactRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a contact.")

    @Option(help: "The contact's chain.")
    var chain: String

    @Argument(help: "The contact's name, or its escaped form as `contact list` shows it.")
    var name: String

    func validate() throws {
        _ = try ChainArgument.parse(chain)
    }

    func run() throws {
        try ContactActions.remove(chain: try ChainArgument.parse(chain), name: name)
    }
}
