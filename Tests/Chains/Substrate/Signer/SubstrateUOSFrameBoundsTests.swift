import AirsignCrypto
import AirsignEncoding
import AirsignSubstrate
import AirsignTestSupport
import Testing

/// What the UOS frame collectors keep and how much work they do, whatever the frames claim:
/// RaptorQ streams of at most `RaptorQ.maxSourceSymbols` source symbols and `maxLength`
/// bytes; after a RaptorQ stream decodes, every frame must be one the payload gives (a frame of
/// another stream of the same size is refused as mixed); legacy frame sets of at most
/// `maxFrames` frames and `maxPayloadLength` bytes.
@Suite struct SubstrateUOSFrameBoundsTests {
    typealias Vector = SubstrateUOSTests.RaptorQFrames

    static func vector() throws -> Vector {
        try Vectors.load("substrate-uos", as: SubstrateUOSTests.File.self).raptorq
    }

    /// A RaptorQ frame as Vault makes it: `80 ‖ u24 size ‖ SBN 0 ‖ u24 ESI ‖ symbol`.
    static func frame(size: Int, esi: UInt32, symbol: [UInt8]) -> [UInt8] {
        [
            0x80, UInt8(size >> 16 & 0xff), UInt8(size >> 8 & 0xff), UInt8(size & 0xff), 0,
            UInt8(esi >> 16 & 0xff), UInt8(esi >> 8 & 0xff), UInt8(esi & 0xff),
        ] + symbol
    }

    static func frames(of payload: [UInt8], symbolSize: Int, esis: [UInt32]) throws -> [[UInt8]] {
        let encoder = try #require(RaptorQ.Encoder(object: payload, symbolSize: symbolSize))
        return try esis.map { Self.frame(size: payload.count, esi: $0, symbol: try #require(encoder.symbol(esi: $0))) }
    }

    /// Our re-encoder (liblcrq) gives the very frames the `raptorq` crate made, source and
    /// repair: what the check of late frames compares with is the sender's encoding.
    @Test func theReEncoderMakesTheCratesFrames() throws {
        let vector = try Self.vector()
        let payload = testBytes(vector.payload)
        #expect(try Self.frames(of: payload, symbolSize: 128, esis: [0, 1, 2, 3]) == vector.frames.map(testBytes))
    }

    @Test func aStreamOfTooManySymbolsOrBytesIsRefusedAtItsFirstFrame() throws {
        let cases: [(size: Int, symbolSize: Int, refused: Bool)] = [
            (4 * RaptorQ.maxSourceSymbols, 4, false),  // K = 1024, the bound
            (4 * RaptorQ.maxSourceSymbols + 4, 4, true),  // K = 1025
            (8192, 4, true),  // K = 2048: a decoding of several seconds
            (RaptorQ.maxLength + 2048, 2048, true),  // K = 513, but over 1 MiB
        ]
        for (size, symbolSize, refused) in cases {
            var collector = UOSFrameCollector()
            let frame = Self.frame(size: size, esi: 0, symbol: [UInt8](repeating: 1, count: symbolSize))
            if refused {
                do {
                    _ = try collector.receive(frame)
                    Issue.record("a stream of \(size) bytes in \(symbolSize)-byte symbols was started")
                } catch {
                    #expect(
                        "\(error)".contains(
                            "is not one this signer decodes (one source block of at most 1024 symbols and 1048576 bytes"
                        ),
                        "\(error)")
                }
            } else {
                let taken = try collector.receive(frame)
                #expect(taken && collector.expected == RaptorQ.maxSourceSymbols)
            }
        }
    }

    /// After the crate's two source frames decode, more of the same payload's frames (repair,
    /// any ESI) are taken and repeats are not; a frame of another payload of the same size is
    /// refused, whether it comes after the decoding or was among the frames it used.
    @Test func framesAfterTheDecodingMustBeThePayloads() throws {
        var rng = SeededRandom.forTest("UOS RaptorQ late frames")
        let vector = try Self.vector()
        let payload = testBytes(vector.payload), shown = vector.frames.map(testBytes)
        let other = try Self.frames(of: rng.bytes(payload.count), symbolSize: 128, esis: [1, 5, 40])
        var collector = UOSFrameCollector()
        var taken = try collector.receive(shown[0])
        #expect(taken && collector.message == nil)
        taken = try collector.receive(shown[1])
        #expect(taken && collector.message == payload)
        taken = try collector.receive(shown[2])
        #expect(taken && collector.received == 3)
        taken = try collector.receive(shown[2])
        #expect(!taken)
        taken = try collector.receive(try Self.frames(of: payload, symbolSize: 128, esis: [40])[0])
        #expect(taken && collector.received == 4)
        for late in other {
            var copy = collector
            let esi = UInt32(late[5]) << 16 | UInt32(late[6]) << 8 | UInt32(late[7])
            #expect(
                throws: SubstrateError.frames(
                    .mixed("the RaptorQ frame with symbol id \(esi) is not one of the decoded payload's")),
                "a frame of another payload was taken after the decoding, seed \(rng.seed)"
            ) { _ = try copy.receive(late) }
        }
        // The other payload's frame first: the two frames "decode" to neither payload, and the
        // next genuine frame shows the mix.
        let mixed = #expect(throws: SubstrateError.self, "frames of two payloads assembled, seed \(rng.seed)") {
            try UOSFrameCollector.assemble([other[2], shown[0], shown[1]])
        }
        guard case .frames(.mixed)? = mixed else {
            Issue.record("not a refusal of mixed frames: \(mixed.map(\.description) ?? "none")")
            return
        }
    }

    /// Legacy frames: a count over `maxFrames` is refused at the first frame, and a set whose
    /// data passes `maxPayloadLength` at the frame that passes it.
    @Test func legacyFramesAreBoundInCountAndBytes() throws {
        var rng = SeededRandom.forTest("UOS legacy bounds")
        let tooMany = [0, UInt8((UOSFraming.maxFrames + 1) >> 8), UInt8((UOSFraming.maxFrames + 1) & 0xff), 0, 0, 1]
        var collector = UOSFrameCollector()
        #expect(throws: SubstrateError.frames(.count(UOSFraming.maxFrames + 1))) { _ = try collector.receive(tooMany) }
        let count = 600, size = 2000
        let fit = UOSFraming.maxPayloadLength / size
        for index in 0..<fit {
            _ = try collector.receive(
                [0, UInt8(count >> 8), UInt8(count & 0xff), UInt8(index >> 8), UInt8(index & 0xff)] + rng.bytes(size))
        }
        #expect(UOSFraming.maxPayloadLength == 1_048_576)
        #expect(
            throws: SubstrateError.frames(.overLimit(bytes: (fit + 1) * size, frames: fit + 1)),
            "more than \(UOSFraming.maxPayloadLength) bytes of frames kept"
        ) {
            _ = try collector.receive(
                [0, UInt8(count >> 8), UInt8(count & 0xff), UInt8(fit >> 8), UInt8(fit & 0xff)] + rng.bytes(size))
        }
        #expect(collector.received == fit && collector.message == nil)
        // The watch does not frame what a signer would not collect.
        #expect(throws: SubstrateError.frames(.payloadTooLarge(bytes: UOSFraming.maxPayloadLength + 1))) {
            try UOSFraming.frames([UInt8](repeating: 0, count: UOSFraming.maxPayloadLength + 1))
        }
    }
}
