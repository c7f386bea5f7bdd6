import AirsignEthereumSignerCommands
import AirsignSignerCLI
import AirsignStellarSignerCommands
import AirsignSubstrateSignerCommands
import ArgumentParser

/// The signer's table of what chains bring to `airsign-signer` beside their chain modules (which
/// `ChainRegistry.standard`, in AirsignChains, lists): their own command groups and their parts
/// of `token`, one line a chain that has any, as the watch's chain table
/// (`WatchChains.standard`) lists each chain's `airsign-watch <chain>` commands.
public enum SignerChains {
    /// Substrate first: `account export --format` lists its formats in this order.
    public static let standard: [SignerChainCommands] = [
        SubstrateSignerChain.commands,
        EthereumSignerChain.commands,
        StellarSignerChain.commands,
    ]

    /// Every chain's own command groups, in table order.
    public static var commands: [any ParsableCommand.Type] { standard.flatMap(\.commands) }

    /// Every chain's part of `token`, in table order (the order `token list` lists them in).
    public static var tokenKinds: [any TokenKind] { standard.compactMap(\.tokens) }

    /// Every chain's `account export` formats, in table order.
    public static var exportFormats: [any AccountExportFormat] { standard.flatMap(\.exportFormats) }
}
