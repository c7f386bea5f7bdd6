import AirsignCLI
import AirsignKeys
import AirsignKeystore
import AirsignSignerCLI
import ArgumentParser

struct PINCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pin",
        abstract: "Change or check the keystore PIN.",
        subcommands: [
            PINChangeCommand.self,
            PINCheckCommand.self,
        ]
    )
}
