import Foundation

/// Writes files so that a reader sees the old content or the whole new one, never a part: the
/// bytes go to a temporary file beside the target, are flushed to disk, and are renamed over it.
/// On any error the temporary file is removed and the target is untouched.
public enum AtomicFile {
    /// Writes `bytes` to `path` (mode 0644) through a flushed temporary file and a rename.
    public static func write(_ bytes: [UInt8], to path: String) throws(TransportError) {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        var template = Array((dir + "/." + url.lastPathComponent + ".tmp-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { p -> Int32 in
            guard let base = p.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard fd >= 0 else { throw .fileError(path: path, reason: "cannot create a file here (\(errnoText()))") }
        let temp = string(template)
        var ok = false
        defer {
            if !ok { unlink(temp) }
        }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                Foundation.write(fd, raw.baseAddress.map { $0 + written }, bytes.count - written)
            }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                close(fd)
                throw .fileError(path: path, reason: "write failed (\(errnoText()))")
            }
            written += n
        }
        // Mode 0644 like an ordinary file (mkstemp makes 0600).
        fchmod(fd, 0o644)
        guard fsync(fd) == 0, close(fd) == 0 else { throw .fileError(path: path, reason: "flush failed (\(errnoText()))") }
        guard rename(temp, path) == 0 else { throw .fileError(path: path, reason: "cannot replace the file (\(errnoText()))") }
        ok = true
    }

    /// Replaces directory `path` with freshly written `files` (name → bytes) all at once: they
    /// are written into a temporary sibling directory that is then renamed into place. An existing
    /// `path` is replaced only if it is empty or holds nothing but files matching `replaceable`
    /// (so a stale frame set can never mix with a new one, and nothing else is ever deleted).
    public static func writeDirectory(_ files: [(name: String, bytes: [UInt8])], to path: String,
                                      replaceable: (String) -> Bool) throws(TransportError) {
        let fm = FileManager.default
        let target = URL(fileURLWithPath: path).standardizedFileURL
        let parent = target.deletingLastPathComponent().path
        var isDir: ObjCBool = false
        let exists = fm.fileExists(atPath: target.path, isDirectory: &isDir)
        if exists {
            guard isDir.boolValue else { throw .fileError(path: path, reason: "exists and is not a directory") }
            let entries = (try? fm.contentsOfDirectory(atPath: target.path)) ?? ["?"]
            guard entries.allSatisfy(replaceable) else {
                throw .fileError(path: path, reason: "directory holds other files; give an empty or new directory")
            }
        } else if !fm.fileExists(atPath: parent) {
            throw .fileError(path: path, reason: "parent directory \(parent) does not exist")
        }
        var template = Array((parent + "/." + target.lastPathComponent + ".tmp-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { p -> Bool in
            guard let base = p.baseAddress else { return false }
            return mkdtemp(base) != nil
        }
        guard made else { throw .fileError(path: path, reason: "cannot create a directory here (\(errnoText()))") }
        let temp = string(template)
        var ok = false
        defer {
            if !ok { try? fm.removeItem(atPath: temp) }
        }
        chmod(temp, 0o755)
        for file in files {
            try write(file.bytes, to: temp + "/" + file.name)
        }
        if exists {
            // Swap: old aside, new in, old removed. Between the renames the path is briefly absent.
            let old = temp + ".old"
            guard rename(target.path, old) == 0 else { throw .fileError(path: path, reason: "cannot replace (\(errnoText()))") }
            guard rename(temp, target.path) == 0 else {
                rename(old, target.path)
                throw .fileError(path: path, reason: "cannot replace (\(errnoText()))")
            }
            try? fm.removeItem(atPath: old)
        } else {
            guard rename(temp, target.path) == 0 else { throw .fileError(path: path, reason: "cannot create (\(errnoText()))") }
        }
        ok = true
    }

    /// The text of a NUL-terminated C string buffer that mkstemp/mkdtemp filled in.
    private static func string(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}
