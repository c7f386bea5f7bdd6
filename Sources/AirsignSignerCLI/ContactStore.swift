import AirsignFiles
import AirsignKeystore
import AirsignMessages
import Glibc

/// The signer's address book on disk: `contacts.json` in the signer home, beside the keystore.
/// Kept offline and in the clear (it holds no secret), but written atomically and read
/// strictly, so a damaged file is reported by name rather than silently replaced or ignored.
public struct ContactStore: Sendable {
    /// Largest address book file read.
    static let maximumFileSize = 4 << 20

    /// The signer home (the keystore directory).
    public let home: String
    let faults: FaultHook

    public init(home: String, faults: FaultHook = .none) {
        self.home = home
        self.faults = faults
    }

    /// The address book file.
    public var path: String { home + "/contacts.json" }

    /// The address book; empty when there is no file yet. Needs the signer home to exist.
    public func load() throws -> AddressBook {
        try requireHome()
        return try read()
    }

    /// Loads, changes and writes the address book under the signer home's lock (the keystore's,
    /// so no other airsign-signer command runs in between). Nothing is written when `change` throws.
    @discardableResult
    public func update(_ change: (inout AddressBook) throws -> Void) throws -> AddressBook {
        try requireHome()
        return try HomeLock.withLock(home + "/.lock") {
            var book = try read()
            try change(&book)
            try AtomicFile.write(book.fileBytes, to: path, mode: 0o600, faults: faults)
            return book
        }
    }

    private func requireHome() throws {
        guard try SystemCalls.fileInfo(home)?.isDirectory == true else { throw KeystoreError.keystoreNotInitialized(path: home) }
    }

    private func read() throws -> AddressBook {
        guard try SystemCalls.linkInfo(path) != nil else { return AddressBook.empty }
        let fd = try SystemCalls.open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC, operation: "opening")
        defer { close(fd) }
        let bytes = try SystemCalls.readAll(fd, limit: Self.maximumFileSize, path: path)
        return try AddressBook.parse(bytes, path: path)
    }
}

/// An exclusive `flock` on a file, held while `body` runs: the same lock file the keystore
/// takes, so the address book and the keystore are never written at once.
enum HomeLock {
    static func withLock<R>(_ path: String, _ body: () throws -> R) throws -> R {
        let fd = try SystemCalls.open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600, operation: "opening the lock")
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            if errno != EINTR { throw SystemCalls.failure(path, "locking") }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}
