import ArgumentParser

/// `qr`: carry any file across the air gap as QR codes, in both programs.
public struct QRCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "qr",
        abstract: "Carry a file across the air gap as QR codes (PNG, GIF, HTML, terminal) and read it back.",
        discussion: """
            Small messages become one QR code; larger ones a Blockchain Commons UR fountain \
            sequence (ur:bytes), which any UR-capable wallet or library can read. Exit codes: \
            0 ok, 1 failure, 2 usage, 3 invalid input (unreadable images, bad or foreign frames, \
            incomplete message).
            """,
        subcommands: [QREncodeCommand.self, QRDecodeCommand.self]
    )

    public init() {}
}
