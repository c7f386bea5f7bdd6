import AirsignTransport
import ArgumentParser
import Foundation

/// `qr encode FILE|-`: a file as QR frames.
public struct QREncodeCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "encode",
        abstract: "Turn a file into QR frames: PNG file or directory, animated GIF, offline HTML page, or the terminal.",
        discussion: """
            A message that fits one QR code of at most --max-version is written as that single \
            binary QR code; a larger one as a UR fountain sequence (frames UR:BYTES/n-m/…). \
            --qr FILE.png takes a single QR; --qr DIR/ writes frame-0001.png … and index.json.
            """
    )

    @Argument(help: "The file to send, or - for standard input.")
    var input: String

    @Option(name: .customLong("qr"), help: ArgumentHelp("Write PNG: FILE.png for a single QR code, or DIR/ for one PNG per frame plus index.json.", valueName: "FILE.png|DIR/"))
    var qr: String?

    @Option(help: ArgumentHelp("Write an animated GIF of the frames.", valueName: "FILE"))
    var gif: String?

    @Option(help: ArgumentHelp("Write a self-contained offline HTML page that cycles the frames.", valueName: "FILE"))
    var html: String?

    @Flag(help: "Show the frames in the terminal (cycling until Ctrl-C).")
    var show = false

    @Option(help: "Error correction level: L, M, Q or H.")
    var ec: QRErrorCorrection = .M

    @Option(help: "Frames per second for --gif, --html and --show (1…30).")
    var fps = 4

    @Option(name: .customLong("fragment-size"), help: "UR fragment size in bytes (10…4096); default: the largest that fits --max-version.")
    var fragmentSize: Int?

    @Option(name: .customLong("max-version"), help: "Largest QR version (1…40) for a single code and for each frame.")
    var maxVersion = QROptions.defaultMaxVersion

    @Option(help: "Number of frames written to files (default: twice the fragment count — every fragment, then as many fountain mixes).")
    var frames: Int?

    @Option(name: .customLong("module-size"), help: "Pixels per QR module in PNG, GIF and HTML (1…64).")
    var moduleSize = 8

    @Option(name: .customLong("quiet-zone"), help: "Light border in modules (4…64).")
    var quietZone = 4

    public init() {}

    var options: QROptions {
        QROptions(correction: ec, maxVersion: maxVersion, fragmentSize: fragmentSize, moduleSize: moduleSize, quietZone: quietZone)
    }

    public func validate() throws {
        guard qr != nil || gif != nil || html != nil || show else {
            throw ValidationError("nothing to write: give --qr, --gif, --html or --show")
        }
        guard (1 ... 30).contains(fps) else { throw ValidationError("--fps must be 1…30") }
        if let frames, !(1 ... 100_000).contains(frames) { throw ValidationError("--frames must be 1…100000") }
        do { try options.validate() } catch { throw ValidationError(error.description) }
    }

    public func run() throws {
        let message = try QRMessageIO.read(input)
        var plan = try QRFramePlan(message: message, options: options)
        let needFiles = qr != nil || gif != nil || html != nil
        let list = needFiles ? try plan.frames(count: frames) : []
        if case let .multipart(seqLen, fragment) = plan.kind {
            QRMessageIO.log("\(message.count) bytes → UR fountain: \(seqLen) fragments of \(fragment) bytes, \(needFiles ? "\(list.count) frames" : "endless frames")")
        } else {
            QRMessageIO.log("\(message.count) bytes → one QR code")
        }
        if let qr {
            if Self.isDirectory(qr) {
                try QRImages.writeDirectory(list, to: qr, plan: plan, fps: fps)
            } else {
                try QRImages.writePNG(list, to: qr, options: options)
            }
        }
        if let gif { try OutputFiles.write(try GIFWriter.encode(list, options: options, fps: fps), to: gif) }
        if let html {
            try OutputFiles.write(Array(try HTMLPage.render(list, options: options, fps: fps).utf8), to: html)
        }
        if show {
            var fresh = try QRFramePlan(message: message, options: options)
            try TerminalDisplay.show(&fresh, fps: fps)
        }
    }

    /// `--qr` names a directory when it ends in `/` or already is one.
    static func isDirectory(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return path.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue)
    }
}
