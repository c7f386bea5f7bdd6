import AirsignCLI
import AirsignKeys
import AirsignKeystore
import AirsignSignerCLI
import ArgumentParser

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create the keystore and choose its PIN.",
        discussion: """
            Creates the keystore directory (mode 700) and asks for a new PIN twice (at least 6 \
            characters). Every key file will be encrypted under this PIN with Argon2id and \
            XChaCha20-Poly1305. The PIN cannot be recovered.
            """)

    @Option(help: "Argon2id cost: interactive (64 MiB), moderate (256 MiB) or sensitive (1 GiB).")
    var kdf: KDFPreset = .standard

    @OptionGroup var pin: PINFileOption

    func run() throws {
        try PINActions.initialize(kdf: kdf, pinFile: pin.path)
    }
}
