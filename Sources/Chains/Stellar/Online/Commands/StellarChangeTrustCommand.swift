import AirsignWatch
import ArgumentParser

struct StellarChangeTrustCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "change-trust", abstract: "Add, change or remove a trust line.")

    @Option(help: ArgumentHelp("The asset to trust.", valueName: "CODE:ISSUER"))
    var asset: String

    @Option(help: ArgumentHelp("The most to hold (default the maximum; 0 removes the trust line).", valueName: "AMOUNT"))
    var limit: String?

    @OptionGroup var transaction: StellarTransactionOptions

    func run() throws {
        try transaction.issue(StellarOperationSpec("change-trust", ["asset": asset, "limit": limit]))
    }
}
