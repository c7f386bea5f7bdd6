import AirsignSignerCLI

/// Ethereum's part of `airsign-signer` beside its chain module: the `descriptor` and `delegate` commands, its
/// ERC-20 tokens in `token`, and the ERC-4527 pairing of `account export` (listed in the
/// signer's chain table, `SignerChains.standard`).
public enum EthereumSignerChain {
    public static let commands = SignerChainCommands(
        commands: [DescriptorCommand.self, DelegateCommand.self], tokens: EthereumTokens(),
        exportFormats: [ERC4527AccountExport()])
}
