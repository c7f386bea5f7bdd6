import AirsignCLI
import AirsignKeys
import AirsignKeystore
import AirsignSignerCLI
import ArgumentParser

struct KeyDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a key's file (asks first; no PIN needed).")

    @Argument(help: "The key's name.")
    var name: String

    @Flag(help: "Delete without asking.")
    var yes = false

    func validate() throws {
        _ = try KeyNameArgument.parse(name)
    }

    func run() throws {
        try KeyActions.delete(try KeyNameArgument.parse(name), confirmed: yes)
    }
}
