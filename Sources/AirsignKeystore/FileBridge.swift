import AirsignFiles
import Glibc

// The keystore speaks KeystoreError throughout (typed throws); the shared file layer speaks
// FileError. These keystore-side names forward to AirsignFiles and convert its errors, so the
// keystore's many careful file steps read unchanged and there is one implementation of each.

extension KeystoreError {
    init(_ error: FileError) {
        switch error {
        case let .system(path, operation, code): self = .fileSystem(path: path, operation: operation, errno: code)
        case let .tooLarge(path, limit):
            self = .keystoreFileMalformed(path: path, field: "(file)", reason: "larger than \(limit) bytes")
        case let .writeInterrupted(step): self = .writeInterrupted(step: step)
        }
    }

    /// A simulated crash: the code that sees it must stop without cleaning up.
    var isSimulatedCrash: Bool {
        if case .writeInterrupted = self { return true }
        return false
    }
}

/// Runs a shared file operation, reporting its failure as a keystore error.
@inline(__always)
func fileStep<T>(_ body: () throws(FileError) -> T) throws(KeystoreError) -> T {
    do { return try body() } catch { throw KeystoreError(error) }
}

extension FaultHook {
    /// `step(_:_:)` for keystore code.
    func keystoreStep(_ step: String, _ path: String) throws(KeystoreError) {
        try fileStep { () throws(FileError) in try self.step(step, path) }
    }
}

enum SystemCalls {
    static func failure(_ path: String, _ operation: String) -> KeystoreError {
        KeystoreError(AirsignFiles.SystemCalls.failure(path, operation))
    }
    static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0, operation: String) throws(KeystoreError)
        -> Int32
    {
        try fileStep { () throws(FileError) in
            try AirsignFiles.SystemCalls.open(path, flags, mode, operation: operation)
        }
    }
    static func writeAll(_ fd: Int32, _ bytes: ArraySlice<UInt8>, path: String) throws(KeystoreError) {
        try fileStep { () throws(FileError) in try AirsignFiles.SystemCalls.writeAll(fd, bytes, path: path) }
    }
    static func readAll(_ fd: Int32, limit: Int, path: String) throws(KeystoreError) -> [UInt8] {
        try fileStep { () throws(FileError) in try AirsignFiles.SystemCalls.readAll(fd, limit: limit, path: path) }
    }
    static func fsync(_ fd: Int32, path: String) throws(KeystoreError) {
        try fileStep { () throws(FileError) in try AirsignFiles.SystemCalls.fsync(fd, path: path) }
    }
    static func fsyncDirectory(_ path: String) throws(KeystoreError) {
        try fileStep { () throws(FileError) in try AirsignFiles.SystemCalls.fsyncDirectory(path) }
    }
    static func rename(_ from: String, to: String) throws(KeystoreError) {
        try fileStep { () throws(FileError) in try AirsignFiles.SystemCalls.rename(from, to: to) }
    }
    static func unlinkIfPresent(_ path: String) throws(KeystoreError) {
        try fileStep { () throws(FileError) in try AirsignFiles.SystemCalls.unlinkIfPresent(path) }
    }
    static func linkInfo(_ path: String) throws(KeystoreError) -> Glibc.stat? {
        try fileStep { () throws(FileError) in try AirsignFiles.SystemCalls.linkInfo(path) }
    }
    static func fileInfo(_ path: String) throws(KeystoreError) -> Glibc.stat? {
        try fileStep { () throws(FileError) in try AirsignFiles.SystemCalls.fileInfo(path) }
    }
    static func descriptorInfo(_ fd: Int32, path: String) throws(KeystoreError) -> Glibc.stat {
        try fileStep { () throws(FileError) in try AirsignFiles.SystemCalls.descriptorInfo(fd, path: path) }
    }
    static func makeDirectory(_ path: String, mode: mode_t) throws(KeystoreError) {
        try fileStep { () throws(FileError) in try AirsignFiles.SystemCalls.makeDirectory(path, mode: mode) }
    }
    static func directoryEntries(_ path: String) throws(KeystoreError) -> [String] {
        try fileStep { () throws(FileError) in try AirsignFiles.SystemCalls.directoryEntries(path) }
    }
}

enum AtomicFile {
    static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600, faults: FaultHook = .none)
        throws(KeystoreError)
    {
        try fileStep { () throws(FileError) in
            try AirsignFiles.AtomicFile.write(bytes, to: path, mode: mode, faults: faults)
        }
    }
    static func split(_ path: String) -> (directory: String, name: String) { AirsignFiles.AtomicFile.split(path) }
    static func isTemporaryName(_ name: String) -> Bool { AirsignFiles.AtomicFile.isTemporaryName(name) }
}
