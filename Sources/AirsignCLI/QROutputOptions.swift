import AirsignTransport
import ArgumentParser

/// The QR outputs of every command that writes a message (`qr encode`, `sign`, `account export`,
/// `account show`, …): a PNG file or a directory of frames, an animated GIF, an offline HTML page,
/// the terminal; and the options that shape the frames.
public struct QROutputOptions: ParsableArguments {
    @Option(
        name: .customLong("qr"),
        help: ArgumentHelp(
            "Write PNG: FILE.png for a single QR code, or DIR/ for one PNG per frame plus index.json.",
            valueName: "FILE.png|DIR/"))
    public var qr: String?

    @Option(help: ArgumentHelp("Write an animated GIF of the frames.", valueName: "FILE"))
    public var gif: String?

    @Option(help: ArgumentHelp("Write a self-contained offline HTML page that cycles the frames.", valueName: "FILE"))
    public var html: String?

    @Flag(help: "Show the frames in the terminal (cycling until Ctrl-C).")
    public var show = false

    @Option(help: "Error correction level: L, M, Q or H.")
    public var ec: QRErrorCorrection = .M

    @Option(help: "Frames per second for --gif, --html and --show (1…30).")
    public var fps = 4

    @Option(
        name: .customLong("fragment-size"),
        help: "UR fragment size in bytes (10…4096); default: the largest that fits --max-version.")
    public var fragmentSize: Int?

    @Option(
        name: .customLong("max-version"),
        help:
            "Largest QR version (1…40) for a single code and for each frame (default 12; up to 40 when the only output is one PNG file and the message is a short one a command wrote)."
    )
    public var maxVersion: Int?

    @Option(
        help:
            "Number of frames written to files (default: twice the fragment count — every fragment, then as many fountain mixes)."
    )
    public var frames: Int?

    @Option(name: .customLong("module-size"), help: "Pixels per QR module in PNG, GIF and HTML (1…64).")
    public var moduleSize = 8

    @Option(name: .customLong("quiet-zone"), help: "Light border in modules (4…64).")
    public var quietZone = 4

    public init() {}

    /// Whether any QR output was asked for.
    public var isRequested: Bool { qr != nil || gif != nil || html != nil || show }

    public func validate() throws {
        guard (1...30).contains(fps) else { throw ValidationError("--fps must be 1…30") }
        if let frames, !(1...100_000).contains(frames) { throw ValidationError("--frames must be 1…100000") }
        if qr?.isEmpty == true { throw ValidationError("--qr needs a file or directory name") }
        do { try options(largeSingleCode: false).validate() } catch { throw ValidationError(error.description) }
    }

    /// The frame options. `largeSingleCode` lets a lone `--qr FILE.png` use any QR version when
    /// none was given, so a command's short message (an account descriptor, a compact response)
    /// stays one printable code instead of failing as "needs frames".
    func options(largeSingleCode: Bool) -> QROptions {
        let onlyOneFile = qr.map { !OutputFiles.namesDirectory($0) } == true && gif == nil && html == nil && !show
        let version = maxVersion ?? (largeSingleCode && onlyOneFile ? 40 : QROptions.defaultMaxVersion)
        return QROptions(
            correction: ec, maxVersion: version, fragmentSize: fragmentSize, moduleSize: moduleSize,
            quietZone: quietZone)
    }

    /// Writes `message` to every requested output (files atomically); `--show` last, since it
    /// runs until Ctrl-C.
    public func write(_ message: [UInt8], largeSingleCode: Bool = false) throws {
        let options = options(largeSingleCode: largeSingleCode)
        try write(try QRFramePlan(message: message, options: options), length: message.count, options: options)
    }

    /// Writes the frames of a UR of any type (an ERC-4527 `eth-signature`) to every requested output.
    public func write(ur: UR) throws {
        let options = options(largeSingleCode: false)
        try write(try QRFramePlan(ur: ur, options: options), length: ur.cbor.count, options: options)
    }

    /// `first` is a value: the files draw frames from a copy, so `--show` starts from the first frame.
    private func write(_ first: QRFramePlan, length: Int, options: QROptions) throws {
        var plan = first
        let needFiles = qr != nil || gif != nil || html != nil
        let list = needFiles ? try plan.frames(count: frames) : []
        if case let .multipart(seqLen, fragment) = plan.kind {
            QRMessageIO.log(
                "\(length) bytes → UR fountain: \(seqLen) fragments of \(fragment) bytes, \(needFiles ? "\(list.count) frames" : "endless frames")"
            )
        } else {
            QRMessageIO.log("\(length) bytes → one QR code")
        }
        if let qr {
            if OutputFiles.namesDirectory(qr) {
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
            var again = first
            try TerminalDisplay.show(&again, fps: fps)
        }
    }
}
