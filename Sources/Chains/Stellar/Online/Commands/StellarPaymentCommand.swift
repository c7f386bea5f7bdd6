import AirsignStellar
import ArgumentParser

struct StellarPaymentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "payment", abstract: "Pay an amount of XLM or of an asset.")

    @Option(help: ArgumentHelp("The destination (G… or muxed M…).", valueName: "G…|M…"), transform: MuxedAccount.parse)
    var to: MuxedAccount

    @Option(
        help: ArgumentHelp("The exact amount, at most 7 decimals (12.5).", valueName: "AMOUNT"),
        transform: StellarAmountArgument.parse)
    var amount: StellarAmountArgument

    @Option(help: ArgumentHelp("native (XLM, the default) or CODE:ISSUER.", valueName: "ASSET"), transform: Asset.parse)
    var asset: Asset?

    @OptionGroup var transaction: StellarTransactionOptions

    func run() throws {
        try transaction.issue(try StellarOperations.payment(to: to, amount: amount, asset: asset ?? .native))
    }
}
