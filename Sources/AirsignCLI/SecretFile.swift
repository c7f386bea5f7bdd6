import AirsignCrypto
import Glibc

/// Reads secrets from files and standard input straight into protected memory.
///
/// A regular file must belong to the user and be unreadable and unwritable by anyone else
/// (`chmod 600`), like ssh's private keys: a PIN file others can read has already leaked, so it
/// is refused rather than warned about. Pipes, FIFOs and terminals (`-`, `/dev/fd/N`, `<(…)`)
/// have no such mode and are accepted.
enum SecretFile {
    static func read(path: String, maximumBytes: Int) throws(CLIError) -> SecureBytes {
        var fd: Int32
        repeat { fd = open(path, O_RDONLY | O_CLOEXEC) } while fd < 0 && errno == EINTR
        guard fd >= 0 else { throw .secretFileUnreadable(path: path, errno: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .secretFileUnreadable(path: path, errno: errno) }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            guard info.st_uid == geteuid() else {
                throw .secretFileOwner(path: path, owner: info.st_uid, expected: geteuid())
            }
            let mode = UInt32(info.st_mode & 0o7777)
            guard mode & 0o077 == 0 else {
                throw .secretFileUnsafe(path: path, mode: mode, fix: "chmod 600 \(path)")
            }
        case S_IFIFO, S_IFCHR:
            break
        default:
            throw .secretFileType(path: path)
        }
        return try readAll(fd, name: path, maximumBytes: maximumBytes)
    }

    static func readStandardInput(maximumBytes: Int) throws(CLIError) -> SecureBytes {
        try readAll(0, name: "standard input", maximumBytes: maximumBytes)
    }

    /// Reads to end of file into a protected buffer one byte larger than allowed (to notice
    /// overlong input), then copies out exactly what was read; the buffer is wiped on release.
    private static func readAll(_ fd: Int32, name: String, maximumBytes: Int) throws(CLIError) -> SecureBytes {
        var buffer = SecureBytes(count: maximumBytes + 1)
        var length = 0
        while length <= maximumBytes {
            let got = buffer.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return Glibc.read(fd, base + length, raw.count - length)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw .secretFileUnreadable(path: name, errno: errno)
            }
            if got == 0 { break }
            length += got
        }
        guard length <= maximumBytes else { throw .secretTooLong(source: name, maximum: maximumBytes) }
        return buffer.withUnsafeBytes { SecureBytes(copying: UnsafeRawBufferPointer(rebasing: $0[..<length])) }
    }

    /// Without one final `\n` or `\r\n`.
    static func strippingOneTrailingNewline(_ secret: SecureBytes) -> SecureBytes {
        let keep: Int = secret.withUnsafeBytes { bytes in
            guard bytes.last == 0x0a else { return bytes.count }
            return bytes.count >= 2 && bytes[bytes.count - 2] == 0x0d ? bytes.count - 2 : bytes.count - 1
        }
        guard keep < secret.count else { return secret }
        return secret.withUnsafeBytes { SecureBytes(copying: UnsafeRawBufferPointer(rebasing: $0[..<keep])) }
    }
}
