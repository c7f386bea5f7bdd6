import AirsignSignerCLI
import ArgumentParser

struct TokenAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add an ERC-20 token: its symbol and decimals on one chain.")

    @Option(name: .customLong("chain-id"), help: "The EVM chain id (1 for Ethereum mainnet).")
    var chainId: UInt64

    @Argument(help: "The token contract (0x + 40 hex digits; mixed case must be EIP-55).")
    var address: String

    @Argument(help: "The symbol shown in reviews.")
    var symbol: String

    @Argument(help: "The token's decimals (0 to 77).")
    var decimals: UInt64

    @Option(help: "The token's name (default: the symbol).")
    var name: String?

    @OptionGroup var pin: PINFileOption

    func run() throws {
        try TokenActions.add(chainId: chainId, address: address, symbol: symbol, decimals: decimals, name: name, pinFile: pin.path)
    }
}
