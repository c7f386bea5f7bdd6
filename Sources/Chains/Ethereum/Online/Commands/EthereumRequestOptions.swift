import AirsignCLI
import AirsignWatch
import ArgumentParser
import BigInt

/// The options every `airsign-watch ethereum` builder shares: the account, its network, and
/// the request's note and outputs.
struct EthereumRequestOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The watch-only account that will sign (0x address).", valueName: "ADDRESS"))
    var from: String

    @Option(
        name: .customLong("chain-id"),
        help: ArgumentHelp(
            "The chain id (decimal). Default: the node's (transactions with --rpc), else the account's only network.",
            valueName: "ID"))
    var chainId: String?

    @OptionGroup var output: RequestOutputOptions

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
