import AirsignEthereum
import AirsignWatch
import ArgumentParser

struct EthereumCallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "call",
        abstract: "Request a contract call: raw calldata, or a function and its arguments (cast's syntax).",
        discussion: """
            --sig 'deposit(address,uint256)' 0xAbc… 1000 encodes the call from a signature; \
            --abi FILE --function NAME from a JSON ABI (a Foundry/Hardhat artifact or a bare \
            ABI array). Arguments: integers in decimal or 0x hex (units allowed: 1.5ether), \
            addresses, true/false, 0x hex bytes, strings, [a,b] arrays and (a,b) tuples. The \
            function travels in the request; the signer names the arguments with it only when \
            its selector is the call's, and says that the names come from the request.
            """)

    @Option(help: ArgumentHelp("The contract (0x address).", valueName: "ADDRESS"))
    var to: String

    @Option(help: ArgumentHelp("The calldata, 0x hex.", valueName: "HEX"))
    var data: String?

    @Option(
        help: ArgumentHelp(
            "The function signature, as cast takes it: 'transfer(address,uint256)'.", valueName: "SIGNATURE"))
    var sig: String?

    @Option(help: ArgumentHelp("A JSON ABI file to take the function from (with --function).", valueName: "FILE"))
    var abi: String?

    @Option(
        help: ArgumentHelp(
            "The function's name in --abi (or its full signature, for an overloaded name).", valueName: "NAME"))
    var function: String?

    @Option(help: ArgumentHelp("ETH sent with the call, with a unit (default 0).", valueName: "AMOUNT"))
    var value: String?

    @OptionGroup var options: EthereumTransactionOptions

    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("The function's arguments, one each, in cast's syntax.", valueName: "ARG"))
    var arguments: [String] = []

    func validate() throws {
        _ = try EthereumCLI.check { try EthereumInput.address(to, option: "--to") }
        _ = try EthereumCLI.check { try calldata() }
        _ = try EthereumCLI.value(value)
    }

    func run() throws {
        let (data, abi) = try calldata()
        try options.issue(
            .call(to: try EthereumInput.address(to, option: "--to"), data: data, value: try EthereumCLI.value(value)),
            abi: abi)
    }

    private func calldata() throws -> (data: [UInt8], abi: ABIFunction?) {
        try CallDataSource.build(data: data, signature: sig, abiFile: abi, function: function, arguments: arguments)
    }
}
