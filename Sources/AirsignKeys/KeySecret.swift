import AirsignCrypto

/// A secret the keystore holds, in the form accounts are derived from. Every variant keeps its
/// bytes in protected memory.
public enum KeySecret: Sendable {
    /// A BIP39 phrase: every chain, with the wallets' default paths.
    case mnemonic(Mnemonic)
    /// A Substrate `0x` seed (32 bytes): Substrate accounts, with hard junctions.
    case substrateSeed(SecureBytes)
    /// A single secp256k1 key (Ethereum hex key, ICP `EC PRIVATE KEY` PEM): Ethereum and ICP.
    case secp256k1(Secp256k1.PrivateKey)
    /// A single Ed25519 key as its 32-byte seed (Stellar `S…`, ICP PKCS#8 PEM): Stellar and ICP.
    case ed25519(SecureBytes)
}

/// Which account to derive from a secret.
public enum AccountRequest: Hashable, Sendable {
    /// `m/44'/60'/0'/0/index` (MetaMask, Ledger Live's first account, most wallets).
    case ethereum(index: UInt32)
    /// `m/44'/223'/0'/0/index` with secp256k1 (quill, dfx, AirGap).
    case icp(index: UInt32)
    /// `m/44'/148'/index'` (SEP-5).
    case stellar(index: UInt32)
    /// A Substrate key at `path` under `scheme`, addressed with `ss58Prefix`.
    case substrate(scheme: SubstrateScheme, path: SubstrateDerivationPath, ss58Prefix: UInt16)

    public var chain: Chain {
        switch self {
        case .ethereum: return .ethereum
        case .icp: return .icp
        case .stellar: return .stellar
        case .substrate: return .substrate
        }
    }
}

/// The private key that signs for an account.
public enum SigningKey: Sendable {
    case secp256k1(Secp256k1.PrivateKey)
    case ed25519(Ed25519.PrivateKey)
    case sr25519(Sr25519.SecretKey)
}

/// An account and its signing key, as `AccountDerivation` returns them.
public struct DerivedAccount: Sendable {
    public let account: Account
    public let signingKey: SigningKey

    public init(account: Account, signingKey: SigningKey) {
        self.account = account
        self.signingKey = signingKey
    }
}
