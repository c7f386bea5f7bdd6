import AirsignKeys
import AirsignKeystore
import AirsignSignerCLI
import AirsignCLI
import ArgumentParser

struct KeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key",
        abstract: "List, show and delete the keys in the keystore.",
        subcommands: [
            KeyListCommand.self,
            KeyShowCommand.self,
            KeyDeleteCommand.self,
        ]
    )
}
