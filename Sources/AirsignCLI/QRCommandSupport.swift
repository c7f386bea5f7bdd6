import AirsignMessages
import AirsignTransport
import ArgumentParser
import Foundation

extension QRErrorCorrection: ExpressibleByArgument {}

/// Reading and writing messages for the `qr` commands — and for any command that wires in
/// `--scan`/`--qr` later: a file or `-` for standard input/output, atomic file writes, QR outputs.
public enum QRMessageIO {
    /// Largest message read from a file or standard input.
    public static let maxMessageLength = FountainLimits.default.maxMessageLength

    /// The bytes of `path`, or of standard input for `-`.
    public static func read(_ path: String) throws(TransportError) -> [UInt8] {
        let handle: FileHandle
        if path == "-" {
            handle = FileHandle.standardInput
        } else {
            guard let file = FileHandle(forReadingAtPath: path) else {
                throw .fileError(path: path, reason: "cannot open for reading")
            }
            handle = file
        }
        defer { if path != "-" { try? handle.close() } }
        let data: Data
        do { data = try handle.read(upToCount: maxMessageLength + 1) ?? Data() } catch {
            throw .fileError(path: path, reason: "read failed")
        }
        guard data.count <= maxMessageLength else { throw .messageTooLong(length: data.count, limit: maxMessageLength) }
        return Array(data)
    }

    /// A file of UR text (a wallet's `ur:TYPE/…`, any case, one part or the parts of a
    /// multi-part UR separated by white space) assembled as if its parts had been scanned; nil
    /// when the file is not UR text. A multi-part UR missing parts is refused.
    public static func urText(_ bytes: [UInt8]) throws(TransportError) -> SignerInput? {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x0a || byte == 0x0d || byte == 0x09 }
        // A file whose first word is not a UR part is no UR text: said before the whole file is
        // cut into words (a batch of requests is megabytes of JSON).
        if let first = bytes.split(maxSplits: 1, whereSeparator: isSpace).first, !MessageAssembler.isUR(Array(first)) {
            return nil
        }
        let parts = bytes.split(whereSeparator: isSpace).map(Array.init)
        guard !parts.isEmpty, parts.allSatisfy(MessageAssembler.isUR) else { return nil }
        var assembler = MessageAssembler()
        for part in parts {
            try assembler.receive(part)
            if let input = assembler.input { return input }
        }
        let progress = assembler.progress
        throw .incompleteMessage(
            received: progress?.framesReceived ?? parts.count, expected: progress?.framesEstimated ?? parts.count + 1)
    }

    /// Writes `bytes` to `path` atomically, or to standard output for `-`.
    public static func write(_ bytes: [UInt8], to path: String) throws(TransportError) {
        if path == "-" {
            FileHandle.standardOutput.write(Data(bytes))
        } else {
            try OutputFiles.write(bytes, to: path)
        }
    }

    /// One line on standard error. On a terminal, progress lines (`transient`) overwrite each
    /// other and the next line replaces the last of them; elsewhere every line stays.
    public static func log(_ line: String, transient: Bool = false) {
        let tty = isatty(STDERR_FILENO) == 1
        let text = tty ? "\r\u{1B}[K" + line + (transient ? "" : "\n") : line + "\n"
        FileHandle.standardError.write(Data(text.utf8))
    }
}
