import AirsignCLI
import AirsignKeys
import AirsignSignerCLI
import ArgumentParser

struct KeyImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract:
            "Store a secret you already have: a recovery phrase, Stellar S… secret, Ethereum key, ICP PEM or Substrate seed.",
        discussion: """
            The secret is read from --from FILE (mode 600), --from - (standard input), or typed \
            at a hidden prompt; never from the command line. A phrase gets an account on every \
            chain (as key generate); a single key gets the account of its chain (Ethereum, \
            Stellar, ICP, or Substrate sr25519 on Polkadot). Add others with account add.
            """)

    @Argument(help: "A name for the key (letters, digits, . _ -).")
    var name: String

    @Option(help: "What the secret is: phrase, stellar-secret, ethereum-key, icp-pem or substrate-seed.")
    var kind: ImportKind

    @Option(
        help: ArgumentHelp(
            "Read the secret from FILE, or - for standard input, instead of a hidden prompt.", valueName: "file"))
    var from: String?

    @Option(
        name: .customLong("passphrase-file"),
        help: ArgumentHelp(
            "For a phrase: read its BIP39 passphrase (also the Substrate ///password) from FILE, or - for standard input.",
            valueName: "file"))
    var passphraseFile: String?

    @OptionGroup var pin: PINFileOption

    func validate() throws {
        _ = try KeyNameArgument.parse(name)
        if passphraseFile != nil, kind != .phrase {
            throw ValidationError("--passphrase-file goes with --kind phrase only")
        }
        let stdin = [from, passphraseFile, pin.path].filter { $0 == "-" }.count
        if stdin > 1 {
            throw ValidationError("only one of --from, --passphrase-file and --pin-file can read standard input")
        }
    }

    func run() throws {
        try KeyImportAction.run(
            try KeyNameArgument.parse(name), kind: kind, from: from, passphraseFile: passphraseFile, pinFile: pin.path)
    }
}
