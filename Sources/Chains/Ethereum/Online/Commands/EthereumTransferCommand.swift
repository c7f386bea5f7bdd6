import AirsignWatch
import ArgumentParser

struct EthereumTransferCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "transfer", abstract: "Request a transfer of ETH.")

    @Option(help: ArgumentHelp("The recipient (0x address; mixed case must be EIP-55).", valueName: "ADDRESS"))
    var to: String

    @Option(help: ArgumentHelp("The amount, exact, with a unit: 1.5ether, 2gwei, 123wei.", valueName: "AMOUNT"))
    var value: String

    @OptionGroup var options: EthereumTransactionOptions

    func validate() throws {
        _ = try EthereumCLI.check { try EthereumInput.address(to, option: "--to") }
        _ = try EthereumCLI.value(value)
    }

    func run() throws {
        try options.issue(
            .transfer(to: try EthereumInput.address(to, option: "--to"), value: try EthereumCLI.value(value)))
    }
}
