import Glibc

/// Replaces a file so that any reader, and the file system after a crash or power loss, sees
/// either the complete old contents or the complete new ones.
///
/// The new bytes go to a temporary file in the same directory (created with O_EXCL and the final
/// mode, so it is never readable by others even for a moment), are synced, renamed over the
/// target, and the directory is synced so the rename itself survives a power loss. On failure
/// the temporary file is removed and the old file is untouched. Temporary files are named
/// `.<name>.tmp-<random>`; one left behind by a killed process is harmless (the keystore's recovery
/// step removes them).
public enum AtomicFile {
    /// Writes `bytes` to `path` atomically, with permission bits `mode`.
    public static func write(
        _ bytes: [UInt8], to path: String, mode: mode_t = 0o600, faults: FaultHook = .none
    ) throws(FileError) {
        let (directory, name) = split(path)
        let temp = directory + "/." + name + ".tmp-" + randomSuffix()
        let fd = try SystemCalls.open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode, operation: "creating")
        var open = true
        do throws(FileError) {
            try faults.step("atomic.tempCreated", path)
            // O_CREAT's mode went through the umask; set exactly what was asked for.
            if fchmod(fd, mode) != 0 { throw SystemCalls.failure(temp, "setting the mode of") }
            let half = bytes.count / 2
            try SystemCalls.writeAll(fd, bytes[..<half], path: temp)
            try faults.step("atomic.tempPartlyWritten", path)
            try SystemCalls.writeAll(fd, bytes[half...], path: temp)
            try faults.step("atomic.tempWritten", path)
            try SystemCalls.fsync(fd, path: temp)
            try faults.step("atomic.tempSynced", path)
            open = false
            if close(fd) != 0 { throw SystemCalls.failure(temp, "closing") }
            try SystemCalls.rename(temp, to: path)
        } catch {
            // A real crash closes the descriptor but cleans nothing up; so does a simulated one.
            if open { close(fd) }
            if !error.isSimulatedCrash { unlink(temp) }
            throw error
        }
        try faults.step("atomic.renamed", path)
        try SystemCalls.fsyncDirectory(directory)
        try faults.step("atomic.directorySynced", path)
    }

    /// 16 random hex digits (the system generator), so concurrent writers never pick the same
    /// temporary name.
    private static func randomSuffix() -> String {
        let value = UInt64.random(in: .min ... .max)
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Whether `name` is a temporary file this type creates (for cleanup after a crash).
    public static func isTemporaryName(_ name: String) -> Bool {
        name.hasPrefix(".") && name.contains(".tmp-")
    }

    /// The directory (`.` for a bare name) and the last component of `path`.
    public static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }
}
