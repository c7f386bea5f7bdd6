import AirsignWatch
import ArgumentParser

struct EthereumDeployCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "deploy", abstract: "Request a contract creation from init code.")

    @Option(help: ArgumentHelp("The init code (constructor bytecode and arguments), 0x hex.", valueName: "HEX"))
    var data: String

    @Option(help: ArgumentHelp("ETH sent to the new contract, with a unit (default 0).", valueName: "AMOUNT"))
    var value: String?

    @OptionGroup var options: EthereumTransactionOptions

    func validate() throws {
        let code = try EthereumCLI.check { try EthereumInput.data(data, option: "--data") }
        guard !code.isEmpty else { throw ValidationError("--data: a contract creation needs init code") }
        _ = try EthereumCLI.value(value)
    }

    func run() throws {
        try options.issue(.deploy(data: try EthereumInput.data(data, option: "--data"), value: try EthereumCLI.value(value)))
    }
}
