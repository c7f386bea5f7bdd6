import AirsignSignerCLI
import ArgumentParser

struct DelegateAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Trust a contract as an EIP-7702 delegate, on one chain or every chain.")

    @Argument(help: "The delegate contract's address (0x, EIP-55 or all one case).")
    var address: String

    @Option(help: ArgumentHelp("The name reviews show for it.", valueName: "NAME"))
    var name: String

    @Option(
        name: .customLong("chain-id"),
        help: ArgumentHelp("The chain id it is trusted on; 0 for every chain.", valueName: "ID"))
    var chainId: UInt64

    @OptionGroup var pin: PINFileOption

    func validate() throws {
        _ = try DelegateActions.delegate(address: address, chainId: chainId, name: name)
    }

    func run() throws {
        try DelegateActions.add(
            try DelegateActions.delegate(address: address, chainId: chainId, name: name), pinFile: pin.path)
    }
}
