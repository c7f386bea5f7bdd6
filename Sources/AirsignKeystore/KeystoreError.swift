import AirsignFiles

/// Everything that can go wrong with the keystore, its files and the PIN, in words meant for
/// the person at the signer. No case ever carries secret material (phrases, keys, PINs).
public enum KeystoreError: Error, Equatable, CustomStringConvertible, Sendable {
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
    /// A secret that decrypted (the PIN is right) but does not read as its kind: damaged, or
    /// written by a newer airsign-signer. Never quotes the secret.
    case secretUnreadable(name: String, kind: String, reason: String)
    /// An update whose change was given up by the caller (its own error is what it reports).
    case updateAbandoned
    /// A write stopped on purpose by a fault-injection hook (tests only), as a crash would stop it.
    case writeInterrupted(step: String)

    public var description: String {
        switch self {
        case let .pinTooShort(minimum):
            return "the PIN must be at least \(minimum) characters long"
        case let .pinRejected(reason):
            return "the PIN cannot be used: \(reason)"
        case let .wrongPIN(failures, nextWait):
            let tail =
                nextWait > 0
                ? "; the next try waits \(nextWait) s before it is checked"
                : ""
            return "wrong PIN (\(failures) wrong in a row\(tail))"
        case let .keyFileTampered(path):
            return
                "\(path) does not decrypt although the PIN is right: it was altered, damaged, or is from before a PIN change; restore it from a backup or delete it"
        case let .keystoreFileMalformed(path, field, reason):
            return "\(path) is damaged: field \"\(field)\": \(reason)"
        case let .keystoreFileTruncated(path):
            return "\(path) is truncated (it ends early); restore it from a backup"
        case let .keystoreVersionUnsupported(path, version):
            return "\(path) uses keystore format version \(version), which this airsign-signer does not support"
        case let .keyFileNameMismatch(path, storedName):
            return
                "\(path) holds the key \"\(storedName)\": key files were renamed or swapped; give it back its name \(storedName).json"
        case let .unsafePermissions(path, mode, fix):
            return "\(path) can be reached by other users (mode \(octal(mode))); fix it with: \(fix)"
        case let .wrongOwner(path, owner, expected):
            return
                "\(path) belongs to user id \(owner), not to you (user id \(expected)); fix it with: chown \(expected) \(path)"
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
        case let .secretUnreadable(name, kind, reason):
            return
                "the secret of key \"\(name)\" (kind \(kind)) cannot be read: \(reason); restore the key file from a backup or import the key again"
        case .updateAbandoned:
            return "the key was left unchanged"
        case let .writeInterrupted(step):
            return "write interrupted at \(step) (fault injection)"
        }
    }
}
