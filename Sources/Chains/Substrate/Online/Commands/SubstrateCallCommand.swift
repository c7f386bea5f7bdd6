import AirsignEncoding
import AirsignWatch
import ArgumentParser

struct SubstrateCallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "call",
        abstract: "A request for any call, given as its SCALE bytes (pallet index, call index, arguments).",
        discussion: "The signer shows calls it cannot decode as raw bytes and signs them only with --blind.")

    @OptionGroup var chain: SubstrateChainOptions

    @Option(help: ArgumentHelp("The SCALE-encoded call.", valueName: "0xHEX"))
    var call: String

    func validate() throws {
        guard call.hasPrefix("0x"), let bytes = try? Hex.decode(call), bytes.count >= 2 else {
            throw ValidationError("--call is 0x and the hex of at least a pallet and call index")
        }
    }

    func run() throws {
        _ = try SubstrateWatch.issue(from: chain.from, options: chain.options, transfer: nil, call: try Hex.decode(call), out: chain.out, qr: chain.qr)
    }
}
