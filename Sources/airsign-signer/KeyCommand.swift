import AirsignCLI
import AirsignKeys
import AirsignKeystore
import AirsignSignerCLI
import ArgumentParser

struct KeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key",
        abstract: "Generate, import, list, show and delete the keys in the keystore.",
        subcommands: [
            KeyGenerateCommand.self,
            KeyImportCommand.self,
            KeyListCommand.self,
            KeyShowCommand.self,
            KeyDeleteCommand.self,
        ]
    )
}
