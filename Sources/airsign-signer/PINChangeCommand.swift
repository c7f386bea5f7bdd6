import AirsignCLI
import AirsignKeys
import AirsignKeystore
import AirsignSignerCLI
import ArgumentParser

struct PINChangeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "change",
        abstract: "Re-encrypt every key under a new PIN.",
        discussion: """
            Asks for the current PIN, then the new one twice. All files are re-encrypted and \
            replaced together: if the machine stops half-way, the next run finishes or undoes the \
            change, so the keystore always opens with either the old or the new PIN.
            """)

    @OptionGroup var pin: PINFileOption

    @Option(
        name: .customLong("new-pin-file"),
        help: ArgumentHelp(
            "Read the new PIN from FILE (or - for standard input) instead of asking twice on the terminal.",
            valueName: "file"))
    var newPINFile: String?

    @Option(help: "Also change the Argon2id cost: interactive, moderate or sensitive (default: keep it).")
    var kdf: KDFPreset?

    func validate() throws {
        if pin.path == "-" && newPINFile == "-" {
            throw ValidationError("--pin-file and --new-pin-file cannot both read standard input")
        }
    }

    func run() throws {
        try PINActions.change(pinFile: pin.path, newPINFile: newPINFile, kdf: kdf)
    }
}
