import AirsignTransport
import ArgumentParser

/// `qr decode --scan PATH…`: a file back from QR frames.
public struct QRDecodeCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Read a file back from QR codes in PNG/PGM/PPM images (or a camera).",
        discussion: """
            Frames may come in any order, with duplicates and gaps; progress goes to standard \
            error. Frames of a different message are reported and ignored. --camera reads a \
            V4L2 device through zbar (best effort).
            """
    )

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Images or directories of images to scan.", valueName: "PATH"))
    var scan: [String] = []

    @Option(help: ArgumentHelp("Read from a camera instead (best effort).", valueName: "/dev/videoN"))
    var camera: String?

    @Option(
        help: ArgumentHelp(
            "Where to write the message: a file (written atomically) or - for standard output.", valueName: "FILE|-"))
    var out = "-"

    public init() {}

    public func validate() throws {
        guard scan.isEmpty != (camera == nil) else {
            throw ValidationError("give either --scan PATH… or --camera DEVICE")
        }
        guard !out.isEmpty else { throw ValidationError("--out needs a file name or -") }
    }

    public func run() throws {
        let log: (String) -> Void = { line in
            QRMessageIO.log(line, transient: line.contains("% — "))
        }
        let message: [UInt8]
        if let camera {
            message = try QRCamera.read(device: camera, log: log)
        } else {
            message = try QRScanJob().run(paths: scan, log: log)
        }
        QRMessageIO.log("read \(message.count) bytes")
        try QRMessageIO.write(message, to: out)
    }
}
