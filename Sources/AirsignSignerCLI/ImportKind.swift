import AirsignCrypto
import AirsignKeys
import ArgumentParser

/// The forms `key import --kind` reads a secret in. The cases are the command line's spelling
/// in the order its help lists them; what a chain's form reads and the prompt that asks for it
/// are that chain's (`ChainAccounts.secretImports`, in its folder's Accounts.swift).
public enum ImportKind: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// A BIP39 recovery phrase (12–24 English words).
    case phrase
    /// A Stellar secret seed, `S…`.
    case stellarSecret = "stellar-secret"
    /// An Ethereum private key, 64 hex digits with or without `0x`.
    case ethereumKey = "ethereum-key"
    /// An ICP identity PEM as dfx and quill write it (secp256k1 `EC PRIVATE KEY` or PKCS#8 Ed25519).
    case icpPEM = "icp-pem"
    /// A Substrate seed, `0x` and 64 hex digits (subkey's "Secret seed").
    case substrateSeed = "substrate-seed"

    /// The secret in `text` (UTF-8 in protected memory): a phrase here, a chain's own form by
    /// that chain's `secretImports`.
    public func parse(_ text: SecureBytes) throws(KeysError) -> KeySecret {
        guard self != .phrase else { return try KeyImport.phrase(text) }
        guard let found = StandardAccounts.secretImport(kind: rawValue) else {
            throw .invalidSecretEncoding("no chain in this build reads --kind \(rawValue)")
        }
        return try found.form.parse(text)
    }

    /// What the terminal prompt asks for.
    var prompt: String {
        guard self != .phrase else { return "Recovery phrase (input hidden): " }
        return StandardAccounts.secretImport(kind: rawValue)?.form.prompt ?? "\(rawValue) (input hidden): "
    }

    /// Whether the secret can be typed on one line at the prompt (a PEM file cannot).
    var fitsOneLine: Bool { StandardAccounts.secretImport(kind: rawValue)?.form.fitsOneLine ?? true }
}
