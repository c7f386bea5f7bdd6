import AirsignCLI
import AirsignWatch
import ArgumentParser

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn an unsigned artifact another tool made into a stored request for the signer.",
        discussion: """
            Reads a polkadot-js SignerPayloadJSON or SignerPayloadRaw, an unsigned Ethereum \
            transaction (one line of 0x hex, or the JSON dict of eth-account and \
            eth_sendTransaction), EIP-712 typed data as eth_signTypedData_v4 takes it (alone or \
            as [address, typedData]; without an EIP712Domain type as eth-account reads it), a \
            Stellar transaction envelope (base64 XDR, with --network) or a web+stellar:tx link. \
            It must be for one of this watch's accounts. The request is reviewed as the signer \
            will review it, stored, and written like a built one, so finalize, submit and \
            broadcast work on the signer's answer.
            """)

    @Argument(help: ArgumentHelp("The artifact, or - for standard input.", valueName: "FILE|-"))
    var file: String

    @Option(
        help: ArgumentHelp(
            "The network of an artifact that does not name it (a bare Stellar envelope): pubnet, testnet, futurenet.",
            valueName: "network"))
    var network: String?

    @Option(
        help: ArgumentHelp(
            "Where to write the request: a file (written atomically) or - for standard output (the default when no QR output is asked for).",
            valueName: "FILE|-"))
    var out: String?

    @OptionGroup var qr: QROutputOptions

    func run() throws {
        try RequestImport.run(try QRMessageIO.read(file), network: network, output: RequestOutput(out: out, qr: qr))
    }
}
