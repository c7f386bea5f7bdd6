import AirsignSignerCLI
import AirsignSignerChains
import ArgumentParser

struct TokenAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a token: an ERC-20 token on one EVM chain, or a Stellar SEP-41 token on one network.")

    @Option(name: .customLong("chain-id"), help: "The EVM chain id of an ERC-20 token (1 for Ethereum mainnet).")
    var chainId: UInt64?

    @Option(
        help: ArgumentHelp(
            "The Stellar network of a SEP-41 token.", valueName: "stellar:pubnet|stellar:testnet|stellar:futurenet"))
    var network: String?

    @Argument(
        help: "The token contract (ERC-20: 0x + 40 hex digits, mixed case must be EIP-55; Stellar: its C… address).")
    var address: String

    @Argument(help: "The symbol shown in reviews.")
    var symbol: String

    @Argument(help: "The token's decimals (ERC-20: 0 to 77; Stellar: 0 to 38).")
    var decimals: UInt64

    @Option(help: "The token's name (default: the symbol).")
    var name: String?

    @OptionGroup var pin: PINFileOption

    func run() throws {
        try TokenActions.add(
            TokenPlace(chainId: chainId, network: network), address: address, symbol: symbol, decimals: decimals,
            name: name, pinFile: pin.path, kinds: SignerChains.tokenKinds)
    }
}
