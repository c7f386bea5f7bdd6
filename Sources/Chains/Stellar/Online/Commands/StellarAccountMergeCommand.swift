import AirsignStellar
import ArgumentParser

struct StellarAccountMergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account-merge", abstract: "Move all XLM to another account and delete this one.")

    @Option(
        help: ArgumentHelp("The account that receives the balance.", valueName: "G…|M…"), transform: MuxedAccount.parse)
    var to: MuxedAccount

    @OptionGroup var transaction: StellarTransactionOptions

    func run() throws {
        try transaction.issue(.accountMerge(destination: to))
    }
}
