import AirsignWatch
import ArgumentParser

struct EthereumSignMessageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign-message", abstract: "Request an EIP-191 personal_sign signature of a message.")

    @Option(help: ArgumentHelp("The message as text (signed as its UTF-8 bytes).", valueName: "TEXT"))
    var message: String?

    @Option(help: ArgumentHelp("The message as 0x hex bytes.", valueName: "HEX"))
    var hex: String?

    @OptionGroup var options: EthereumRequestOptions

    func validate() throws {
        guard (message == nil) != (hex == nil) else { throw ValidationError("give either --message TEXT or --hex HEX") }
        if let hex { _ = try EthereumCLI.check { try EthereumInput.data(hex, option: "--hex") } }
    }

    func run() throws {
        let bytes = try hex.map { try EthereumInput.data($0, option: "--hex") } ?? Array((message ?? "").utf8)
        let request = try options.builder.personalMessage(
            from: options.from, chainId: try options.parsedChainId(), message: bytes, note: options.output.note)
        try EthereumActions.issue(request, output: options.output)
    }
}
