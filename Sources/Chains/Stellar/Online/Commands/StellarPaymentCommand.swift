import AirsignWatch
import ArgumentParser

struct StellarPaymentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "payment", abstract: "Pay an amount of XLM or of an asset.")

    @Option(help: ArgumentHelp("The destination (G… or muxed M…).", valueName: "G…|M…"))
    var to: String

    @Option(help: ArgumentHelp("The exact amount, at most 7 decimals (12.5).", valueName: "AMOUNT"))
    var amount: String

    @Option(help: ArgumentHelp("native (XLM, the default) or CODE:ISSUER.", valueName: "ASSET"))
    var asset: String?

    @OptionGroup var transaction: StellarTransactionOptions

    func run() throws {
        try transaction.issue(StellarOperationSpec("payment", ["to": to, "amount": amount, "asset": asset]))
    }
}
