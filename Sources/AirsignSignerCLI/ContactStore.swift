import AirsignChains
import AirsignFiles
import AirsignKeys
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
    /// How the contacts' addresses are read (the chain table's, `AccountRules.standard`).
    let rules: AccountRules
    let faults: FaultHook

    public init(home: String, rules: AccountRules = .standard, faults: FaultHook = .none) {
        self.home = home
        self.rules = rules
        self.faults = faults
    }

    /// The address book file.
    public var path: String { home + "/contacts.json" }

    /// The address book; empty when there is no file yet. Needs the signer home to exist.
    public func load() throws -> AddressBook {
        try requireHome()
        return try read(repairing: false).book
    }

    /// The address book with the contacts whose names a strict read refuses, and why (see
    /// `AddressBook.parseForRepair`): for listing them and removing them.
    public func loadForRepair() throws -> (book: AddressBook, problems: [AddressBook.NameProblem]) {
        try requireHome()
        return try read(repairing: true)
    }

    /// Loads, changes and writes the address book under the signer home's lock (the keystore's,
    /// so no other airsign-signer command runs in between). Nothing is written when `change` throws.
    @discardableResult
    public func update(_ change: (inout AddressBook) throws -> Void) throws -> AddressBook {
        try rewrite(repairing: false, change)
    }

    /// Removes the contact `name` on `chain` (written as is, or escaped as the list shows it),
    /// also from a book with names a strict read refuses: removal is how they are put right.
    @discardableResult
    public func remove(name: String, chain: ChainID) throws -> AddressBook {
        try rewrite(repairing: true) { book in try book.remove(name: name, chain: chain) }
    }

    private func rewrite(repairing: Bool, _ change: (inout AddressBook) throws -> Void) throws -> AddressBook {
        try requireHome()
        return try HomeLock.withLock(home + "/.lock") {
            var book = try read(repairing: repairing).book
            try change(&book)
            try AtomicFile.write(book.fileBytes, to: path, mode: 0o600, faults: faults)
            return book
        }
    }

    private func requireHome() throws {
        guard try SystemCalls.fileInfo(home)?.isDirectory == true else {
            throw KeystoreError.keystoreNotInitialized(path: home)
        }
    }

    private func read(repairing: Bool) throws -> (book: AddressBook, problems: [AddressBook.NameProblem]) {
        guard try SystemCalls.linkInfo(path) != nil else { return (AddressBook.empty, []) }
        let fd = try SystemCalls.open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC, operation: "opening")
        defer { close(fd) }
        let bytes = try SystemCalls.readAll(fd, limit: Self.maximumFileSize, path: path)
        return repairing
            ? try AddressBook.parseForRepair(bytes, path: path, rules: rules)
            : (try AddressBook.parse(bytes, path: path, rules: rules), [])
    }
}

/// An exclusive `flock` on a file, held while `body` runs: the same lock file the keystore
/// takes, so the address book and the keystore are never written at once.
enum HomeLock {
    static func withLock<R>(_ path: String, _ body: () throws -> R) throws -> R {
        let fd = try SystemCalls.open(
            path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600, operation: "opening the lock")
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            if errno != EINTR { throw SystemCalls.failure(path, "locking") }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}
