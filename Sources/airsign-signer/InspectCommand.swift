import AirsignCLI
import AirsignSignerCLI
import ArgumentParser

struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Decode requests and show what signing them would mean (the PIN only to check what is installed).",
        discussion: """
            Shows the review of every request in the file (one request, a JSON array, or JSON \
            lines) and the batch total per chain and asset, exactly as `sign` would. Exits 0 \
            when every request could be signed; otherwise non-zero with the first reason \
            (3: a request is refused; 7: no keystore, or an account it does not hold). When \
            descriptors or tokens are installed on the signer, their PIN seal is checked first, \
            as `sign` checks it (exit 5 when the file was changed outside airsign-signer), with \
            the PIN from --pin-file or the terminal; without either, the reviews are headed by \
            a note that it was not checked. With --json the reviews go to standard output as one \
            JSON document instead (the notes stay on standard error, the exit status is the same).
            """)

    @OptionGroup var input: MessageInputOptions

    @OptionGroup var blind: BlindOptions

    @OptionGroup var pinFile: PINFileOption

    @Flag(help: "List every detail a review otherwise counts (each entry of a Stellar Soroban footprint).")
    var details = false

    @Flag(
        help:
            "Write the reviews to standard output as one JSON document (docs/formats.md, \"Review JSON\"): intent, owner, fields with their sources, every line, warnings and effects."
    )
    var json = false

    @Option(
        help: ArgumentHelp(
            "The network of native input that does not name one (a bare Stellar envelope: pubnet, testnet, futurenet); a SEP-7 URI must name the same.",
            valueName: "NETWORK"))
    var network: String?

    func run() throws {
        var job = try SignJob.standard()
        job.nativeNetwork = network
        job.details = details
        let document: (@Sendable (String) -> Void)? = json ? { @Sendable text in Console.output(text) } : nil
        try job.inspect(
            try input.read(framings: job.registry.foreignFormats.flatMap(\.framings)), blind: blind.consent,
            pin: PINEntry.ifAvailable(file: pinFile.path), json: document)
    }
}
