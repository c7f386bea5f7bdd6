import AirsignSignerCLI

/// Ethereum's part of `airsign-signer` beside its chain module: the `descriptor` commands and
/// its ERC-20 tokens in `token` (listed in the signer's chain table, `SignerChains.standard`).
public enum EthereumSignerChain {
    public static let commands = SignerChainCommands(commands: [DescriptorCommand.self], tokens: EthereumTokens())
}
