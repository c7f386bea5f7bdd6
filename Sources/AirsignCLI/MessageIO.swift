import AirsignFiles
import AirsignMessages
import AirsignTransport
import ArgumentParser
import Foundation

/// `FILE|-` or `--scan PATH…`: where a command reads its messages (requests, responses).
public struct MessageInputOptions: ParsableArguments {
    /// The file, or `-` for standard input.
    @Argument(
        help: ArgumentHelp(
            "The message file (one message, a JSON array, or JSON lines), or - for standard input.", valueName: "FILE|-"
        ))
    public var file: String?

    /// QR images or directories of them.
    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp(
            "Read the message from QR codes in PNG/PGM/PPM images or directories of them instead.", valueName: "PATH"))
    public var scan: [String] = []

    public init() {}

    public func validate() throws {
        guard (file == nil) != scan.isEmpty else { throw ValidationError("give either FILE (or -) or --scan PATH…") }
    }

    /// The bytes of the file, standard input, or the scanned QR frames (progress on stderr).
    public func read() throws -> [UInt8] {
        try read(framings: []).bytes
    }

    /// The file or the scanned message with how it came, foreign `framings` (UOS legacy
    /// multipart, from `ChainRegistry.foreignFormats`) assembled too.
    public func read(framings: [any ForeignFraming]) throws -> SignerInput {
        if let file {
            let bytes = try QRMessageIO.read(file)
            return try QRMessageIO.urText(bytes) ?? SignerInput(bytes: bytes)
        }
        return try QRScanJob().scan(paths: scan, framings: framings) { line in
            QRMessageIO.log(line, transient: line.contains("% — "))
        }
    }
}

/// Writing a command's messages: a file (atomically: all or nothing) or standard output; QR
/// outputs go through `QROutputOptions`.
public enum MessageOutput {
    /// Writes `bytes` to `path` atomically (mode 644: messages hold no secret), or to standard
    /// output for `-`. On any failure, including a simulated crash from `faults`, no partial
    /// file is left at `path`.
    public static func write(_ bytes: [UInt8], to path: String, faults: FaultHook = .none) throws {
        if path == "-" {
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        try AtomicFile.write(bytes, to: path, mode: 0o644, faults: faults)
    }
}

extension FileError: ExitStatusProviding {
    /// An I/O failure of our own files.
    public var exitStatus: ExitStatus { .failure }
}
