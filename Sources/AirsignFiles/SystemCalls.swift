import Glibc

// Thin wrappers over the POSIX calls Airsign's files need. Each turns a failure into
// `FileError.system` naming the path and the operation, and retries on EINTR, so the callers read
// as the sequence of steps they are.

/// The system's text for an error number ("No such file or directory").
public func systemErrorText(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
}

/// A mode as the octal `chmod` shows it: 0755.
public func octal(_ mode: UInt32) -> String {
    let digits = String(mode & 0o7777, radix: 8)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

public enum SystemCalls {
    public static func failure(_ path: String, _ operation: String) -> FileError {
        .system(path: path, operation: operation, errno: errno)
    }

    /// `open(2)`, retried on EINTR.
    public static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0, operation: String) throws(FileError)
        -> Int32
    {
        while true {
            let fd = Glibc.open(path, flags | O_CLOEXEC, mode)
            if fd >= 0 { return fd }
            if errno != EINTR { throw failure(path, operation) }
        }
    }

    /// Writes every byte, looping over short writes.
    public static func writeAll(_ fd: Int32, _ bytes: ArraySlice<UInt8>, path: String) throws(FileError) {
        var rest = bytes
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { buffer in
                Glibc.write(fd, buffer.baseAddress, buffer.count)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure(path, "writing")
            }
            rest = rest.dropFirst(written)
        }
    }

    /// Reads the whole file behind `fd`, refusing more than `limit` bytes.
    public static func readAll(_ fd: Int32, limit: Int, path: String) throws(FileError) -> [UInt8] {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let got = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw failure(path, "reading")
            }
            if got == 0 { return out }
            guard out.count <= limit - got else {
                throw .tooLarge(path: path, limit: limit)
            }
            out.append(contentsOf: chunk.prefix(got))
        }
    }

    public static func fsync(_ fd: Int32, path: String) throws(FileError) {
        while Glibc.fsync(fd) != 0 {
            if errno != EINTR { throw failure(path, "syncing") }
        }
    }

    /// Makes a directory's entries (a rename, a new or removed file) durable.
    public static func fsyncDirectory(_ path: String) throws(FileError) {
        let fd = try open(path, O_RDONLY | O_DIRECTORY, operation: "opening directory")
        defer { Glibc.close(fd) }
        try fsync(fd, path: path)
    }

    public static func rename(_ from: String, to: String) throws(FileError) {
        if Glibc.rename(from, to) != 0 { throw failure(to, "renaming \(from) to") }
    }

    /// Removes a file; a file that is already gone is not an error.
    public static func unlinkIfPresent(_ path: String) throws(FileError) {
        if Glibc.unlink(path) != 0 && errno != ENOENT { throw failure(path, "removing") }
    }

    /// `lstat(2)`: nil when nothing is at `path`.
    public static func linkInfo(_ path: String) throws(FileError) -> Glibc.stat? {
        var info = Glibc.stat()
        if lstat(path, &info) == 0 { return info }
        if errno == ENOENT { return nil }
        throw failure(path, "inspecting")
    }

    /// `stat(2)` (following a symbolic link): nil when nothing is at `path`.
    public static func fileInfo(_ path: String) throws(FileError) -> Glibc.stat? {
        var info = Glibc.stat()
        if stat(path, &info) == 0 { return info }
        if errno == ENOENT { return nil }
        throw failure(path, "inspecting")
    }

    public static func descriptorInfo(_ fd: Int32, path: String) throws(FileError) -> Glibc.stat {
        var info = Glibc.stat()
        if fstat(fd, &info) != 0 { throw failure(path, "inspecting") }
        return info
    }

    /// Creates a directory with exactly `mode` (the umask can only have narrowed it).
    public static func makeDirectory(_ path: String, mode: mode_t) throws(FileError) {
        if Glibc.mkdir(path, mode) != 0 { throw failure(path, "creating directory") }
        if Glibc.chmod(path, mode) != 0 { throw failure(path, "setting the mode of") }
    }

    /// The names in a directory, without `.` and `..`.
    public static func directoryEntries(_ path: String) throws(FileError) -> [String] {
        guard let dir = opendir(path) else { throw failure(path, "listing") }
        defer { closedir(dir) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(dir) else {
                if errno != 0 { throw failure(path, "listing") }
                return names
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
    }
}

extension stat {
    public var isDirectory: Bool { st_mode & S_IFMT == S_IFDIR }
    public var isRegularFile: Bool { st_mode & S_IFMT == S_IFREG }
    public var permissionBits: UInt32 { UInt32(st_mode & 0o7777) }
}
