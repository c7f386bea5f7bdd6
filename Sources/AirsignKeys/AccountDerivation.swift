import AirsignCrypto
import AirsignEncoding

/// Derives accounts from a secret with the paths users' other wallets use, so the same phrase
/// shows the same addresses as MetaMask, quill, Stellar wallets and polkadot-js.
public enum AccountDerivation {
    /// The account `request` names, derived from `secret`.
    ///
    /// `passphrase` is the BIP39 passphrase for Ethereum, ICP and Stellar, and the `///password`
    /// for Substrate (which hashes it into the mini-secret). It must be empty for single keys
    /// and seeds. A single imported key gives exactly one account per chain: index 0, root path.
    public static func derive(
        _ request: AccountRequest, from secret: KeySecret,
        passphrase: SecureBytes = SecureBytes(count: 0)
    ) throws(KeysError) -> DerivedAccount {
        if case .mnemonic = secret {
        } else {
            guard passphrase.isEmpty else { throw .passphraseWithRawKey }
        }
        switch request {
        case .ethereum(let index):
            let (key, path, xpub) = try secp256k1Key(
                secret, passphrase: passphrase, purpose: "m/44'/60'/0'/0", index: index, chain: "Ethereum")
            return DerivedAccount(
                account: try ethereumAccount(key.publicKey, path: path, xpub: xpub), signingKey: .secp256k1(key))
        case .icp(let index):
            if case .ed25519(let seed) = secret {
                let key = try singleEd25519(seed, index: index, chain: "ICP")
                return DerivedAccount(account: try icpAccount(ed25519: key.publicKey), signingKey: .ed25519(key))
            }
            let (key, path, xpub) = try secp256k1Key(
                secret, passphrase: passphrase, purpose: "m/44'/223'/0'/0", index: index, chain: "ICP")
            return DerivedAccount(
                account: try icpAccount(secp256k1: key.publicKey, path: path, xpub: xpub), signingKey: .secp256k1(key))
        case .stellar(let index):
            let key: Ed25519.PrivateKey
            var path = ""
            switch secret {
            case .mnemonic(let mnemonic):
                let stellarPath = try DerivationPath("m/44'/148'").appending(try DerivationPath.hardened(index))
                key = try SLIP10Ed25519Key(seed: try mnemonic.seed(passphrase: passphrase)).derived(stellarPath)
                    .keyPair()
                path = stellarPath.description
            case .ed25519(let seed):
                key = try singleEd25519(seed, index: index, chain: "Stellar")
            default:
                throw .secretDoesNotFitAccount("a Stellar account needs a recovery phrase or an S… secret")
            }
            return DerivedAccount(account: try stellarAccount(key.publicKey, path: path), signingKey: .ed25519(key))
        case let .substrate(scheme, path, prefix):
            let root: SecureBytes
            switch secret {
            case .mnemonic(let mnemonic): root = try mnemonic.substrateMiniSecret(password: passphrase)
            case .substrateSeed(let seed): root = seed
            default: throw .secretDoesNotFitAccount("a Substrate account needs a recovery phrase or a 0x seed")
            }
            switch scheme {
            case .ed25519:
                let key = try SubstrateDerivation.ed25519(seed: root, path: path)
                let account = try substrateAccount(
                    .ed25519, publicKey: key.publicKey, accountID: key.publicKey, path: path, prefix: prefix)
                return DerivedAccount(account: account, signingKey: .ed25519(key))
            case .ecdsa:
                let key = try SubstrateDerivation.ecdsa(seed: root, path: path)
                let accountID = try AccountAddress.blake2b256(key.publicKey.compressed)
                let account = try substrateAccount(
                    .ecdsa, publicKey: key.publicKey.compressed, accountID: accountID, path: path, prefix: prefix)
                return DerivedAccount(account: account, signingKey: .secp256k1(key))
            case .sr25519:
                let key = try SubstrateDerivation.sr25519(seed: root, path: path)
                let account = try substrateAccount(
                    .sr25519, publicKey: key.publicKey.bytes, accountID: key.publicKey.bytes, path: path, prefix: prefix
                )
                return DerivedAccount(account: account, signingKey: .sr25519(key))
            }
        }
    }

    /// The Substrate account a parsed secret URI gives under `scheme` (its junctions and password).
    public static func derive(uri: SecretURI, scheme: SubstrateScheme, ss58Prefix: UInt16) throws(KeysError)
        -> DerivedAccount
    {
        let secret: KeySecret
        switch uri.root {
        case .phrase(let mnemonic): secret = .mnemonic(mnemonic)
        case .seed(let seed): secret = .substrateSeed(seed)
        }
        return try derive(
            .substrate(scheme: scheme, path: uri.path, ss58Prefix: ss58Prefix), from: secret, passphrase: uri.password)
    }

    // MARK: - Keys

    /// The key at `purpose/index`, its path, and the xpub of `purpose` (the parent) that a
    /// watch-only export carries; a single imported key has neither path nor xpub.
    private static func secp256k1Key(
        _ secret: KeySecret, passphrase: SecureBytes, purpose: String, index: UInt32, chain: String
    ) throws(KeysError)
        -> (Secp256k1.PrivateKey, String, String?)
    {
        switch secret {
        case .mnemonic(let mnemonic):
            guard index < DerivationPath.hardenedOffset else {
                throw .invalidDerivationPath("account index \(index) must be below 2^31")
            }
            let parentPath = try DerivationPath(purpose)
            let parent = try ExtendedPrivateKey(seed: mnemonic.seed(passphrase: passphrase)).derived(parentPath)
            return (
                try parent.child(index).privateKey, try parentPath.appending(index).description,
                parent.extendedPublicKey.serialized
            )
        case .secp256k1(let key):
            guard index == 0 else { throw .secretDoesNotFitAccount("an imported key is a single account: use index 0") }
            return (key, "", nil)
        default:
            throw .secretDoesNotFitAccount("an \(chain) account needs a recovery phrase or a secp256k1 key")
        }
    }

    private static func singleEd25519(_ seed: SecureBytes, index: UInt32, chain: String) throws(KeysError)
        -> Ed25519.PrivateKey
    {
        guard index == 0 else { throw .secretDoesNotFitAccount("an imported key is a single account: use index 0") }
        do {
            return try Ed25519.PrivateKey(seed: seed)
        } catch {
            throw .invalidSecretKey("an Ed25519 key is 32 bytes")
        }
    }

    // MARK: - Accounts

    static func ethereumAccount(_ key: Secp256k1.PublicKey, path: String, xpub: String? = nil) throws(KeysError)
        -> Account
    {
        Account(
            chain: .ethereum, scheme: .secp256k1, path: path, publicKey: key.uncompressed,
            address: try AccountAddress.ethereum(key), xpub: xpub)
    }

    static func icpAccount(secp256k1 key: Secp256k1.PublicKey, path: String, xpub: String? = nil) throws(KeysError)
        -> Account
    {
        Account(
            chain: .icp, scheme: .secp256k1, path: path, publicKey: key.uncompressed,
            address: try AccountAddress.icp(secp256k1: key), xpub: xpub)
    }

    static func icpAccount(ed25519 key: [UInt8]) throws(KeysError) -> Account {
        Account(chain: .icp, scheme: .ed25519, path: "", publicKey: key, address: try AccountAddress.icp(ed25519: key))
    }

    static func stellarAccount(_ key: [UInt8], path: String) throws(KeysError) -> Account {
        Account(chain: .stellar, scheme: .ed25519, path: path, publicKey: key, address: try AccountAddress.stellar(key))
    }

    static func substrateAccount(
        _ scheme: SubstrateScheme, publicKey: [UInt8], accountID: [UInt8], path: SubstrateDerivationPath,
        prefix: UInt16
    ) throws(KeysError) -> Account {
        Account(
            chain: .substrate, scheme: scheme.keyScheme, path: path.description, publicKey: publicKey,
            address: try AccountAddress.substrate(accountID: accountID, prefix: prefix))
    }
}
