import AirsignCrypto
import AirsignFiles
import Glibc

extension Keystore {
    /// Whether a keystore exists at `directory` (its PIN check file is there).
    public var isInitialized: Bool {
        get throws(KeystoreError) { try SystemCalls.linkInfo(pinCheckPath) != nil }
    }

    /// Creates the keystore: the directory (mode 0700; its parent must exist) unless it is an
    /// existing empty one with the right owner and mode, `keys/`, a clean PIN failure counter,
    /// and the PIN check file under `pin`, which must meet `PINPolicy`. `limits` is the Argon2id
    /// cost for every file.
    public func initialize(pin: SecureBytes, limits: Argon2id.Limits = KDFPreset.standard.limits) throws(KeystoreError)
    {
        try PINPolicy.checkNew(pin)
        if try SystemCalls.fileInfo(directory) == nil {
            try SystemCalls.makeDirectory(directory, mode: PrivateFiles.directoryMode)
        }
        try checkRoot(missing: .keystoreNotInitialized(path: directory))
        try FileLock(path: lockPath).withLock { () throws(KeystoreError) in
            if try SystemCalls.linkInfo(keysDirectory) != nil {
                try PrivateFiles.requireDirectory(keysDirectory, missing: .keystoreNotInitialized(path: directory))
                try recover()
                if try isInitialized { throw .keystoreAlreadyInitialized(path: directory) }
                // Keys without a PIN check file: a damaged keystore, not a new one.
                if try !keyNames().isEmpty { throw .keystoreFileMissing(path: pinCheckPath) }
            } else {
                if try isInitialized { throw .keystoreAlreadyInitialized(path: directory) }
                try SystemCalls.makeDirectory(keysDirectory, mode: PrivateFiles.directoryMode)
                try SystemCalls.fsyncDirectory(directory)
            }
            // A counter left from an earlier keystore in this directory means nothing now; a
            // clean one is written so that, once initialized, a missing counter means deleted.
            try saveState(.clean)
            let check = try Self.sealPINCheck(pin: pin, limits: limits, now: clock.now())
            // Written last: its presence is what makes the keystore initialized.
            try AtomicFile.write(check.fileBytes, to: pinCheckPath, faults: faults)
        }
    }

    /// A new PIN check file: 32 random bytes (which mean nothing) sealed under `pin`.
    static func sealPINCheck(pin: SecureBytes, limits: Argon2id.Limits, now: ClockReading) throws(KeystoreError)
        -> KeystoreDocument
    {
        let metadata = try KeyMetadata(
            name: try KeyName(pinCheckName), kind: pinCheckName, accounts: [], created: Timestamp.utc(now.wallSeconds))
        let payload = try SecretPayload(kind: pinCheckName, bytes: SecureRandom.secureBytes(32))
        return try KeystoreDocument.seal(payload, metadata: metadata, pin: pin, limits: limits)
    }

    /// The Argon2id limits new and re-encrypted files use (those of the PIN check file).
    public func kdfLimits() throws(KeystoreError) -> Argon2id.Limits {
        try session { () throws(KeystoreError) -> Argon2id.Limits in try readPINCheck().limits }
    }
}
