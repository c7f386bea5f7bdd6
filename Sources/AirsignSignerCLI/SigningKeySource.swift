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
}

/// The key kinds `airsign-signer key generate|import` store. Until those commands land no
/// secret kind is known here, and no real chain module exists either, so nothing reaches it.
public struct StandardSigningKeys: SigningKeySource {
    public init() {}

    public func signingKey(for account: OwnAccount, secret: SecretPayload) throws -> SigningKey {
        throw SigningKeyError.unsupportedKind(secret.kind)
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
