import AirsignCLI
import AirsignSignerCLI
import ArgumentParser

struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Decode requests and show what signing them would mean (no PIN).",
        discussion: """
            Shows the review of every request in the file (one request, a JSON array, or JSON \
            lines) and the batch total per chain and asset, exactly as `sign` would. Exits 0 \
            when every request could be signed; otherwise non-zero with the first reason \
            (3: a request is refused; 7: no keystore, or an account it does not hold).
            """)

    @OptionGroup var input: MessageInputOptions

    @Flag(help: "Accept requests that cannot be fully shown (raw or blind signing).")
    var blind = false

    func run() throws {
        try SignJob.standard().inspect(try input.read(), allowBlind: blind)
    }
}
