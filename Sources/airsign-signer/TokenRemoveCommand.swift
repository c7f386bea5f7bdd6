import AirsignSignerCLI
import ArgumentParser

struct TokenRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove an installed token.")

    @Option(name: .customLong("chain-id"), help: "The token's chain id.")
    var chainId: UInt64

    @Argument(help: "The token contract.")
    var address: String

    @OptionGroup var pin: PINFileOption

    func run() throws {
        try TokenActions.remove(chainId: chainId, address: address, pinFile: pin.path)
    }
}
