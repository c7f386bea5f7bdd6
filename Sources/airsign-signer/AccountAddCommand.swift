import AirsignCLI
import AirsignKeys
import AirsignSignerCLI
import ArgumentParser

struct AccountAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Derive another account from a key and store it (needs the PIN).",
        discussion: """
            Ethereum m/44'/60'/0'/0/N, ICP m/44'/223'/0'/0/N and Stellar m/44'/148'/N' take \
            --index N. Substrate takes --scheme (sr25519 by default, ed25519, ecdsa), --path \
            with //hard and /soft junctions, and --network: polkadot (default), kusama, westend, \
            or an SS58 prefix with --genesis 0x<genesis hash>. A ///password is never part of a \
            path: it is the key's passphrase, given when the phrase is imported.
            """)

    @Argument(help: "The key's name.")
    var name: String

    @Option(help: "substrate, icp, ethereum or stellar.")
    var chain: Chain

    @Option(help: "Account index (Ethereum, ICP, Stellar); default 0.")
    var index: UInt32?

    @Option(help: "Substrate key scheme: sr25519, ed25519 or ecdsa.")
    var scheme: SubstrateScheme?

    @Option(help: ArgumentHelp("Substrate junctions, such as //polkadot//0 or //hard/soft.", valueName: "junctions"))
    var path: String?

    @Option(
        help: ArgumentHelp(
            "Network: Ethereum mainnet|sepolia|holesky|<chain ID>; Stellar pubnet|testnet|futurenet; ICP mainnet; Substrate polkadot|kusama|westend|<SS58 prefix>.",
            valueName: "network"))
    var network: String?

    @Option(
        help: ArgumentHelp(
            "With --network <SS58 prefix>: the chain's genesis hash, which names the network.", valueName: "0xhash"))
    var genesis: String?

    @OptionGroup var pin: PINFileOption

    func validate() throws {
        _ = try KeyNameArgument.parse(name)
        _ = try choice()
    }

    func run() throws {
        try AccountActions.add(try KeyNameArgument.parse(name), choice: try choice(), pinFile: pin.path)
    }

    private func choice() throws(ValidationError) -> AccountChoice {
        do {
            return try AccountChoice(
                chain: chain, index: index, scheme: scheme, path: path, network: network, genesis: genesis)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
