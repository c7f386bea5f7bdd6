import ArgumentParser

/// What `account export` writes. Airsign's own descriptors are the default; the other formats
/// are what other wallets import a watch-only account from.
public enum ExportFormat: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// Airsign's account descriptors, for `airsign-watch account import`.
    case airsign
    /// `substrate:<address>:0x<genesis hash>`, which polkadot-js apps and Vault-style apps
    /// import as a QR-signer account (one line, one QR code, an account).
    case substrate
    /// The ERC-4527 pairing MetaMask-style wallets import (`PairingActions`).
    case cryptoHDKey = "crypto-hdkey"
    case cryptoAccount = "crypto-account"

    /// The pairing format, for the ERC-4527 ones.
    public var pairing: PairingActions.Format? { PairingActions.Format(rawValue: rawValue) }
}
