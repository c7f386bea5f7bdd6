import AirsignCLI
import AirsignEncoding
import AirsignWatch
import ArgumentParser

struct SubstrateSubmitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "submit",
        abstract: "Send the extrinsic of a finalized response to a node (author_submitExtrinsic) and print its hash.")

    @Argument(help: ArgumentHelp("A finalized response (airsign-watch finalize output), or - for standard input.", valueName: "FILE|-"))
    var file: String

    @Option(help: ArgumentHelp("The node's HTTP JSON-RPC endpoint.", valueName: "URL"))
    var rpc: String

    func run() throws {
        let hash = try SubstrateWatch.submit(try QRMessageIO.read(file), rpc: rpc)
        Console.output(Hex.encode(hash, prefix: true))
    }
}
