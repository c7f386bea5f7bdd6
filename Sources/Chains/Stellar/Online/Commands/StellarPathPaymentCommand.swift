import AirsignWatch
import ArgumentParser

struct StellarPathPaymentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "path-payment", abstract: "Pay through the order books: send exactly, or have the destination receive exactly.",
        discussion: "--strict-send: --send-amount leaves, at least --dest-min arrives. --strict-receive: --dest-amount arrives, at most --send-max leaves.")

    @Flag(help: "Which side is exact.")
    var mode: Mode

    enum Mode: String, EnumerableFlag {
        case strictSend, strictReceive
    }

    @Option(help: ArgumentHelp("The destination.", valueName: "G…|M…"))
    var to: String

    @Option(name: .customLong("send-asset"), help: ArgumentHelp("What leaves: native or CODE:ISSUER.", valueName: "ASSET"))
    var sendAsset: String

    @Option(name: .customLong("send-amount"), help: ArgumentHelp("Strict send: the exact amount sent.", valueName: "AMOUNT"))
    var sendAmount: String?

    @Option(name: .customLong("send-max"), help: ArgumentHelp("Strict receive: the most that may be sent.", valueName: "AMOUNT"))
    var sendMax: String?

    @Option(name: .customLong("dest-asset"), help: ArgumentHelp("What arrives: native or CODE:ISSUER.", valueName: "ASSET"))
    var destAsset: String

    @Option(name: .customLong("dest-amount"), help: ArgumentHelp("Strict receive: the exact amount received.", valueName: "AMOUNT"))
    var destAmount: String?

    @Option(name: .customLong("dest-min"), help: ArgumentHelp("Strict send: the least that must arrive.", valueName: "AMOUNT"))
    var destMin: String?

    @Option(help: ArgumentHelp("Intermediate assets, comma-separated (at most 5).", valueName: "ASSET,…"))
    var path: String?

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
        let common = ["to": to, "send-asset": sendAsset, "dest-asset": destAsset, "path": path]
        switch mode {
        case .strictSend:
            try transaction.issue(StellarOperationSpec("path-payment-strict-send", common.merging(["send-amount": sendAmount, "dest-min": destMin]) { $1 }))
        case .strictReceive:
            try transaction.issue(StellarOperationSpec("path-payment-strict-receive", common.merging(["send-max": sendMax, "dest-amount": destAmount]) { $1 }))
        }
    }
}
