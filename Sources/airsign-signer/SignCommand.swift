import AirsignCLI
import AirsignSignerCLI
import ArgumentParser

struct SignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Review and sign requests: the whole batch with one confirmation and one PIN.",
        discussion: """
            Every request is reviewed first; if any is refused (or needs an account the \
            keystore lacks) nothing is signed and the PIN is not asked for. Then each review \
            and the batch total are shown, you confirm once (--yes skips), enter the PIN once, \
            and all responses are written together: all or nothing.
            """)

    @OptionGroup var input: MessageInputOptions

    @Option(
        help: ArgumentHelp(
            "Where to write the responses: a file (written atomically) or - for standard output.", valueName: "FILE|-"))
    var out: String?

    @OptionGroup var qr: QROutputOptions

    @Flag(help: "Sign without asking for confirmation.")
    var yes = false

    @OptionGroup var pinFile: PINFileOption

    @Flag(help: "Write compact responses (id and signature: one QR code); the watch completes them.")
    var compact = false

    @OptionGroup var blind: BlindOptions

    @Flag(help: "List every detail a review otherwise counts (each entry of a Stellar Soroban footprint).")
    var details = false

    @Option(
        help: ArgumentHelp(
            "The network of native input that does not name one (a bare Stellar envelope: pubnet, testnet, futurenet); a SEP-7 URI must name the same.",
            valueName: "NETWORK"))
    var network: String?

    func validate() throws {
        if out?.isEmpty == true { throw ValidationError("--out needs a file name or -") }
    }

    func run() throws {
        var job = try SignJob.standard()
        job.nativeNetwork = network
        job.details = details
        let batch = try job.sign(
            try input.read(framings: job.registry.foreignFormats.flatMap(\.framings)), blind: blind.consent,
            compact: compact, confirmed: yes,
            confirm: { question in try TerminalInput.confirm(question, hint: "pass --yes to sign without asking") },
            pin: { try PINEntry.current(file: pinFile.path) })
        try job.write(batch, out: out ?? (qr.isRequested ? nil : "-"), qr: qr)
    }
}
