import AirsignCLI
import AirsignWatchChains
import ArgumentParser

@main
struct AirsignWatch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "airsign-watch",
        abstract: "The online half of Airsign: watch-only accounts, unsigned requests, broadcast.",
        discussion: """
            airsign-watch knows public keys only. It builds unsigned transactions for the offline \
            airsign-signer, checks the signatures that come back, and sends them to the chain.

            Its store lives in $AIRSIGN_WATCH_HOME, or ~/.airsign-watch when that is not set.
            """,
        version: AirsignVersion.string,
        subcommands: [
            AccountCommand.self, ImportCommand.self, RequestsCommand.self, FinalizeCommand.self, QRCommand.self,
        ] + WatchChains.standard.map(\.command)
    )

    /// The shared runner: one-line errors and the exit codes documented in docs/exit-codes.md.
    static func main() {
        CommandRunner.main(AirsignWatch.self)
    }
}
