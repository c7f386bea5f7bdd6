import AirsignWatch
import ArgumentParser

struct EthereumDeployCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deploy", abstract: "Request a contract creation from init code.")

    @Option(
        help: ArgumentHelp(
            "The init code (constructor bytecode, with any arguments unless --constructor-sig gives them), 0x hex.",
            valueName: "HEX"))
    var data: String

    @Option(
        name: .customLong("constructor-sig"),
        help: ArgumentHelp(
            "The constructor's parameter types, 'constructor(uint256,address)': its arguments follow, in cast's syntax, and are appended to the init code.",
            valueName: "SIGNATURE"))
    var constructorSig: String?

    @Option(help: ArgumentHelp("ETH sent to the new contract, with a unit (default 0).", valueName: "AMOUNT"))
    var value: String?

    @OptionGroup var options: EthereumTransactionOptions

    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("The constructor's arguments (with --constructor-sig).", valueName: "ARG"))
    var arguments: [String] = []

    func validate() throws {
        let code = try EthereumCLI.check { try initCode() }
        guard !code.isEmpty else { throw ValidationError("--data: a contract creation needs init code") }
        _ = try EthereumCLI.value(value)
    }

    func run() throws {
        try options.issue(.deploy(data: try initCode(), value: try EthereumCLI.value(value)))
    }

    private func initCode() throws -> [UInt8] {
        let code = try EthereumInput.data(data, option: "--data")
        guard let constructorSig else {
            guard arguments.isEmpty else { throw ValidationError("constructor arguments need --constructor-sig") }
            return code
        }
        return code + (try CallDataSource.constructorArguments(signature: constructorSig, arguments: arguments))
    }
}
