import AirsignCLI
import AirsignWatch
import ArgumentParser

struct EthereumSignTypedDataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign-typed-data", abstract: "Request an EIP-712 (v4) signature of typed data from a JSON file.",
        discussion: """
            FILE holds {"types", "primaryType", "domain", "message"} as eth_signTypedData_v4 \
            takes it. The account's network is chosen by --chain-id or the domain's chainId; \
            the signer refuses a domain chainId of another network.
            """)

    @Argument(help: ArgumentHelp("The EIP-712 JSON file, or - for standard input.", valueName: "FILE|-"))
    var file: String

    @OptionGroup var options: EthereumRequestOptions

    func run() throws {
        let request = try options.builder.typedData(
            from: options.from, chainId: try options.parsedChainId(),
            json: try QRMessageIO.read(file), path: file, note: options.output.note)
        try EthereumActions.issue(request, output: options.output)
    }
}
