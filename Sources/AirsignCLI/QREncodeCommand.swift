import AirsignTransport
import ArgumentParser

/// `qr encode FILE|-`: a file as QR frames.
public struct QREncodeCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "encode",
        abstract:
            "Turn a file into QR frames: PNG file or directory, animated GIF, offline HTML page, or the terminal.",
        discussion: """
            A message that fits one QR code of at most --max-version is written as that single \
            binary QR code; a larger one as a UR fountain sequence (frames UR:BYTES/n-m/…). \
            --qr FILE.png takes a single QR; --qr DIR/ writes frame-0001.png … and index.json.
            """
    )

    @Argument(help: "The file to send, or - for standard input.")
    var input: String

    @OptionGroup var output: QROutputOptions

    public init() {}

    public func validate() throws {
        guard output.isRequested else {
            throw ValidationError("nothing to write: give --qr, --gif, --html or --show")
        }
    }

    public func run() throws {
        try output.write(try QRMessageIO.read(input))
    }
}
