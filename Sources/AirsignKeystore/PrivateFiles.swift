import AirsignFiles
import Glibc

/// The keystore's rule for its own directories and files: they belong to the user running the
/// signer and nobody else can read, write or enter them (directories 0700, files 0600), and no
/// symbolic link is followed inside the keystore. Anything else is refused with the command
/// that fixes it, because a loose mode means another account could copy the ciphertext and
/// guess the PIN offline, or swap a file.
enum PrivateFiles {
    static let directoryMode: mode_t = 0o700
    static let fileMode: mode_t = 0o600

    /// Checks a keystore directory (already known to exist) by its `stat`.
    static func checkDirectory(_ path: String, _ info: stat) throws(KeystoreError) {
        guard info.isDirectory else { throw .unexpectedFileType(path: path, expected: "a directory") }
        try checkOwnerAndMode(path, info, fix: "chmod 700 \(path)")
    }

    /// Checks a keystore file by the `stat` of its open descriptor.
    static func checkFile(_ path: String, _ info: stat) throws(KeystoreError) {
        guard info.isRegularFile else { throw .unexpectedFileType(path: path, expected: "a regular file") }
        try checkOwnerAndMode(path, info, fix: "chmod 600 \(path)")
    }

    private static func checkOwnerAndMode(_ path: String, _ info: stat, fix: String) throws(KeystoreError) {
        let me = geteuid()
        guard info.st_uid == me else { throw .wrongOwner(path: path, owner: info.st_uid, expected: me) }
        guard info.permissionBits & 0o077 == 0 else {
            throw .unsafePermissions(path: path, mode: info.permissionBits, fix: fix)
        }
    }

    /// Checks the directory at `path`; a missing one is reported as `missing`.
    static func requireDirectory(_ path: String, missing: KeystoreError) throws(KeystoreError) {
        guard let info = try SystemCalls.linkInfo(path) else { throw missing }
        try checkDirectory(path, info)
    }

    /// Reads a keystore file after checking it through its open descriptor (so the file checked
    /// is the file read). Returns nil only when no file is at `path`.
    static func readIfPresent(_ path: String, limit: Int) throws(KeystoreError) -> [UInt8]? {
        let fd: Int32
        do throws(KeystoreError) {
            fd = try SystemCalls.open(path, O_RDONLY | O_NOFOLLOW, operation: "opening")
        } catch {
            if case let .fileSystem(_, _, code) = error {
                if code == ENOENT { return nil }
                // O_NOFOLLOW on a symbolic link.
                if code == ELOOP {
                    throw .unexpectedFileType(path: path, expected: "a regular file (it is a symbolic link)")
                }
            }
            throw error
        }
        defer { close(fd) }
        try checkFile(path, try SystemCalls.descriptorInfo(fd, path: path))
        return try SystemCalls.readAll(fd, limit: limit, path: path)
    }

    /// Like `readIfPresent`, with a missing file reported as `missing`.
    static func read(_ path: String, limit: Int, missing: KeystoreError) throws(KeystoreError) -> [UInt8] {
        guard let bytes = try readIfPresent(path, limit: limit) else { throw missing }
        return bytes
    }
}
