import AirsignWatch
import ArgumentParser

struct AccountImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import watch-only accounts exported by airsign-signer (a file, standard input, or QR images).",
        discussion: """
            Reads account descriptors (one, a JSON array, or JSON lines as account export \
            writes them) and checks each: known fields only, version 1, an address that is its \
            public key's, a network of its chain, an xpub that derives the key. They are kept \
            in $AIRSIGN_WATCH_HOME/accounts (default ~/.airsign-watch).
            """)

    @Argument(help: ArgumentHelp("The descriptor file, or - for standard input.", valueName: "FILE|-"))
    var file: String?

    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp("Scan QR codes in these images or directories instead.", valueName: "PATH"))
    var scan: [String] = []

    @Flag(help: "Replace an account already imported with other details.")
    var replace = false

    func validate() throws {
        guard (file == nil) != scan.isEmpty else { throw ValidationError("give either FILE (or -) or --scan PATH…") }
    }

    func run() throws {
        let source: WatchAccountActions.Source = file.map { .file($0) } ?? .scan(scan)
        try WatchAccountActions.importAccounts(from: source, replace: replace)
    }
}
