import AirsignSignerCLI
import ArgumentParser

struct DelegateRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Stop trusting an EIP-7702 delegate on a chain id.")

    @Argument(help: "The delegate's address, as `delegate list` shows it.")
    var address: String

    @Option(
        name: .customLong("chain-id"),
        help: ArgumentHelp("The chain id of the entry; 0 for the every-chain entry.", valueName: "ID"))
    var chainId: UInt64

    @OptionGroup var pin: PINFileOption

    func validate() throws {
        _ = try DelegateActions.address(address)
    }

    func run() throws {
        try DelegateActions.remove(address: try DelegateActions.address(address), chainId: chainId, pinFile: pin.path)
    }
}
