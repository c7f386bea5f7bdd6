import ArgumentParser

struct AccountCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account",
        abstract: "Add, list, show and export the accounts of the keys.",
        subcommands: [
            AccountAddCommand.self,
            AccountListCommand.self,
            AccountShowCommand.self,
            AccountExportCommand.self,
        ]
    )
}
