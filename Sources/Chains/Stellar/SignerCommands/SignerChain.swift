import AirsignSignerCLI

/// Stellar's part of `airsign-signer` beside its chain module: its SEP-41 tokens in `token`
/// (listed in the signer's chain table, `SignerChains.standard`).
public enum StellarSignerChain {
    public static let commands = SignerChainCommands(tokens: StellarTokens())
}
