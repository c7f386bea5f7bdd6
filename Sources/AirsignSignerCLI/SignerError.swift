import AirsignCLI
import AirsignKeys

/// Failures of the signer's key and account commands that are neither the keystore's nor the
/// derivation's. Like every Airsign error, one line, never a secret.
public enum SignerError: Error, Equatable, CustomStringConvertible, Sendable, ExitStatusProviding {
    /// The phrase typed back differed from the one shown, too many times; nothing was stored.
    case phraseNotConfirmed
    /// The key already has this account (same chain, network and address).
    case accountExists(key: String, address: String)
    /// No key of that name and no account with that address.
    case noSuchAccount(String)
    /// The key has no accounts to show or export yet.
    case keyWithoutAccounts(String)
    /// A request for a network its account is not recorded for, on a chain whose accounts sign
    /// only on their own networks (`NetworkBinding`); `add` is the command that adds it there.
    case accountNotOnNetwork(
        message: Int, id: String, address: String, network: String, registered: [String], add: String)
    /// The file a new phrase was to be written to exists; it is never overwritten.
    case phraseFileExists(path: String)
    /// The phrase file could not be written; `reason` is the system's message.
    case phraseFileFailed(path: String, reason: String)
    /// `account export --format substrate` found no Substrate account.
    case noSubstrateAccount(String)
    /// A foreign format's input held other than one request: its answer is one code.
    case foreignAnswers(count: Int)
    /// A foreign request names the master fingerprint of another wallet than the key that
    /// holds its account (nil `own`: the key has no master key); nothing was signed.
    case otherWallet(requested: UInt32, own: UInt32?, key: String)
    /// A pairing export names accounts of other than one key.
    case pairingNeedsOneKey(String, keys: [String])
    /// A pairing export of a key that is not a recovery phrase (it has no account-level key).
    case pairingNeedsPhrase(String)

    public var description: String {
        switch self {
        case .phraseNotConfirmed:
            return
                "the phrase typed back did not match three times; nothing was stored (run key generate again for a new phrase)"
        case let .accountExists(key, address):
            return "the key \"\(key)\" already has the account \(address) on that network"
        case let .noSuchAccount(text):
            return
                "no key named \(text.debugDescription) and no account with that address (see: airsign-signer account list)"
        case let .accountNotOnNetwork(message, id, address, network, registered, add):
            let networks = Set(registered).sorted().joined(separator: ", ")
            return
                "request \(message) (\(id)) is for \(network), but the account \(address) is added for \(networks) only; nothing was signed (to sign on \(network) with it, add it there first: \(add))"
        case let .keyWithoutAccounts(name):
            return
                "the key \"\(name)\" has no accounts yet (add one with: airsign-signer account add \(name) --chain …)"
        case let .phraseFileExists(path):
            return "\(path) exists; the phrase is written only to a new file"
        case let .phraseFileFailed(path, reason):
            return "could not write the phrase to \(path): \(reason); nothing was stored"
        case let .noSubstrateAccount(text):
            return
                "\(text.debugDescription) has no Substrate account to export for polkadot-js (see: airsign-signer account list)"
        case let .foreignAnswers(count):
            return "the wallet's request held \(count) requests; its answer carries one, so nothing was written"
        case let .otherWallet(requested, own, key):
            let ours =
                own.map { "this signer's is \(KeySecret.fingerprintText($0)) (key \"\(key)\")" }
                ?? "this signer's key \"\(key)\" is no recovery phrase and has none"
            return
                "this request is for the wallet with fingerprint \(KeySecret.fingerprintText(requested)); \(ours); nothing was signed"
        case let .pairingNeedsOneKey(text, keys):
            return
                "\(text.debugDescription) names accounts of \(keys.count) keys (\(keys.joined(separator: ", "))); a pairing exports one key: give its name"
        case let .pairingNeedsPhrase(name):
            return
                "the key \"\(name)\" is a single imported key, not a recovery phrase: it has no m/44'/60'/0' to pair (export its descriptor instead)"
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .phraseNotConfirmed, .phraseFileExists: return .invalidInput
        case .accountExists, .noSuchAccount, .keyWithoutAccounts, .accountNotOnNetwork, .noSubstrateAccount,
            .pairingNeedsOneKey, .pairingNeedsPhrase,
            .otherWallet:
            return .keystoreState
        case .phraseFileFailed, .foreignAnswers: return .failure
        }
    }
}
