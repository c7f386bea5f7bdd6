import AirsignCrypto
import AirsignEncoding

/// Everything that can go wrong with keys, derivation and the keystore, in words meant for the
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

    // MARK: Keystore and PIN

    /// A new PIN shorter than the policy's minimum (in Unicode characters).
    case pinTooShort(minimum: Int)
    /// A PIN that cannot be used: not UTF-8, a control character, too long. Never quotes the PIN.
    case pinRejected(reason: String)
    /// The PIN does not open the keystore. `failures` counts wrong PINs in a row; `nextWait` is
    /// how many seconds the next try will wait before it is checked.
    case wrongPIN(failures: Int, nextWait: Int)
    /// A key file fails authentication although the PIN is right: altered, damaged, or left from
    /// before a PIN change.
    case keyFileTampered(path: String)
    /// A keystore file that does not parse; `field` names the JSON field, `reason` says why.
    case keystoreFileMalformed(path: String, field: String, reason: String)
    /// A keystore file that ends early (cut off by a full disk or a bad copy).
    case keystoreFileTruncated(path: String)
    /// A keystore file written by a newer (or unknown) version of the format.
    case keystoreVersionUnsupported(path: String, version: String)
    /// A key file whose stored name differs from its file name: files were renamed or swapped.
    case keyFileNameMismatch(path: String, storedName: String)
    /// A keystore directory or file that other users can reach; `fix` is the command that fixes it.
    case unsafePermissions(path: String, mode: UInt32, fix: String)
    /// A keystore directory or file that belongs to another user.
    case wrongOwner(path: String, owner: UInt32, expected: UInt32)
    /// Something other than the expected kind of file (a symbolic link, a device, …).
    case unexpectedFileType(path: String, expected: String)
    /// No keystore at this path yet.
    case keystoreNotInitialized(path: String)
    /// `init` on a keystore that already exists.
    case keystoreAlreadyInitialized(path: String)
    /// A keystore file that must exist is missing (for example the PIN check file).
    case keystoreFileMissing(path: String)
    /// A key name that is not allowed (characters, length); the name is user input, not a secret.
    case invalidKeyName(String, reason: String)
    /// No key of that name.
    case keyNotFound(name: String)
    /// A key of that name exists already.
    case keyExists(name: String)
    /// Public metadata that does not fit the keystore format (a field too long, bad characters).
    case invalidMetadata(field: String, reason: String)
    /// A file-system call failed; `errno` is the system's error number.
    case fileSystem(path: String, operation: String, errno: Int32)
    /// Key derivation or encryption failed for a reason other than the PIN (out of memory);
    /// `reason` is the crypto layer's own secret-free message.
    case keystoreCrypto(reason: String)
    /// A write stopped on purpose by a fault-injection hook (tests only), as a crash would stop it.
    case writeInterrupted(step: String)

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
            return "junction \(position) is derived differently by Substrate and polkadot-js (\(reason)); choose another"
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
        case let .pinTooShort(minimum):
            return "the PIN must be at least \(minimum) characters long"
        case let .pinRejected(reason):
            return "the PIN cannot be used: \(reason)"
        case let .wrongPIN(failures, nextWait):
            let tail = nextWait > 0
                ? "; the next try waits \(nextWait) s before it is checked"
                : ""
            return "wrong PIN (\(failures) wrong in a row\(tail))"
        case let .keyFileTampered(path):
            return "\(path) does not decrypt although the PIN is right: it was altered, damaged, or is from before a PIN change; restore it from a backup or delete it"
        case let .keystoreFileMalformed(path, field, reason):
            return "\(path) is damaged: field \"\(field)\": \(reason)"
        case let .keystoreFileTruncated(path):
            return "\(path) is truncated (it ends early); restore it from a backup"
        case let .keystoreVersionUnsupported(path, version):
            return "\(path) uses keystore format version \(version), which this airsign-signer does not support"
        case let .keyFileNameMismatch(path, storedName):
            return "\(path) holds the key \"\(storedName)\": key files were renamed or swapped; give it back its name \(storedName).json"
        case let .unsafePermissions(path, mode, fix):
            return "\(path) can be reached by other users (mode \(octal(mode))); fix it with: \(fix)"
        case let .wrongOwner(path, owner, expected):
            return "\(path) belongs to user id \(owner), not to you (user id \(expected)); fix it with: chown \(expected) \(path)"
        case let .unexpectedFileType(path, expected):
            return "\(path) is not \(expected)"
        case let .keystoreNotInitialized(path):
            return "no keystore at \(path); create one with: airsign-signer init"
        case let .keystoreAlreadyInitialized(path):
            return "a keystore already exists at \(path)"
        case let .keystoreFileMissing(path):
            return "\(path) is missing: the keystore is incomplete; restore it from a backup"
        case let .invalidKeyName(name, reason):
            return "\(name.debugDescription) cannot be a key name: \(reason)"
        case let .keyNotFound(name):
            return "no key named \"\(name)\" (see: airsign-signer key list)"
        case let .keyExists(name):
            return "a key named \"\(name)\" exists already"
        case let .invalidMetadata(field, reason):
            return "key metadata field \"\(field)\": \(reason)"
        case let .fileSystem(path, operation, code):
            return "\(operation) \(path) failed: \(systemErrorText(code))"
        case let .keystoreCrypto(reason):
            return "keystore encryption failed: \(reason)"
        case let .writeInterrupted(step):
            return "write interrupted at \(step) (fault injection)"
        }
    }
}
