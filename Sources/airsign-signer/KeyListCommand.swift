import AirsignCLI
import AirsignKeys
import AirsignKeystore
import AirsignSignerCLI
import ArgumentParser

struct KeyListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the keys (no PIN needed).")

    @OptionGroup var json: JSONOption

    func run() throws {
        try KeyActions.list(json: json.enabled)
    }
}
