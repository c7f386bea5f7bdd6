import AirsignFiles
import AirsignMessages
import Glibc

/// The watch's store of issued requests: `requests/<id>.json` under the watch home
/// (`AIRSIGN_WATCH_HOME`, or `~/.airsign-watch`), one `StoredRequest` per file, so a request
/// is found by its id and each write replaces one file atomically. A file that does not parse
/// is reported by name, never replaced or skipped.
public struct WatchRequestStore: Sendable {
    static let maximumFileSize = 16 << 20

    /// The watch home.
    public let home: String
    let faults: FaultHook

    public init(home: String, faults: FaultHook = .none) {
        self.home = home
        self.faults = faults
    }

    /// `AIRSIGN_WATCH_HOME` when set and not empty, else `~/.airsign-watch`.
    public static func defaultHome(environment: [String: String]) throws(WatchError) -> String {
        if let home = environment["AIRSIGN_WATCH_HOME"], !home.isEmpty { return home }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.airsign-watch" }
        guard let entry = getpwuid(geteuid()), let dir = entry.pointee.pw_dir else { throw .noHome }
        return String(cString: dir) + "/.airsign-watch"
    }

    /// The directory of request files.
    public var directory: String { home + "/requests" }

    func path(_ id: RequestID) -> String { directory + "/" + id.text + ".json" }

    /// Stores new requests as issued at `now`. All are checked before any is written; if a
    /// write fails, the ones this call wrote are removed again.
    public func add(_ requests: [SignRequest], now: Int64) throws {
        for request in requests where try SystemCalls.linkInfo(path(request.id)) != nil {
            throw WatchError.requestExists(id: request.id.text)
        }
        try ensureDirectories()
        var written: [String] = []
        do {
            for request in requests {
                let record = StoredRequest(request: request, created: WatchTime.text(now))
                try AtomicFile.write(record.fileBytes, to: path(request.id), mode: 0o600, faults: faults)
                written.append(path(request.id))
            }
        } catch {
            if !error.isSimulatedCrash {
                for file in written { unlink(file) }
            }
            throw error
        }
    }

    /// The stored request with this id.
    public func record(_ id: RequestID) throws -> StoredRequest {
        guard let bytes = try read(path(id)) else { throw WatchError.unknownRequest(id: id.text) }
        let record = try StoredRequest.parse(bytes, path: path(id))
        guard record.request.id == id else {
            throw WatchError.storeFileDamaged(path: path(id), reason: "it holds the request \(record.request.id)")
        }
        return record
    }

    /// Every stored request, oldest first. A damaged file stops the listing, named.
    public func all() throws -> [StoredRequest] {
        guard try SystemCalls.fileInfo(directory) != nil else { return [] }
        var records: [StoredRequest] = []
        for name in try SystemCalls.directoryEntries(directory).sorted()
        where name.hasSuffix(".json") && !AtomicFile.isTemporaryName(name) {
            let file = directory + "/" + name
            guard let bytes = try read(file) else { continue }
            let record = try StoredRequest.parse(bytes, path: file)
            guard record.request.id.text + ".json" == name else {
                throw WatchError.storeFileDamaged(path: file, reason: "it holds the request \(record.request.id)")
            }
            records.append(record)
        }
        return records.sorted { ($0.created, $0.request.id) < ($1.created, $1.request.id) }
    }

    /// Replaces a stored record (after a verified response), atomically.
    func save(_ record: StoredRequest) throws {
        try AtomicFile.write(record.fileBytes, to: path(record.request.id), mode: 0o600, faults: faults)
    }

    private func read(_ file: String) throws -> [UInt8]? {
        guard try SystemCalls.linkInfo(file) != nil else { return nil }
        let fd = try SystemCalls.open(file, O_RDONLY | O_NOFOLLOW | O_CLOEXEC, operation: "opening")
        defer { close(fd) }
        return try SystemCalls.readAll(fd, limit: Self.maximumFileSize, path: file)
    }

    private func ensureDirectories() throws {
        for dir in [home, directory] where try SystemCalls.fileInfo(dir) == nil {
            try SystemCalls.makeDirectory(dir, mode: 0o700)
        }
    }
}
