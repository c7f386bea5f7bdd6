import AirsignCLI
import AirsignKeys
import AirsignSignerCLI
import ArgumentParser

struct KeyGenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Create a new recovery phrase and store it with an account for every chain.",
        discussion: """
            The phrase comes from the system's random generator and is shown once, on the \
            terminal only (never on standard output or error), then typed back to confirm. It \
            is stored encrypted with the default accounts: Ethereum m/44'/60'/0'/0/0, ICP \
            m/44'/223'/0'/0/0, Stellar m/44'/148'/0', Substrate sr25519 (the phrase's root) on \
            Polkadot. --skip-verify shows it without asking it back. For automation without a \
            terminal, --skip-verify --phrase-out FILE writes it to a new file (mode 600) \
            instead: that file holds the key, so move it offline and delete it.
            """)

    @Argument(help: "A name for the key (letters, digits, . _ -).")
    var name: String

    @Option(help: "Number of words: 12, 15, 18, 21 or 24.")
    var words = 24

    @Option(
        name: .customLong("passphrase-file"),
        help: ArgumentHelp(
            "Read a BIP39 passphrase (also the Substrate ///password) from FILE, or - for standard input.",
            valueName: "file"))
    var passphraseFile: String?

    @Flag(name: .customLong("skip-verify"), help: "Do not ask for the phrase back.")
    var skipVerify = false

    @Option(
        name: .customLong("phrase-out"),
        help: ArgumentHelp(
            "Dangerous: write the phrase to this new file (mode 600) instead of the terminal; needs --skip-verify.",
            valueName: "file"))
    var phraseOut: String?

    @OptionGroup var pin: PINFileOption

    func validate() throws {
        _ = try KeyNameArgument.parse(name)
        guard Mnemonic.wordCounts.contains(words) else { throw ValidationError("--words must be 12, 15, 18, 21 or 24") }
        if phraseOut != nil, !skipVerify {
            throw ValidationError(
                "--phrase-out needs --skip-verify: a phrase written to a file is not shown, so it cannot be typed back")
        }
        if pin.path == "-", passphraseFile == "-" {
            throw ValidationError("--pin-file and --passphrase-file cannot both read standard input")
        }
    }

    func run() throws {
        let output: KeyGenerateAction.PhraseOutput = phraseOut.map { .file($0) } ?? .terminal(verify: !skipVerify)
        try KeyGenerateAction.run(
            try KeyNameArgument.parse(name), words: words, passphraseFile: passphraseFile,
            output: output, pinFile: pin.path)
    }
}
