import ArgumentParser

struct AccountCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account",
        abstract: "Import, list and show watch-only accounts.",
        subcommands: [
            AccountImportCommand.self,
            AccountListCommand.self,
            AccountShowCommand.self,
        ]
    )
}
