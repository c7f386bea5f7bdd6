import AirsignCLI
import AirsignEncoding
import AirsignWatch
import ArgumentParser

struct SubstrateSubmitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "submit",
        abstract: "Send the extrinsic of a verified response to a node (author_submitExtrinsic) and print its hash.",
        discussion: """
            FILE holds one response (full or compact, from the signer or finalize). Before \
            anything is sent it is checked as finalize checks it: it must answer a Substrate \
            request this watch stored, for the request's account, with a signature that \
            verifies; the extrinsic sent is the one assembled from the stored request (a full \
            response's own must be identical). A refusal exits 3 and sends nothing.
            """)

    @Argument(
        help: ArgumentHelp(
            "A response (airsign-signer sign or airsign-watch finalize output), or - for standard input.",
            valueName: "FILE|-"))
    var file: String

    @Option(help: ArgumentHelp("The node's HTTP JSON-RPC endpoint.", valueName: "URL"))
    var rpc: String

    func run() throws {
        let hash = try SubstrateWatch.submit(
            try QRMessageIO.read(file), rpc: rpc,
            finalizer: ResponseFinalizer(
                store: try RequestActions.store(), finalizers: FinalizerRegistry([SubstrateFinalizer()])))
        Console.output(Hex.encode(hash, prefix: true))
    }
}
