import AirsignCrypto
import AirsignEncoding

/// Everything that can go wrong with phrases, derivation and key imports, in words meant for the
/// person at the signer. No case ever carries secret material (phrases, seeds, keys, PINs).
public enum KeysError: Error, Equatable, CustomStringConvertible, Sendable {
    // MARK: Phrases, derivation and imports

    /// A recovery phrase whose word count BIP39 does not define (12, 15, 18, 21 or 24).
    case phraseWordCount(Int)
    /// The word at this 1-based position is not in the BIP39 English list. The word itself is
    /// not named: it is part of the secret.
    case phraseUnknownWord(position: Int)
    /// Every word is in the list but the checksum does not match: a word is wrong or misplaced.
    case phraseChecksum
    /// Secret text (a phrase, passphrase, key or file) that is not valid UTF-8.
    case notUTF8(what: String)
    /// BIP39 entropy of a length other than 16, 20, 24, 28 or 32 bytes.
    case entropyLength(Int)
    /// A BIP32/SLIP-10 seed outside 16…64 bytes.
    case seedLength(Int)
    /// A derivation path that does not parse; `reason` says where and why.
    case invalidDerivationPath(String)
    /// The seed yields no valid master key (BIP32 says to use another seed; it has probability
    /// below 2^-127).
    case invalidMasterKey
    /// The child at this index is invalid (probability below 2^-127; BIP32 says to skip it).
    case invalidChildKey(index: UInt32)
    /// A hardened step asked of an extended public key, which cannot take one.
    case hardenedStepFromPublicKey(index: UInt32)
    /// A non-hardened step in an Ed25519 (SLIP-10) path, which Ed25519 does not define.
    case ed25519NormalStep(index: UInt32)
    /// An `xpub…`/`xprv…` that does not parse; `reason` names the field, never key bytes.
    case invalidExtendedKey(String)
    /// A Substrate secret URI that does not parse; `reason` says where, never quoting the phrase
    /// or password.
    case invalidSecretURI(String)
    /// A URI with junctions but no phrase or seed: Substrate would silently use the public
    /// development phrase, which nobody should hold funds under.
    case secretURIWithoutSecret
    /// A passphrase or `///password` with a raw key or `0x` seed: only phrases use one (Substrate
    /// silently ignores it after a seed), so it would protect nothing.
    case passphraseWithRawKey
    /// A soft (`/name`) junction for a scheme that only has hard derivation.
    case softJunctionUnsupported(scheme: String)
    /// A junction that Substrate and polkadot-js derive differently (a leading `+`, a number of
    /// 2^64 or more, `0x` hex): refused rather than give an address other wallets do not show.
    case ambiguousJunction(position: Int, reason: String)
    /// A derived or imported secret that is not a valid key for its scheme (a secp256k1 scalar
    /// of zero or beyond the group order).
    case invalidSecretKey(String)
    /// A secret in a text format (hex, `S…`, PEM) that does not decode; `reason` never quotes it.
    case invalidSecretEncoding(String)
    /// A PEM or DER key file that is malformed or of a kind Airsign does not import.
    case invalidKeyFile(String)
    /// A secret of a kind that cannot give the account asked for (a Stellar seed for an
    /// Ethereum account, an index other than 0 for a single imported key…).
    case secretDoesNotFitAccount(String)
    /// A public value that does not decode (an address, xpub), with the decoder's own message.
    case encoding(EncodingError)

    // MARK: Public account data

    /// An account whose public fields disagree (an address that is not its key's, a scheme the
    /// chain does not use, an xpub that does not derive the key); `field` names the one at fault.
    case inconsistentAccount(field: String, reason: String)
    /// A network that is not one of the chain's (or not written as Airsign names networks).
    case invalidNetwork(chain: String, network: String, reason: String)
    /// A chain this build has no account rules for (`AccountRules`): every chain of `Chain`
    /// has a module in the programs' table, so only a build that leaves one out meets it.
    case noChainRules(chain: String)

    public var description: String {
        switch self {
        case let .phraseWordCount(count):
            return "a recovery phrase has 12, 15, 18, 21 or 24 words, not \(count)"
        case let .phraseUnknownWord(position):
            return "word \(position) of the recovery phrase is not in the BIP39 English word list"
        case .phraseChecksum:
            return "the recovery phrase's checksum does not match: a word is wrong or out of order"
        case let .notUTF8(what):
            return "the \(what) is not valid UTF-8 text"
        case let .entropyLength(count):
            return "BIP39 entropy is 16, 20, 24, 28 or 32 bytes, not \(count)"
        case let .seedLength(count):
            return "a BIP32/SLIP-10 seed is 16 to 64 bytes, not \(count)"
        case let .invalidDerivationPath(reason):
            return "invalid derivation path: \(reason)"
        case .invalidMasterKey:
            return "this seed gives no valid master key"
        case let .invalidChildKey(index):
            return "child key \(index) is invalid; use the next index"
        case let .hardenedStepFromPublicKey(index):
            return "a hardened step (index \(index)) needs the private key; an extended public key cannot take it"
        case let .ed25519NormalStep(index):
            return "Ed25519 (SLIP-10) derivation is hardened only; step \(index) is not hardened"
        case let .invalidExtendedKey(reason):
            return "invalid extended key: \(reason)"
        case let .invalidSecretURI(reason):
            return "invalid secret URI: \(reason)"
        case .secretURIWithoutSecret:
            return "the secret URI has no phrase or 0x seed before its junctions"
        case .passphraseWithRawKey:
            return "a passphrase or ///password only applies to a recovery phrase, not to a raw key or 0x seed"
        case let .softJunctionUnsupported(scheme):
            return "\(scheme) supports only hard junctions (//name), not soft ones (/name)"
        case let .ambiguousJunction(position, reason):
            return
                "junction \(position) is derived differently by Substrate and polkadot-js (\(reason)); choose another"
        case let .invalidSecretKey(reason):
            return "invalid private key: \(reason)"
        case let .invalidSecretEncoding(reason):
            return "the secret does not decode: \(reason)"
        case let .invalidKeyFile(reason):
            return "invalid key file: \(reason)"
        case let .secretDoesNotFitAccount(reason):
            return "this key cannot give that account: \(reason)"
        case let .encoding(error):
            return error.description
        case let .inconsistentAccount(field, reason):
            return "account field \"\(field)\": \(reason)"
        case let .invalidNetwork(chain, network, reason):
            return "\(network.debugDescription) is not a \(chain) network: \(reason)"
        case let .noChainRules(chain):
            return "no chain module for \(chain) accounts in this build"
        }
    }
}
