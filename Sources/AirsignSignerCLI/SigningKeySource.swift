import AirsignChains
import AirsignKeys
import AirsignKeystore
import AirsignMessages

/// Turns a key's decrypted secret into the signing key of one of its accounts. The keystore
/// stores secrets as `SecretPayload`s of kinds the key commands define; this seam keeps the
/// signing pipeline independent of them (and lets tests bring a kind of their own).
public protocol SigningKeySource: Sendable {
    /// The signing key of `account`, derived from `secret` (the secret of the key that lists
    /// the account). The pipeline checks the derived public key against the account's.
    func signingKey(for account: OwnAccount, secret: SecretPayload) throws -> SigningKey
    /// The BIP32 master fingerprint of the key `keyName` from its `secret` (a foreign request
    /// may name one); nil when the secret has no master key.
    func masterFingerprint(keyName: String, secret: SecretPayload) throws -> UInt32?
}

/// The key kinds `airsign-signer key generate|import` store (`bip39`, `substrate-seed`,
/// `secp256k1`, `ed25519`): the account's stored record (public metadata, no PIN) says how it
/// was derived, and the same derivation runs again from the decrypted secret.
public struct StandardSigningKeys: SigningKeySource {
    private let keystore: Keystore

    public init(keystore: Keystore) {
        self.keystore = keystore
    }

    public func signingKey(for account: OwnAccount, secret: SecretPayload) throws -> SigningKey {
        let name = try KeyName(account.keyName)
        guard
            let stored = try keystore.metadata(of: name).accounts.first(where: {
                $0.chain.rawValue == account.chain.rawValue && $0.address == account.address
            })
        else {
            throw SigningKeyError.doesNotFit(
                "key \"\(account.keyName)\" lists no \(account.chain.rawValue) account \(account.address)")
        }
        let (keySecret, passphrase) = try secret.keySecret(name: name)
        let rules = AccountRules.standard
        let derived = try rules.derive(try rules.request(for: stored), from: keySecret, passphrase: passphrase)
        guard derived.account.address == stored.address else {
            throw SigningKeyError.doesNotFit("key \"\(account.keyName)\" no longer derives \(account.address)")
        }
        return derived.signingKey
    }

    public func masterFingerprint(keyName: String, secret: SecretPayload) throws -> UInt32? {
        let (keySecret, passphrase) = try secret.keySecret(name: try KeyName(keyName))
        return try keySecret.masterFingerprint(passphrase: passphrase)
    }
}

/// Why a secret gave no signing key.
public enum SigningKeyError: Error, Equatable, CustomStringConvertible, Sendable {
    /// A secret kind this build cannot derive signing keys from.
    case unsupportedKind(String)
    /// The secret does not fit the account (wrong scheme, bad path).
    case doesNotFit(String)

    public var description: String {
        switch self {
        case let .unsupportedKind(kind): return "this build cannot sign with secrets of kind \"\(kind)\""
        case let .doesNotFit(reason): return reason
        }
    }
}
