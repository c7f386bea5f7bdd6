import AirsignCLI
import AirsignWatch
import AirsignWatchChains
import ArgumentParser

struct FinalizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "finalize",
        abstract: "Verify signed responses against the stored requests and assemble the signed artifacts.",
        discussion: """
            Each response must answer a request this watch issued (found by its id) for the \
            same account; a compact response is completed from the stored request. The chain \
            module verifies every signature; only when all responses pass are they recorded and \
            the full responses (with the broadcastable result) written.
            """)

    @OptionGroup var input: MessageInputOptions

    @Option(
        help: ArgumentHelp(
            "Where to write the full responses: a file (written atomically) or - for standard output.",
            valueName: "FILE|-"))
    var out = "-"

    func run() throws {
        try RequestActions.finalize(try input.read(), out: out, finalizers: WatchChains.finalizers)
    }
}
