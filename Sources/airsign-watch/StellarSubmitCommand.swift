import AirsignCLI
import AirsignEncoding
import AirsignOnline
import AirsignWatch
import ArgumentParser

struct StellarSubmitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "submit", abstract: "Send a signed transaction to Horizon and report the outcome.",
        discussion: """
            FILE is a full Stellar response (its result.envelope) or a signed envelope in base64 \
            (as `stellar merge` writes). Prints {"hash","ledger","result"} on standard output when \
            the network accepts it; a rejection exits 9 naming the result (tx_bad_seq, \
            tx_failed (op_underfunded), …).
            """)

    @Argument(help: ArgumentHelp("The signed response or envelope, or - for standard input.", valueName: "FILE|-"))
    var file: String

    @Option(help: ArgumentHelp("The Horizon server.", valueName: "URL"))
    var horizon: String

    func run() throws {
        let envelope = try StellarActions.signedEnvelope(try QRMessageIO.read(file))
        let report = try StellarActions.submit(envelope, horizon: try StellarHorizon(url: horizon, transport: URLSessionTransport()))
        let submission = report.submission
        Console.info("Accepted: hash \(submission.hash ?? "?"), ledger \(submission.ledger.map(String.init) ?? "?"), \(report.resultText).")
        let json: JSONValue = .object([
            (key: "hash", value: submission.hash.map { .string($0) } ?? .null),
            (key: "ledger", value: submission.ledger.map { .number(String($0)) } ?? .null),
            (key: "result", value: .string(report.resultText)),
        ])
        Console.output(JSONSerializer().serialize(json))
    }
}
