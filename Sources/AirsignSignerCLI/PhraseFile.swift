import AirsignCrypto
import AirsignFiles
import Glibc

/// `key generate --phrase-out FILE`: the new phrase written to a new file, mode 0600, for
/// automation that has no terminal. The bytes go from protected memory straight to the file;
/// the file appears complete or not at all (temporary file, fsync, then `link`, which also
/// refuses to replace an existing file), and the directory is synced.
enum PhraseFile {
    static func write(_ text: SecureBytes, to path: String) throws(SignerError) {
        let (directory, name) = AtomicFile.split(path)
        let temp = directory + "/." + name + ".tmp-" + String(UInt64.random(in: .min ... .max), radix: 16)
        let fail = { (operation: String) in
            SignerError.phraseFileFailed(path: path, reason: "\(operation): \(systemErrorText(errno))")
        }
        var fd: Int32
        repeat {
            fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        } while fd < 0 && errno == EINTR
        guard fd >= 0 else { throw fail("creating a file beside it") }
        defer { unlink(temp) }
        var failure: SignerError?
        if fchmod(fd, 0o600) != 0 { failure = fail("setting its mode") }
        text.withUnsafeBytes { bytes in
            var offset = 0
            while failure == nil, offset < bytes.count, let base = bytes.baseAddress {
                let written = Glibc.write(fd, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno != EINTR { failure = fail("writing") }
                    continue
                }
                offset += written
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = fail("syncing") }
        if close(fd) != 0, failure == nil { failure = fail("closing") }
        if let failure { throw failure }
        guard link(temp, path) == 0 else {
            if errno == EEXIST { throw .phraseFileExists(path: path) }
            throw fail("linking it into place")
        }
        do {
            try SystemCalls.fsyncDirectory(directory)
        } catch {
            throw .phraseFileFailed(path: path, reason: error.description)
        }
    }
}
