import AirsignWatch
import ArgumentParser

struct StellarBumpSequenceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "bump-sequence", abstract: "Raise the account's sequence number (invalidating transactions signed for lower ones).")

    @Option(help: ArgumentHelp("The new sequence number.", valueName: "N"))
    var to: String

    @OptionGroup var transaction: StellarTransactionOptions

    func run() throws {
        try transaction.issue(StellarOperationSpec("bump-sequence", ["to": to]))
    }
}
