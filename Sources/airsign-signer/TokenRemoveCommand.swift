import AirsignSignerCLI
import AirsignSignerChains
import ArgumentParser

struct TokenRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove an installed token.")

    @Option(name: .customLong("chain-id"), help: "The ERC-20 token's chain id.")
    var chainId: UInt64?

    @Option(
        help: ArgumentHelp(
            "The Stellar token's network.", valueName: "stellar:pubnet|stellar:testnet|stellar:futurenet"))
    var network: String?

    @Argument(help: "The token contract.")
    var address: String

    @OptionGroup var pin: PINFileOption

    func run() throws {
        try TokenActions.remove(
            TokenPlace(chainId: chainId, network: network), address: address, pinFile: pin.path,
            kinds: SignerChains.tokenKinds)
    }
}
