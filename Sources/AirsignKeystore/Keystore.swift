import AirsignCrypto
import AirsignFiles
import Glibc

/// The PIN-encrypted keystore: one directory (mode 0700) holding
///
///     pin-check.json      a keystore file sealing 32 random bytes: checks the PIN and holds
///                         the keystore's Argon2id setting
///     keys/<name>.json    one keystore file per secret (see `KeystoreDocument`)
///     pin-state.json      the PIN failure counter, written by `initialize`; missing means the
///                         worst case (see `PINAttemptState`)
///     transaction.json    only while a PIN change is in progress (see `FileTransaction`)
///     .lock               taken by every operation (see `FileLock`)
///
/// Every file is encrypted under the one keystore PIN, each with its own salt and nonce.
/// Listing and showing keys need no PIN. Each operation takes the lock, finishes or undoes a
/// PIN change a crash interrupted, removes temporary files left by a crash, and refuses
/// directories and files with the wrong owner or mode.
///
/// A value is cheap and holds no secrets; everything lives on disk.
public struct Keystore: Sendable {
    /// Relative path of the PIN check file.
    static let pinCheckFile = "pin-check.json"
    static let keysDirectoryName = "keys"
    /// Name and kind stored in the PIN check file's public metadata.
    static let pinCheckName = "pin-check"

    /// The keystore directory.
    public let directory: String
    let clock: any PINClock
    let faults: FaultHook
    let onWait: @Sendable (PINWait) -> Void

    /// A keystore at `directory` (which need not exist yet, for `initialize`). `onWait` is told
    /// of each back-off wait before it starts, so a program can say why it pauses.
    public init(
        directory: String, clock: any PINClock = SystemPINClock(), faults: FaultHook = .none,
        onWait: @escaping @Sendable (PINWait) -> Void = { _ in }
    ) {
        self.directory = directory
        self.clock = clock
        self.faults = faults
        self.onWait = onWait
    }

    /// `AIRSIGN_SIGNER_HOME` when set and not empty, else `~/.airsign-signer` (from `HOME`, or
    /// the password database when `HOME` is unset).
    public static func defaultDirectory(environment: [String: String]) throws(KeystoreError) -> String {
        if let home = environment["AIRSIGN_SIGNER_HOME"], !home.isEmpty { return home }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.airsign-signer" }
        guard let entry = getpwuid(geteuid()), let dir = entry.pointee.pw_dir else {
            throw .keystoreNotInitialized(path: "~/.airsign-signer (no home directory; set AIRSIGN_SIGNER_HOME)")
        }
        return String(cString: dir) + "/.airsign-signer"
    }

    var pinCheckPath: String { directory + "/" + Self.pinCheckFile }
    var statePath: String { directory + "/pin-state.json" }
    var keysDirectory: String { directory + "/" + Self.keysDirectoryName }
    var lockPath: String { directory + "/.lock" }

    func relativeKeyPath(_ name: KeyName) -> String { Self.keysDirectoryName + "/" + name.value + ".json" }
    func keyPath(_ name: KeyName) -> String { directory + "/" + relativeKeyPath(name) }

    /// Runs `body` holding the keystore lock, after the safety checks and crash recovery.
    func session<R>(_ body: () throws(KeystoreError) -> R) throws(KeystoreError) -> R {
        let notInitialized = KeystoreError.keystoreNotInitialized(path: directory)
        try checkRoot(missing: notInitialized)
        try PrivateFiles.requireDirectory(keysDirectory, missing: notInitialized)
        return try FileLock(path: lockPath).withLock { () throws(KeystoreError) -> R in
            try recover()
            guard try SystemCalls.linkInfo(pinCheckPath) != nil else {
                throw .keystoreFileMissing(path: pinCheckPath)
            }
            return try body()
        }
    }

    /// The keystore directory itself may be reached through a symbolic link (a keystore on a
    /// removable disk); what it points at must pass the checks.
    func checkRoot(missing: KeystoreError) throws(KeystoreError) {
        guard let info = try SystemCalls.fileInfo(directory) else { throw missing }
        try PrivateFiles.checkDirectory(directory, info)
    }

    /// Finishes or undoes an interrupted PIN change, then removes temporary and staged files a
    /// crash left behind (safe: no transaction is open and we hold the lock).
    func recover() throws(KeystoreError) {
        try FileTransaction(root: directory, faults: faults).recover()
        for folder in [directory, keysDirectory] {
            for name in try SystemCalls.directoryEntries(folder)
            where AtomicFile.isTemporaryName(name) || FileTransaction.isStagedName(name) {
                try SystemCalls.unlinkIfPresent(folder + "/" + name)
            }
        }
    }

    /// Reads and parses one keystore file, checking that it holds the key its name says.
    func readDocument(_ path: String, expectedName: String, missing: KeystoreError) throws(KeystoreError)
        -> KeystoreDocument
    {
        let bytes = try PrivateFiles.read(path, limit: KeystoreDocument.maximumFileSize, missing: missing)
        let document = try KeystoreDocument.parse(bytes, path: path)
        guard document.metadata.name.value == expectedName else {
            throw .keyFileNameMismatch(path: path, storedName: document.metadata.name.value)
        }
        return document
    }

    func readPINCheck() throws(KeystoreError) -> KeystoreDocument {
        let document = try readDocument(
            pinCheckPath, expectedName: Self.pinCheckName, missing: .keystoreFileMissing(path: pinCheckPath))
        guard document.metadata.kind == Self.pinCheckName else {
            throw .keystoreFileMalformed(
                path: pinCheckPath, field: "public.kind", reason: "must be \(Self.pinCheckName)")
        }
        return document
    }

    func readKey(_ name: KeyName) throws(KeystoreError) -> KeystoreDocument {
        try readDocument(keyPath(name), expectedName: name.value, missing: .keyNotFound(name: name.value))
    }

    /// The names of all key files, sorted. Files whose names are not `<key name>.json` are not
    /// keys and are ignored.
    func keyNames() throws(KeystoreError) -> [KeyName] {
        var names: [KeyName] = []
        for entry in try SystemCalls.directoryEntries(keysDirectory) where entry.hasSuffix(".json") {
            if let name = try? KeyName(String(entry.dropLast(5))) { names.append(name) }
        }
        return names.sorted()
    }
}
