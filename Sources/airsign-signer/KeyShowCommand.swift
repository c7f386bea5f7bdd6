import AirsignCLI
import AirsignKeys
import AirsignKeystore
import AirsignSignerCLI
import ArgumentParser

struct KeyShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a key's public details and accounts (no PIN needed).")

    @Argument(help: "The key's name.")
    var name: String

    @OptionGroup var json: JSONOption

    func validate() throws {
        _ = try KeyNameArgument.parse(name)
    }

    func run() throws {
        try KeyActions.show(try KeyNameArgument.parse(name), json: json.enabled)
    }
}
