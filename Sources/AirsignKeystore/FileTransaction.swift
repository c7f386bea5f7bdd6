import AirsignEncoding
import AirsignFiles

/// Replaces a set of files under one directory as a unit: after a crash at any point, and the
/// `recover()` that every keystore operation starts with, either all files have their old
/// contents or all have their new ones.
///
/// 1. A journal (`transaction.json`, written atomically) lists the files, in state `prepared`.
/// 2. Each new file is written, complete and synced, beside its target as `.<name>.staged`.
///    The old files are not touched until every new one is on disk.
/// 3. The journal is rewritten in state `committed`. This one atomic rename is the commit point.
/// 4. Each staged file is renamed over its target; the directories are synced.
/// 5. The journal is removed.
///
/// Recovery reads the journal: `prepared` means the old files are all intact, so the staged
/// ones are deleted (roll back); `committed` means every new file is complete on disk, so the
/// renames still missing are done (roll forward). No journal means no transaction was started,
/// or it finished. A crash therefore never leaves a mix of old and new files once recovered,
/// which for `pin change` means the keystore opens with exactly one of the two PINs.
struct FileTransaction {
    static let journalName = "transaction.json"

    let root: String
    let faults: FaultHook

    var journalPath: String { root + "/" + Self.journalName }

    private enum State: String { case prepared, committed }

    /// The staged file beside `path`: `dir/.name.staged`.
    static func stagedPath(for path: String) -> String {
        let (directory, name) = AtomicFile.split(path)
        return directory + "/." + name + ".staged"
    }

    /// Whether `name` is a staged file (for cleanup after a crash).
    static func isStagedName(_ name: String) -> Bool {
        name.hasPrefix(".") && name.hasSuffix(".staged")
    }

    /// Replaces each file (path relative to `root`) with its new contents, all or nothing.
    /// Call `recover()` first: an unfinished transaction must not be overwritten.
    func replace(_ files: [(relativePath: String, contents: [UInt8])]) throws(KeystoreError) {
        let paths = files.map(\.relativePath)
        for path in paths { try Self.checkRelativePath(path, journal: journalPath) }
        try writeJournal(.prepared, paths)
        try faults.keystoreStep("transaction.prepared", journalPath)
        do throws(KeystoreError) {
            for file in files {
                let target = root + "/" + file.relativePath
                try AtomicFile.write(file.contents, to: Self.stagedPath(for: target), faults: faults)
                try faults.keystoreStep("transaction.staged", target)
            }
        } catch {
            // Not committed: undo, so the old files stay the only ones. The write's own error is
            // the one to report; if the undo fails too, the `prepared` journal stays and the
            // next recover() finishes the undo (as after a crash, which skips this entirely).
            if !error.isSimulatedCrash { try? rollBack(paths) }
            throw error
        }
        try writeJournal(.committed, paths)
        try faults.keystoreStep("transaction.committed", journalPath)
        try rollForward(paths)
    }

    /// Finishes or undoes a transaction a crash interrupted; does nothing when there is none.
    func recover() throws(KeystoreError) {
        guard let bytes = try PrivateFiles.readIfPresent(journalPath, limit: 1 << 20) else { return }
        let (state, paths) = try parseJournal(bytes)
        switch state {
        case .prepared: try rollBack(paths)
        case .committed: try rollForward(paths)
        }
    }

    private func rollBack(_ paths: [String]) throws(KeystoreError) {
        for path in paths {
            try SystemCalls.unlinkIfPresent(Self.stagedPath(for: root + "/" + path))
        }
        try syncDirectories(of: paths)
        try SystemCalls.unlinkIfPresent(journalPath)
        try SystemCalls.fsyncDirectory(root)
    }

    private func rollForward(_ paths: [String]) throws(KeystoreError) {
        for path in paths {
            let target = root + "/" + path
            let staged = Self.stagedPath(for: target)
            // Already renamed before a crash when the staged file is gone.
            if try SystemCalls.linkInfo(staged) != nil {
                try SystemCalls.rename(staged, to: target)
                try faults.keystoreStep("transaction.renamed", target)
            }
        }
        try syncDirectories(of: paths)
        try SystemCalls.unlinkIfPresent(journalPath)
        try SystemCalls.fsyncDirectory(root)
        try faults.keystoreStep("transaction.finished", journalPath)
    }

    private func syncDirectories(of paths: [String]) throws(KeystoreError) {
        var seen: Set<String> = []
        for path in paths {
            let directory = AtomicFile.split(root + "/" + path).directory
            if seen.insert(directory).inserted { try SystemCalls.fsyncDirectory(directory) }
        }
    }

    private func writeJournal(_ state: State, _ paths: [String]) throws(KeystoreError) {
        let journal = JSONValue.object([
            ("airsign", .string("keystore-transaction")),
            ("version", .integer(1)),
            ("state", .string(state.rawValue)),
            ("files", .array(paths.map { .string($0) })),
        ])
        try AtomicFile.write(KeystoreJSON.fileBytes(journal), to: journalPath, faults: faults)
    }

    private func parseJournal(_ bytes: [UInt8]) throws(KeystoreError) -> (State, [String]) {
        let value: JSONValue
        do throws(EncodingError) {
            value = try KeystoreJSON.parse(bytes)
        } catch {
            // The journal is written atomically, so a damaged one was damaged after the fact.
            throw .keystoreFileMalformed(path: journalPath, field: "(syntax)", reason: "not JSON")
        }
        let fields = try JSONFields(
            value, field: "", path: journalPath, required: ["airsign", "version", "state", "files"])
        guard try fields.string("airsign") == "keystore-transaction" else {
            throw fields.malformed("airsign", "must be keystore-transaction")
        }
        guard try fields.unsigned("version", in: 0...UInt64.max) == 1 else {
            throw fields.malformed("version", "must be 1")
        }
        guard let state = State(rawValue: try fields.string("state")) else {
            throw fields.malformed("state", "must be prepared or committed")
        }
        var paths: [String] = []
        for item in try fields.array("files", maximumCount: 100_000) {
            guard case let .string(path) = item else { throw fields.malformed("files", "must hold strings") }
            try Self.checkRelativePath(path, journal: journalPath)
            paths.append(path)
        }
        return (state, paths)
    }

    /// A path inside the root: one or two plain components, none hidden, `.` or `..`.
    private static func checkRelativePath(_ path: String, journal: String) throws(KeystoreError) {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        let plain = { (component: Substring) in
            !component.isEmpty && !component.hasPrefix(".")
                && component.utf8.allSatisfy { byte in
                    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                        || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "._-".utf8.contains(byte)
                }
        }
        guard (1...2).contains(components.count), components.allSatisfy(plain) else {
            throw .keystoreFileMalformed(
                path: journal, field: "files", reason: "\(path.debugDescription) is not a keystore file path")
        }
    }
}
