import ArgumentParser

/// One chain's part of `airsign-signer` beside its chain module: its own command groups (as
/// the watch's chain table lists each chain's `airsign-watch <chain>` group), its part of the
/// token commands and its `account export` formats. Each chain with such a part writes it in its
/// `Sources/Chains/<Chain>/SignerCommands/` folder; `SignerChains.standard` lists them.
public struct SignerChainCommands: Sendable {
    /// Top-level command groups of the chain's own (Ethereum's `descriptor`).
    public let commands: [any ParsableCommand.Type]
    /// Its tokens, when `token` installs any.
    public let tokens: (any TokenKind)?
    /// Its `account export --format` values beside Airsign's own descriptors.
    public let exportFormats: [any AccountExportFormat]

    public init(
        commands: [any ParsableCommand.Type] = [], tokens: (any TokenKind)? = nil,
        exportFormats: [any AccountExportFormat] = []
    ) {
        self.commands = commands
        self.tokens = tokens
        self.exportFormats = exportFormats
    }
}
