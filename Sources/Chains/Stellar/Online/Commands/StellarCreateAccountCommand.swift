import AirsignWatch
import ArgumentParser

struct StellarCreateAccountCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "create-account", abstract: "Create and fund a new account.")

    @Option(help: ArgumentHelp("The new account.", valueName: "G…"))
    var to: String

    @Option(name: .customLong("starting-balance"), help: ArgumentHelp("XLM it starts with, at most 7 decimals.", valueName: "AMOUNT"))
    var startingBalance: String

    @OptionGroup var transaction: StellarTransactionOptions

    func run() throws {
        try transaction.issue(StellarOperationSpec("create-account", ["to": to, "amount": startingBalance]))
    }
}
