import AirsignChains
import AirsignFiles
import AirsignKeys
import AirsignMessages
import Glibc

/// airsign-watch's store: a directory (`$AIRSIGN_WATCH_HOME`, or `~/.airsign-watch`, mode 0700)
/// whose `accounts/` holds one watch-only account per file, the account's descriptor exactly as
/// `AccountDescriptor` writes it, named `<network>_<address>.json` (the network's `:` written
/// as `-`). Files are written atomically (AirsignFiles), mode 0600. Every file is checked when
/// read (a descriptor whose fields agree, under the name it must have); a damaged one is
/// reported by name and never replaced or skipped silently.
public struct WatchStore: Sendable {
    /// The store's subdirectory of account files.
    public static let accountsDirectoryName = "accounts"
    /// Larger files are not descriptors and are refused before parsing.
    static let maximumFileSize = AccountDescriptor.maximumSize

    /// The store's directory (which need not exist yet).
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// `AIRSIGN_WATCH_HOME` when set and not empty, else `~/.airsign-watch` (the home the
    /// request store uses too).
    public static func defaultDirectory(environment: [String: String]) throws(WatchError) -> String {
        try WatchRequestStore.defaultHome(environment: environment)
    }

    var accountsDirectory: String { directory + "/" + Self.accountsDirectoryName }

    /// The file an account is stored in.
    public static func fileName(for descriptor: AccountDescriptor) -> String {
        let network = (descriptor.account.network ?? "").split(separator: ":", omittingEmptySubsequences: false).joined(
            separator: "-")
        return network + "_" + descriptor.account.address + ".json"
    }

    /// Every stored account, in file-name order. A file that fails its checks stops the listing
    /// with an error naming it.
    public func accounts() throws(WatchError) -> [AccountDescriptor] {
        guard try exists(accountsDirectory) else { return [] }
        let names = try files { () throws(FileError) in try SystemCalls.directoryEntries(accountsDirectory) }
        var out: [AccountDescriptor] = []
        // Hidden files are temporary files of a write that was cut off; they hold nothing yet.
        for name in names.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") {
            out.append(try read(name))
        }
        return out
    }

    /// The stored accounts with `address` (any network; Ethereum hex in any case).
    public func accounts(withAddress address: String) throws(WatchError) -> [AccountDescriptor] {
        let wanted = address.hasPrefix("0x") ? address.lowercased() : address
        let found = try accounts().filter { descriptor in
            let stored = descriptor.account.address
            return (stored.hasPrefix("0x") ? stored.lowercased() : stored) == wanted
        }
        guard !found.isEmpty else { throw .accountNotFound(address) }
        return found
    }

    /// The stored accounts of `chain` with `address`, on any network: empty when the address is
    /// stored only for other chains, `accountNotFound` when it is not stored at all.
    public func accounts(withAddress address: String, chain: Chain) throws(WatchError) -> [AccountDescriptor] {
        try accounts(withAddress: address).filter { $0.account.chain == chain }
    }

    /// The watch-only account of `chain` a request from `address` is built for, as the request
    /// names it: the one stored for `network` when there is one, else the first stored for the
    /// chain (an account's key is the same on each of its networks). Refuses an address not
    /// imported for `chain`.
    public func requestAccount(_ address: String, chain: Chain, network: String? = nil) throws -> MessageAccount {
        let stored = try accounts(withAddress: address, chain: chain)
        guard let descriptor = stored.first(where: { network != nil && $0.account.network == network }) ?? stored.first
        else {
            throw WatchError.accountNotFound(address)
        }
        return try MessageAccount(address: descriptor.account.address, publicKey: descriptor.account.publicKey)
    }

    /// What `add` did.
    public enum AddOutcome: Sendable, Equatable {
        case added, unchanged, replaced
    }

    /// Stores `descriptor`. The same account stored again with identical details changes
    /// nothing; with other details it is refused unless `replace`. A damaged file in its place
    /// is reported, never overwritten.
    @discardableResult
    public func add(_ descriptor: AccountDescriptor, replace: Bool = false) throws(WatchError) -> AddOutcome {
        try makeDirectories()
        let name = Self.fileName(for: descriptor)
        var outcome = AddOutcome.added
        if try exists(accountsDirectory + "/" + name) {
            let stored = try read(name)
            if stored == descriptor { return .unchanged }
            guard replace else {
                throw .accountConflict(address: descriptor.account.address, network: descriptor.account.network ?? "")
            }
            outcome = .replaced
        }
        let path = accountsDirectory + "/" + name
        try files { () throws(FileError) in try AtomicFile.write(descriptor.bytes, to: path, mode: 0o600) }
        return outcome
    }

    /// Reads and checks one stored file.
    private func read(_ name: String) throws(WatchError) -> AccountDescriptor {
        let path = accountsDirectory + "/" + name
        let bytes = try readFile(path)
        let descriptor: AccountDescriptor
        do {
            descriptor = try AccountDescriptor(parsing: bytes, rules: .standard)
        } catch {
            throw .storeFileDamaged(path: path, reason: error.description)
        }
        guard Self.fileName(for: descriptor) == name else {
            throw .storeFileDamaged(
                path: path,
                reason:
                    "it holds the account \(descriptor.account.address) on \(descriptor.account.network ?? "?"), which belongs in \(Self.fileName(for: descriptor))"
            )
        }
        return descriptor
    }

    private func readFile(_ path: String) throws(WatchError) -> [UInt8] {
        try files { () throws(FileError) -> [UInt8] in
            let fd = try SystemCalls.open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC, operation: "opening")
            defer { close(fd) }
            return try SystemCalls.readAll(fd, limit: Self.maximumFileSize, path: path)
        }
    }

    private func makeDirectories() throws(WatchError) {
        for path in [directory, accountsDirectory] where try !exists(path) {
            try files { () throws(FileError) in try SystemCalls.makeDirectory(path, mode: 0o700) }
        }
    }

    private func exists(_ path: String) throws(WatchError) -> Bool {
        try files { () throws(FileError) in try SystemCalls.linkInfo(path) != nil }
    }

    /// Runs a file operation, reporting its failure as the store's.
    private func files<T>(_ body: () throws(FileError) -> T) throws(WatchError) -> T {
        do {
            return try body()
        } catch {
            if case let .tooLarge(path, limit) = error {
                throw .storeFileDamaged(path: path, reason: "larger than \(limit) bytes")
            }
            throw .storeUnavailable(path: directory, reason: error.description)
        }
    }
}
