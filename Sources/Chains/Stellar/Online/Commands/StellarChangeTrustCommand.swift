import AirsignStellar
import ArgumentParser

struct StellarChangeTrustCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "change-trust", abstract: "Add, change or remove a trust line.")

    @Option(help: ArgumentHelp("The asset to trust.", valueName: "CODE:ISSUER"), transform: Asset.parse)
    var asset: Asset

    @Option(
        help: ArgumentHelp("The most to hold (default the maximum; 0 removes the trust line).", valueName: "AMOUNT"),
        transform: StellarAmountArgument.parse)
    var limit: StellarAmountArgument?

    @OptionGroup var transaction: StellarTransactionOptions

    func run() throws {
        try transaction.issue(try StellarOperations.changeTrust(.asset(asset), limit: limit))
    }
}
