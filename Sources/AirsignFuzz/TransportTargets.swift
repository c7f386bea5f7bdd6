import AirsignTransport

extension FuzzTarget {
    /// What a scanned QR code hands the assembler: UR text (any case) or raw bytes. Several
    /// frames are split from one input at newlines so multi-part state is reached too.
    static let ur = FuzzTarget(
        name: "ur", summary: "scanned frames: UR text, bytewords, fountain parts, raw single-QR payloads"
    ) { input throws(FuzzViolation) in
        var assembler = MessageAssembler()
        for frame in input.split(separator: 0x0A, maxSplits: 64).prefix(64) {
            let payload = Array(frame)
            guard (try? assembler.receive(payload)) != nil else { continue }
            if assembler.isComplete { break }
        }
        let text = input.fuzzText
        _ = try? URString.parse(text)
        _ = try? Bytewords.decode(text, style: .minimal)
        _ = try? Bytewords.decode(text, style: .standard)
    }

    static let fountainPart = FuzzTarget(name: "fountain-part", summary: "the CBOR body of a multi-part UR frame") {
        input throws(FuzzViolation) in
        _ = try? FountainPart(cbor: input)
    }

    static let image = FuzzTarget(
        name: "image", summary: "PNG, PGM and PPM files given to --scan (libpng and our PNM reader)"
    ) { input throws(FuzzViolation) in
        let limits = PNGCodec.Limits(maxFileSize: 1 << 20, maxPixels: 1 << 20)
        _ = try? ImageFiles.decode(input, path: "fuzz", limits: limits)
    }
}
