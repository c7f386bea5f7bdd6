import AirsignCLI
import AirsignWatch
import ArgumentParser
import BigInt

/// The options `ethereum sign-message` and `sign-typed-data` share.
struct EthereumMessageOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The watch-only account that will sign (0x address).", valueName: "ADDRESS"))
    var from: String

    @Option(name: .customLong("chain-id"), help: ArgumentHelp("The network (decimal chain id) the account was imported for, when it has several.", valueName: "ID"))
    var chainId: String?

    @Option(help: ArgumentHelp("A note the signer shows, marked unverified.", valueName: "TEXT"))
    var note: String?

    @Option(help: ArgumentHelp("Where to write the request: a file (written atomically) or - for standard output.", valueName: "FILE|-"))
    var out = "-"

    @OptionGroup var qr: QROutputOptions

    func validate() throws {
        _ = try EthereumCLI.check { try EthereumInput.address(from, option: "--from") }
        _ = try parsedChainId()
    }

    func parsedChainId() throws -> BigUInt? {
        try chainId.map { text in try EthereumCLI.check { try EthereumInput.chainId(text) } }
    }

    var builder: EthereumMessageBuilder {
        get throws { EthereumMessageBuilder(store: try WatchContext.store()) }
    }
}
