import AirsignCLI
import AirsignEncoding
import AirsignMessages
import AirsignSubstrate
import AirsignTransport
import AirsignWatch
import ArgumentParser

struct SubstrateUOSCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uos",
        abstract: "Write a stored Substrate request as UOS frames, for a Polkadot Vault-style signer.",
        discussion: """
            The request (one this watch issued) goes out as polkadot-js sends it to a QR \
            signer: the UOS payload (53, crypto, payload code 02 for a transaction, 06 when it \
            carries an RFC-0078 metadata proof, 03 for a signRaw message; then the account's \
            key, the payload and the genesis hash) in legacy multipart frames (00, frame \
            count, frame index, up to 1024 bytes each), one binary QR code a frame. --out \
            writes the frames as hex, one a line. Read the signer's answer (the hex signature \
            QR) with substrate finalize ID.
            """)

    @Argument(help: "The request's id.")
    var id: String

    @Option(
        help: ArgumentHelp(
            "Write the frames as hex lines to FILE (atomically), or - for standard output (the default without --qr).",
            valueName: "FILE|-"))
    var out: String?

    @Option(
        help: ArgumentHelp(
            "Write PNG: FILE.png when the payload is one frame, or DIR/ for one PNG a frame (frame-0001.png …).",
            valueName: "FILE.png|DIR/"))
    var qr: String?

    @Option(
        help: ArgumentHelp(
            "The network's genesis hash, for a message on a network the watch knows only by its CAIP-2 id.",
            valueName: "0xHASH"))
    var genesis: String?

    func validate() throws {
        do { _ = try RequestID(id) } catch { throw ValidationError(error.description) }
        if qr?.isEmpty == true { throw ValidationError("--qr needs a file or directory name") }
    }

    func run() throws {
        let request = try RequestActions.store().record(try RequestID(id)).request
        guard request.chain.rawValue == "substrate" else {
            throw SubstrateError.otherChainRequest(id: id, chain: "\(request.chain)")
        }
        let given = try genesis.map { text throws(SubstrateError) in
            try PayloadFields.hex(text, field: "--genesis", length: 32)
        }
        let uos = try UOSPayload(request: request, genesis: given)
        let frames = try UOSFraming.frames(uos.encoded)
        if let qr { try Self.writeQR(frames, to: qr) }
        if let out = out ?? (qr == nil ? "-" : nil) {
            try MessageOutput.write(Array(frames.map { Hex.encode($0) + "\n" }.joined().utf8), to: out)
        }
        Console.info(
            "Request \(request.id) as UOS payload code \(Hex.encode([uos.code])) for \(request.account.address): \(frames.count) frame(s)."
        )
    }

    /// One byte-mode QR (error correction M, as polkadot-js draws them) a frame.
    static func writeQR(_ frames: [[UInt8]], to path: String) throws {
        let images = try frames.map { frame throws(TransportError) in
            try PNGCodec.encode(try QRCode.encode(bytes: frame, correction: .M).render(moduleSize: 4, quietZone: 4))
        }
        if OutputFiles.namesDirectory(path) {
            let files = images.enumerated().map { (name: QRImages.frameName($0.offset + 1), bytes: $0.element) }
            try OutputFiles.writeDirectory(files, to: path) { $0.hasPrefix("frame-") && $0.hasSuffix(".png") }
        } else {
            guard images.count == 1, let image = images.first else {
                throw SubstrateError.uos(.qrDirectory(frames: images.count))
            }
            try OutputFiles.write(image, to: path)
        }
    }
}
