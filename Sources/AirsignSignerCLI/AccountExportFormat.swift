import AirsignCLI

/// A chain's `account export --format`: what another wallet imports this signer's accounts from
/// as a watch-only or QR-signer account (Substrate's `substrate:ADDRESS:0xGENESIS` for
/// polkadot-js and Vault-style apps, Ethereum's ERC-4527 pairing for MetaMask-style wallets).
/// Airsign's own descriptors (`airsign`) are the command's default; a chain writes its formats
/// in its `Sources/Chains/<Chain>/SignerCommands/` folder and the signer's chain table lists them.
public protocol AccountExportFormat: Sendable {
    /// The `--format` values it writes (ERC-4527's two forms are one format).
    var names: [String] { get }
    /// Whether it reads `--genesis` (a network's full genesis hash).
    var takesGenesis: Bool { get }
    /// Whether it derives from the secret, and so takes `--pin-file`.
    var needsPIN: Bool { get }

    /// Writes the accounts `target` names (a key's name or an address) as `name` (one of
    /// `names`) to `out` (`-` for standard output) and as QR to `qr`.
    func export(
        _ target: String, as name: String, out: String?, qr: QROutputOptions, genesis: [UInt8]?, pinFile: String?)
        throws
}
