import ArgumentParser

struct StellarBumpSequenceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bump-sequence",
        abstract: "Raise the account's sequence number (invalidating transactions signed for lower ones).")

    @Option(help: ArgumentHelp("The new sequence number.", valueName: "N"), transform: StellarOperations.bumpTo)
    var to: Int64

    @OptionGroup var transaction: StellarTransactionOptions

    func run() throws {
        try transaction.issue(.bumpSequence(bumpTo: to))
    }
}
