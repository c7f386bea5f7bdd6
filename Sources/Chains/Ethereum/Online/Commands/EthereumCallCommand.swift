import AirsignWatch
import ArgumentParser

struct EthereumCallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "call", abstract: "Request a contract call with given calldata.")

    @Option(help: ArgumentHelp("The contract (0x address).", valueName: "ADDRESS"))
    var to: String

    @Option(help: ArgumentHelp("The calldata, 0x hex.", valueName: "HEX"))
    var data: String

    @Option(help: ArgumentHelp("ETH sent with the call, with a unit (default 0).", valueName: "AMOUNT"))
    var value: String?

    @OptionGroup var options: EthereumTransactionOptions

    func validate() throws {
        _ = try EthereumCLI.check { try EthereumInput.address(to, option: "--to") }
        _ = try EthereumCLI.check { try EthereumInput.data(data, option: "--data") }
        _ = try EthereumCLI.value(value)
    }

    func run() throws {
        try options.issue(.call(to: try EthereumInput.address(to, option: "--to"), data: try EthereumInput.data(data, option: "--data"),
                                value: try EthereumCLI.value(value)))
    }
}
