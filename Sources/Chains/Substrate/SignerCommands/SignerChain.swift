import AirsignSignerCLI

/// Substrate's part of `airsign-signer` beside its chain module: `account export --format
/// substrate`, the pairing of polkadot-js and Vault-style apps (listed in the signer's chain
/// table, `SignerChains.standard`).
public enum SubstrateSignerChain {
    public static let commands = SignerChainCommands(exportFormats: [UOSAccountExport()])
}
