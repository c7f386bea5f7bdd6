import AirsignStellar
import ArgumentParser

struct StellarCreateAccountCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create-account", abstract: "Create and fund a new account.")

    @Option(help: ArgumentHelp("The new account.", valueName: "G…"), transform: AccountID.parse)
    var to: AccountID

    @Option(
        name: .customLong("starting-balance"),
        help: ArgumentHelp("XLM it starts with, at most 7 decimals.", valueName: "AMOUNT"),
        transform: StellarAmountArgument.parse)
    var startingBalance: StellarAmountArgument

    @OptionGroup var transaction: StellarTransactionOptions

    func run() throws {
        try transaction.issue(.createAccount(destination: to, startingBalance: startingBalance.stroops))
    }
}
