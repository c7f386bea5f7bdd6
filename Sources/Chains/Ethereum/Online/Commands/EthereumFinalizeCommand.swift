import AirsignCLI
import AirsignEthereum
import AirsignMessages
import AirsignWatch
import ArgumentParser

struct EthereumFinalizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "finalize", abstract: "Verify Ethereum responses and output the signed transactions.",
        discussion: """
            As finalize, for Ethereum responses only: each response must answer a request this \
            watch issued; the sender recovered from the signature must be the request's \
            account and the signed transaction's fields the requested ones. Shows each raw \
            transaction and hash; writes the full responses (for broadcast), or with --raw the \
            raw transactions as 0x hex lines. An ERC-4527 ur:eth-signature (from a \
            Keystone-style signer answering ethereum erc4527) is read as the compact response \
            for the request whose id it echoes.
            """)

    @OptionGroup var input: MessageInputOptions

    @Option(
        help: ArgumentHelp(
            "Where to write the output: a file (written atomically) or - for standard output.", valueName: "FILE|-"))
    var out = "-"

    @Flag(help: "Write the raw signed transactions (0x hex, one a line) instead of the full responses.")
    var raw = false

    func run() throws {
        let read = try input.read(framings: [])
        var bytes = read.bytes
        if read.urType == EthSignature.urType {
            bytes = MessageFile.serialize([try EthSignature(cbor: read.bytes).compactResponse()])
        }
        try EthereumActions.finalize(bytes, out: out, raw: raw)
    }
}
