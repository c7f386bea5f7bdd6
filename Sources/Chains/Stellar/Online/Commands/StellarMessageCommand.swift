import ArgumentParser

/// `stellar message …`: SEP-53 signed messages (today only `sign`).
struct StellarMessageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "message",
        abstract: "Ask a watch-only account to sign a SEP-53 message (proof of holding the key, off-chain).",
        subcommands: [StellarMessageSignCommand.self])
}
