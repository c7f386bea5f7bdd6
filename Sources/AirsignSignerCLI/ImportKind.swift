import AirsignCrypto
import AirsignKeys
import ArgumentParser

/// The forms `key import --kind` reads a secret in.
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

    /// The secret in `text` (UTF-8 in protected memory).
    public func parse(_ text: SecureBytes) throws(KeysError) -> KeySecret {
        switch self {
        case .phrase: return try KeyImport.phrase(text)
        case .stellarSecret: return try KeyImport.stellarSecret(text)
        case .ethereumKey: return try KeyImport.ethereumPrivateKey(text)
        case .icpPEM: return try KeyImport.icpPEM(text)
        case .substrateSeed: return try KeyImport.substrateSeed(text)
        }
    }

    /// What the terminal prompt asks for.
    var prompt: String {
        switch self {
        case .phrase: return "Recovery phrase (input hidden): "
        case .stellarSecret: return "Stellar secret key S… (input hidden): "
        case .ethereumKey: return "Ethereum private key, hex (input hidden): "
        case .icpPEM: return "ICP PEM (input hidden): "
        case .substrateSeed: return "Substrate seed 0x… (input hidden): "
        }
    }

    /// Whether the secret can be typed on one line at the prompt (a PEM file cannot).
    var fitsOneLine: Bool { self != .icpPEM }
}
