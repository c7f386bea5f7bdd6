import AirsignKeys
import AirsignSignerCLI
import ArgumentParser

struct ContactRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a contact.")

    @Option(help: "The contact's chain.")
    var chain: Chain

    @Argument(help: "The contact's name.")
    var name: String

    func run() throws {
        try ContactActions.remove(chain: chain, name: name)
    }
}
