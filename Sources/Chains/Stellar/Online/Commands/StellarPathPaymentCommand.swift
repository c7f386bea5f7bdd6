import AirsignStellar
import ArgumentParser

struct StellarPathPaymentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "path-payment",
        abstract: "Pay through the order books: send exactly, or have the destination receive exactly.",
        discussion:
            "--strict-send: --send-amount leaves, at least --dest-min arrives. --strict-receive: --dest-amount arrives, at most --send-max leaves."
    )

    @Flag(help: "Which side is exact.")
    var mode: Mode

    enum Mode: String, EnumerableFlag {
        case strictSend, strictReceive
    }

    @Option(help: ArgumentHelp("The destination.", valueName: "G…|M…"), transform: MuxedAccount.parse)
    var to: MuxedAccount

    @Option(
        name: .customLong("send-asset"), help: ArgumentHelp("What leaves: native or CODE:ISSUER.", valueName: "ASSET"),
        transform: Asset.parse)
    var sendAsset: Asset

    @Option(
        name: .customLong("send-amount"),
        help: ArgumentHelp("Strict send: the exact amount sent.", valueName: "AMOUNT"),
        transform: StellarAmountArgument.parse)
    var sendAmount: StellarAmountArgument?

    @Option(
        name: .customLong("send-max"),
        help: ArgumentHelp("Strict receive: the most that may be sent.", valueName: "AMOUNT"),
        transform: StellarAmountArgument.parse)
    var sendMax: StellarAmountArgument?

    @Option(
        name: .customLong("dest-asset"), help: ArgumentHelp("What arrives: native or CODE:ISSUER.", valueName: "ASSET"),
        transform: Asset.parse)
    var destAsset: Asset

    @Option(
        name: .customLong("dest-amount"),
        help: ArgumentHelp("Strict receive: the exact amount received.", valueName: "AMOUNT"),
        transform: StellarAmountArgument.parse)
    var destAmount: StellarAmountArgument?

    @Option(
        name: .customLong("dest-min"),
        help: ArgumentHelp("Strict send: the least that must arrive.", valueName: "AMOUNT"),
        transform: StellarAmountArgument.parse)
    var destMin: StellarAmountArgument?

    @Option(
        help: ArgumentHelp("Intermediate assets, comma-separated (at most 5).", valueName: "ASSET,…"),
        transform: Asset.path)
    var path: [Asset]?

    @OptionGroup var transaction: StellarTransactionOptions

    func validate() throws {
        switch mode {
        case .strictSend:
            guard sendAmount != nil, destMin != nil, sendMax == nil, destAmount == nil else {
                throw ValidationError("--strict-send takes --send-amount and --dest-min")
            }
        case .strictReceive:
            guard sendMax != nil, destAmount != nil, sendAmount == nil, destMin == nil else {
                throw ValidationError("--strict-receive takes --send-max and --dest-amount")
            }
        }
    }

    func run() throws {
        // validate() has checked that the mode's two amounts are given.
        guard let send = sendAmount ?? sendMax, let dest = destMin ?? destAmount else { return }
        try transaction.issue(
            try StellarOperations.pathPayment(
                strictSend: mode == .strictSend, to: to, sendAsset: sendAsset, send: send, destAsset: destAsset,
                dest: dest, path: path ?? []))
    }
}
