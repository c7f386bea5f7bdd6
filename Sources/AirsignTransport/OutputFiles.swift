import AirsignFiles
import Foundation

/// Writes the transport's outputs (PNG frames, GIF, HTML, decoded messages) so that a reader sees
/// the old content or the whole new one, never a part. Single files go through AirsignFiles'
/// `AtomicFile` (temp file, fsync, rename, fsync directory); a frame directory is built beside
/// its target and renamed into place.
public enum OutputFiles {
    /// Whether an output path (`--qr`) names a directory: it ends in `/` or already is one.
    public static func namesDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return path.hasSuffix("/")
            || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    /// Writes `bytes` to `path` atomically, mode 0644 (outputs are meant to be shared).
    public static func write(_ bytes: [UInt8], to path: String) throws(TransportError) {
        do {
            try AtomicFile.write(bytes, to: path, mode: 0o644)
        } catch {
            throw .fileError(path: path, reason: error.description)
        }
    }

    /// Replaces directory `path` with freshly written `files` (name → bytes) all at once: they
    /// are written into a temporary sibling directory that is then renamed into place. An existing
    /// `path` is replaced only if it is empty or holds nothing but files matching `replaceable`
    /// (so a stale frame set can never mix with a new one, and nothing else is ever deleted).
    public static func writeDirectory(
        _ files: [(name: String, bytes: [UInt8])], to path: String,
        replaceable: (String) -> Bool
    ) throws(TransportError) {
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
        guard made else {
            throw .fileError(path: path, reason: "cannot create a directory here (\(systemErrorText(errno)))")
        }
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
            guard rename(target.path, old) == 0 else {
                throw .fileError(path: path, reason: "cannot replace (\(systemErrorText(errno)))")
            }
            guard rename(temp, target.path) == 0 else {
                rename(old, target.path)
                throw .fileError(path: path, reason: "cannot replace (\(systemErrorText(errno)))")
            }
            try? fm.removeItem(atPath: old)
        } else {
            guard rename(temp, target.path) == 0 else {
                throw .fileError(path: path, reason: "cannot create (\(systemErrorText(errno)))")
            }
        }
        ok = true
    }

    /// The text of a NUL-terminated C string buffer that mkdtemp filled in.
    private static func string(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
