import AirsignCLI
import AirsignEncoding
import AirsignOnline
import AirsignWatch
import ArgumentParser

struct StellarSubmitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "submit",
        abstract: "Send a signed transaction to Horizon or a Stellar RPC server and report the outcome.",
        discussion: """
            FILE is one Stellar response (full or compact) or a signed envelope in base64 (as \
            `stellar merge` writes). Before anything is sent it is checked against the requests \
            this watch stored: a response as finalize checks it (the envelope sent is the one \
            assembled from the stored request); an envelope must carry exactly the transaction \
            of a stored request, and each of its signatures must verify for the account of a \
            stored request of that transaction (or be one the request already carried). A \
            refusal exits 3 and sends nothing. Prints {"hash","ledger","result"} on standard \
            output when the network accepts it; a rejection exits 9 naming the result \
            (tx_bad_seq, tx_failed (op_underfunded), …). With --rpc instead of --horizon it is \
            sent with sendTransaction and getTransaction is polled until it is in a ledger; the \
            result and meta are decoded and {"hash","ledger","status","result","feeCharged" \
            (stroops),"returnValue" (the contract call's, written as the review writes values)} \
            is printed. A result or meta that does not decode exits 9 naming the field.
            """)

    @Argument(help: ArgumentHelp("The response or signed envelope, or - for standard input.", valueName: "FILE|-"))
    var file: String

    @Option(help: ArgumentHelp("The Horizon server.", valueName: "URL"))
    var horizon: String?

    @Option(help: ArgumentHelp("A Stellar RPC server, instead of --horizon.", valueName: "URL"))
    var rpc: String?

    func validate() throws {
        guard (horizon == nil) != (rpc == nil) else { throw ValidationError("give --horizon URL or --rpc URL") }
    }

    func run() throws {
        let checks = StellarSubmission(
            finalizer: ResponseFinalizer(
                store: try RequestActions.store(), finalizers: FinalizerRegistry([StellarFinalizer()])))
        if let rpc {
            let outcome = try StellarRPCSubmission(rpc: try StellarRPC(url: rpc, transport: URLSessionTransport()))
                .submit(try checks.envelope(try QRMessageIO.read(file)))
            Console.info(
                "In ledger \(outcome.ledger.map(String.init) ?? "?"): hash \(outcome.hash), \(outcome.status), \(outcome.resultText)"
                    + (outcome.feeText.map { ", \($0)" } ?? "") + ".")
            if let value = outcome.returnValueText { Console.info("Returned: \(value)") }
            Console.output(
                JSONSerializer().serialize(
                    .object([
                        (key: "hash", value: .string(outcome.hash)),
                        (key: "ledger", value: outcome.ledger.map { .number(String($0)) } ?? .null),
                        (key: "status", value: .string(outcome.status)),
                        (key: "result", value: .string(outcome.resultText)),
                        (key: "feeCharged", value: outcome.result.map { .string(String($0.feeCharged)) } ?? .null),
                        (key: "returnValue", value: outcome.returnValueText.map { .string($0) } ?? .null),
                    ])))
            return
        }
        guard let horizon else { return }
        let report = try checks.send(
            try QRMessageIO.read(file), horizon: try StellarHorizon(url: horizon, transport: URLSessionTransport()))
        let submission = report.submission
        Console.info(
            "Accepted: hash \(submission.hash ?? "?"), ledger \(submission.ledger.map(String.init) ?? "?"), \(report.resultText)."
        )
        let json: JSONValue = .object([
            (key: "hash", value: submission.hash.map { .string($0) } ?? .null),
            (key: "ledger", value: submission.ledger.map { .number(String($0)) } ?? .null),
            (key: "result", value: .string(report.resultText)),
        ])
        Console.output(JSONSerializer().serialize(json))
    }
}
