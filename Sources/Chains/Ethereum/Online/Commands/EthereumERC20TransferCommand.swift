import AirsignWatch
import ArgumentParser

struct EthereumERC20TransferCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "erc20-transfer", abstract: "Request an ERC-20 token transfer.",
        discussion: """
            The amount is exact decimal text in the token's units (1.5 with 6 decimals is \
            1500000 base units). --decimals, or --rpc to ask the token (both: they must agree). \
            The decimals and symbol travel in the request's note, which the signer shows as \
            unverified next to the base units it decodes itself.
            """)

    @Option(help: ArgumentHelp("The token contract (0x address).", valueName: "ADDRESS"))
    var token: String

    @Option(help: ArgumentHelp("The recipient (0x address).", valueName: "ADDRESS"))
    var to: String

    @Option(help: ArgumentHelp("The amount in the token's units, e.g. 1.5.", valueName: "AMOUNT"))
    var amount: String

    @Option(help: ArgumentHelp("The token's decimals (0…255); asked from the token with --rpc.", valueName: "N"))
    var decimals: Int?

    @OptionGroup var options: EthereumTransactionOptions

    func validate() throws {
        _ = try EthereumCLI.check { try EthereumInput.address(token, option: "--token") }
        _ = try EthereumCLI.check { try EthereumInput.address(to, option: "--to") }
        if let decimals, !(0...255).contains(decimals) { throw ValidationError("--decimals must be 0…255") }
    }

    func run() throws {
        try options.issue(
            .erc20Transfer(
                token: try EthereumInput.address(token, option: "--token"),
                to: try EthereumInput.address(to, option: "--to"),
                amount: amount, decimals: decimals))
    }
}
