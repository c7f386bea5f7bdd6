import AirsignTestSupport
import Testing

@testable import AirsignTransport

/// Decoders of untrusted input return `TransportError` for anything malformed and never trap:
/// mutated bytewords, UR strings, part CBOR, PNG and PNM files.
@Suite struct DecoderRobustnessTests {
    static func validParts(_ rng: inout SeededRandom) throws -> [String] {
        var encoder = try UREncoder(ur: UR.bytes(rng.bytes(400)), maxFragmentLen: 60)
        return (0..<12).map { _ in encoder.nextPart() }
    }

    @Test func mutatedURStrings() throws {
        var rng = SeededRandom.forTest("mutatedURStrings")
        let parts = try Self.validParts(&rng) + [UR.bytes(rng.bytes(50)).string]
        for part in parts {
            for mutated in rng.corruptions(of: Array(part.utf8), count: 300) {
                let text = String(decoding: mutated, as: UTF8.self)
                if case let .failure(error) = Result(catching: { () throws(TransportError) in try URString.parse(text) }
                ) {
                    #expect(!error.description.isEmpty)
                }
                var assembler = MessageAssembler()
                _ = try? assembler.receive(mutated)
            }
        }
    }

    @Test func mutatedBytewordsAndPartCBOR() throws {
        var rng = SeededRandom.forTest("mutatedBytewords")
        for _ in 0..<50 {
            let body = rng.bytes(lengthIn: 0...80)
            let minimal = Bytewords.encode(body, style: .minimal)
            #expect(try Bytewords.decode(minimal, style: .minimal) == body)
            #expect(try Bytewords.decode(Bytewords.encode(body, style: .standard), style: .standard) == body)
            #expect(try Bytewords.decode(Bytewords.encode(body, style: .uri).uppercased(), style: .uri) == body)
            for mutated in rng.corruptions(of: Array(minimal.utf8), count: 40) {
                _ = try? Bytewords.decode(String(decoding: mutated, as: UTF8.self), style: .minimal)
            }
        }
        let part = FountainPart(seqNum: 3, seqLen: 5, messageLen: 90, checksum: 7, data: rng.bytes(18))
        for mutated in rng.corruptions(of: part.cbor, count: 2000) {
            _ = try? FountainPart(cbor: mutated)
        }
    }

    @Test func inconsistentPartHeadersAreRefused() {
        func cbor(_ items: [UInt64], data: [UInt8]) -> [UInt8] {
            FountainPart(
                seqNum: UInt32(items[0]), seqLen: Int(items[1]), messageLen: Int(items[2]), checksum: UInt32(items[3]),
                data: data
            ).cbor
        }
        // 3 fragments of 10 bytes cannot hold 50 bytes, nor need 3 for 15.
        #expect(throws: TransportError.self) {
            try FountainPart(cbor: cbor([1, 3, 50, 0], data: [UInt8](repeating: 0, count: 10)))
        }
        #expect(throws: TransportError.self) {
            try FountainPart(cbor: cbor([1, 3, 15, 0], data: [UInt8](repeating: 0, count: 10)))
        }
        #expect(throws: TransportError.self) {
            try FountainPart(cbor: cbor([0, 3, 30, 0], data: [UInt8](repeating: 0, count: 10)))
        }
        #expect(throws: TransportError.self) {
            try FountainPart(cbor: cbor([1, 70000, 700_000, 0], data: [UInt8](repeating: 0, count: 10)))
        }
        // The path must agree with the part.
        let good = UR.partString(
            type: "bytes",
            part: FountainPart(
                seqNum: 2, seqLen: 3, messageLen: 30, checksum: 1, data: [UInt8](repeating: 1, count: 10)))
        let lying = good.replacingOccurrences(of: "/2-3/", with: "/1-3/")
        #expect(throws: TransportError.self) { try URString.parse(lying) }
        #expect(throws: TransportError.self) { try URString.parse("ur:bytes/99999999999-3/aeae") }
        #expect(throws: TransportError.self) { try URString.parse("ur:by tes/aeae") }
        #expect(throws: TransportError.self) { try URString.parse("ur:bytes") }
    }

    @Test func mutatedImages() throws {
        var rng = SeededRandom.forTest("mutatedImages")
        var plan = try QRFramePlan(message: Array("image fuzz".utf8))
        let image = try plan.nextFrame().code.render(moduleSize: 2, quietZone: 4)
        let png = try PNGCodec.encode(image)
        #expect(try PNGCodec.decode(png) == image)
        for mutated in rng.corruptions(of: png, count: 300) {
            _ = try? ImageFiles.decode(mutated)
        }
        let pgm = Array("P5 \(image.width) \(image.height) 255\n".utf8) + image.pixels
        for mutated in rng.corruptions(of: Array(pgm.prefix(40)), count: 300) {
            _ = try? ImageFiles.decode(mutated)
        }
        // Limits apply before allocation.
        let small = PNGCodec.Limits(maxFileSize: 1 << 20, maxPixels: 100)
        #expect(throws: TransportError.imageTooLarge(width: image.width, height: image.height, limit: 100)) {
            try PNGCodec.decode(png, limits: small)
        }
        #expect(throws: TransportError.self) { try PNMCodec.decode(Array("P5 99999 99999 255\n".utf8)) }
        #expect(throws: TransportError.self) { try PNMCodec.decode(Array("P5 4 4 255\n\u{0}".utf8)) }
        #expect(throws: TransportError.self) { try ImageFiles.decode(Array("GIF89a".utf8)) }
    }
}

/// How the assembler treats frames of other messages, duplicates and single codes.
@Suite struct MessageAssemblerTests {
    static func parts(_ message: [UInt8], count: Int, fragment: Int = 40) throws -> [[UInt8]] {
        var encoder = try UREncoder(ur: UR.bytes(message), maxFragmentLen: fragment)
        return (0..<count).map { _ in Array(encoder.nextPart().uppercased().utf8) }
    }

    @Test func foreignFramesAreRefusedAndNotMixedIn() throws {
        var rng = SeededRandom.forTest("foreignFrames")
        let a = rng.bytes(300), b = rng.bytes(300), c = rng.bytes(500)
        let pa = try Self.parts(a, count: 20), pb = try Self.parts(b, count: 20), pc = try Self.parts(c, count: 20)
        var assembler = MessageAssembler()
        try assembler.receive(pa[0])
        for foreign in pb.prefix(10) + pc.prefix(10) {
            #expect(throws: TransportError.self) { try assembler.receive(foreign) }
        }
        let error = #expect(throws: TransportError.self) { try assembler.receive(pb[1]) }
        if case .differentMessage? = error {} else { Issue.record("wrong error \(String(describing: error))") }
        #expect(error?.description.contains("different message") == true)
        for part in pa.dropFirst() where !assembler.isComplete { try assembler.receive(part) }
        #expect(assembler.message == a)
        // After completion, the same message's frames are duplicates, others still refused.
        #expect(try assembler.receive(pa[3]) == .duplicate)
        #expect(throws: TransportError.self) { try assembler.receive(pb[3]) }
        #expect(throws: TransportError.self) { try assembler.receive(Array("raw bytes".utf8)) }
    }

    @Test func singleCodesAndDuplicates() throws {
        var assembler = MessageAssembler()
        #expect(try assembler.receive([0, 1, 2]) == .accepted)
        #expect(try assembler.receive([0, 1, 2]) == .duplicate)
        #expect(throws: TransportError.self) { try assembler.receive([0, 1, 3]) }
        #expect(assembler.message == [0, 1, 2])
        #expect(assembler.urType == nil)
    }

    @Test func progressCountsFrames() throws {
        var rng = SeededRandom.forTest("progress")
        let parts = try Self.parts(rng.bytes(400), count: 5)
        var assembler = MessageAssembler()
        try assembler.receive(parts[0])
        try assembler.receive(parts[1])
        try assembler.receive(parts[1])
        let progress = try #require(assembler.progress)
        #expect(progress.framesReceived == 2)
        #expect(progress.framesEstimated == 11)
        #expect(progress.description == "18% — 2 of ~11 frames")
    }

    /// A raw message that reads like a UR is sent as a `ur:bytes`, so it comes back unchanged.
    @Test func rawMessageThatLooksLikeAUR() throws {
        let message = Array("UR:BYTES/NOT-REALLY".utf8)
        var plan = try QRFramePlan(message: message)
        let frame = try plan.nextFrame()
        #expect(frame.ur != nil)
        var assembler = MessageAssembler()
        try assembler.receive(frame.payload)
        #expect(assembler.message == message)
    }

    /// Fountain overhead over many random drops: frames needed ÷ fragments stays small.
    @Test func fountainOverhead() throws {
        var rng = SeededRandom.forTest("fountainOverhead")
        for dropRate in [0.0, 0.3] {
            var ratios: [Double] = []
            for _ in 0..<20 {
                let message = rng.bytes(2000)
                var encoder = try FountainEncoder(message: message, maxFragmentLen: 100)
                var decoder = FountainDecoder()
                var used = 0
                while !decoder.isComplete, used < 10 * encoder.seqLen {
                    let part = encoder.nextPart()
                    if Double.random(in: 0..<1, using: &rng) < dropRate { continue }
                    try decoder.receive(part)
                    used += 1
                }
                #expect(decoder.message == message)
                ratios.append(Double(used) / Double(encoder.seqLen))
            }
            let mean = ratios.reduce(0, +) / Double(ratios.count)
            print("fountain: drop \(Int(dropRate * 100))%: mean frames/k = \(mean)")
            #expect(mean < 2)
        }
    }
}
