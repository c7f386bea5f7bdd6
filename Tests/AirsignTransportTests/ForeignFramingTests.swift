import AirsignMessages
import AirsignTestSupport
import Foundation
import Testing

@testable import AirsignTransport

/// A plugged-in framing of binary frames (as UOS's legacy multipart is): the assembler hands it
/// the frames it claims, a refusal ends the scan, and a scan of files reads them all so a frame
/// of another message is refused wherever it lies.
@Suite struct ForeignFramingTests {
    /// Frames `7F ‖ count ‖ index ‖ data`: enough of a framing to drive the assembler.
    struct ToyFraming: ForeignFraming {
        let name = "toy"
        func claims(_ payload: [UInt8]) -> Bool { payload.count > 3 && payload[0] == 0x7f }
        func collector() -> any ForeignFrameCollector { ToyCollector() }
    }

    struct ToyCollector: ForeignFrameCollector {
        var parts: [Int: [UInt8]] = [:]
        var count: Int?
        var received: Int { parts.count }
        var expected: Int? { count }
        var message: [UInt8]? {
            guard let count, parts.count == count else { return nil }
            return (0..<count).flatMap { parts[$0] ?? [] }
        }

        mutating func finish() {}

        mutating func receive(_ payload: [UInt8]) throws -> Bool {
            let count = Int(payload[1]), index = Int(payload[2]), data = Array(payload.dropFirst(3))
            if let known = self.count, known != count {
                throw TransportError.invalidOption("count \(count), not \(known)")
            }
            self.count = count
            if let seen = parts[index] {
                guard seen == data else { throw TransportError.invalidOption("another frame \(index)") }
                return false
            }
            parts[index] = data
            return true
        }
    }

    /// A framing whose collector gives its message only when told no more frames will come
    /// (as UOS RaptorQ decodes a set of files with every frame once more at the end).
    struct LastTryFraming: ForeignFraming {
        let name = "last-try toy"
        func claims(_ payload: [UInt8]) -> Bool { payload.count > 3 && payload[0] == 0x7f }
        func collector() -> any ForeignFrameCollector { LastTryCollector() }
    }

    struct LastTryCollector: ForeignFrameCollector {
        var inner = ToyCollector()
        var finished = false
        var received: Int { inner.received }
        var expected: Int? { inner.expected }
        var message: [UInt8]? { finished ? inner.message : nil }
        mutating func finish() { finished = true }
        mutating func receive(_ payload: [UInt8]) throws -> Bool { try inner.receive(payload) }
    }

    static func frames(_ message: [UInt8], parts: Int) -> [[UInt8]] {
        let size = (message.count + parts - 1) / parts
        return (0..<parts).map {
            [0x7f, UInt8(parts), UInt8($0)] + Array(message[($0 * size)..<min(message.count, ($0 + 1) * size)])
        }
    }

    @Test func claimedFramesAreAssembledByTheFraming() throws {
        var rng = SeededRandom.forTest("toy framing")
        let message = rng.bytes(300)
        var frames = Self.frames(message, parts: 3)
        frames.append(frames[0])
        frames.shuffle(using: &rng)
        var assembler = MessageAssembler(framings: [ToyFraming()])
        for frame in frames { try assembler.receive(frame) }
        #expect(assembler.input == SignerInput(bytes: message, framing: "toy", frames: 3), "seed \(rng.seed)")
        // Without the framing, the first frame is a message of its own.
        var plain = MessageAssembler()
        try plain.receive(frames[0])
        #expect(plain.message == frames[0] && plain.framing == nil)
    }

    @Test func aRefusedFrameEndsTheScanAndOtherFramesAreRefused() throws {
        let frames = Self.frames(Array(0..<90), parts: 3)
        var assembler = MessageAssembler(framings: [ToyFraming()])
        try assembler.receive(frames[0])
        #expect(throws: TransportError.refusedFrame("toy: another frame 0")) {
            try assembler.receive([0x7f, 3, 0, 9, 9])
        }
        #expect(throws: TransportError.refusedFrame("a QR code that is not a toy frame (2 bytes) while reading one")) {
            try assembler.receive(Array("{}".utf8))
        }
        #expect(assembler.progress == MessageAssembler.Progress(framesReceived: 1, framesEstimated: 3, percent: 33))
    }

    @Test func aScanOfFilesReadsThemAllAndRefusesAMixedSet() throws {
        let dir = NSTemporaryDirectory() + "airsign-foreign-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func write(_ frames: [[UInt8]], prefix: String) throws {
            for (n, frame) in frames.enumerated() {
                let png = try PNGCodec.encode(try QRCode.encode(bytes: frame).render(moduleSize: 4, quietZone: 4))
                #expect(FileManager.default.createFile(atPath: "\(dir)/\(prefix)-\(n).png", contents: Data(png)))
            }
        }
        let message = Array(repeating: UInt8(0x41), count: 120)
        try write(Self.frames(message, parts: 2), prefix: "a")
        let read = try QRScanJob().scan(paths: [dir], framings: [ToyFraming()]) { _ in }
        #expect(read == SignerInput(bytes: message, framing: "toy", frames: 2))
        // A frame of another message after the complete set, in name order: still refused.
        try write([Self.frames(Array(repeating: 0x42, count: 120), parts: 2)[1]], prefix: "z")
        #expect(throws: TransportError.refusedFrame("toy: another frame 1")) {
            try QRScanJob().scan(paths: [dir], framings: [ToyFraming()]) { _ in }
        }
    }

    /// When the files are read, the framing is told so and gets its last try: the scan returns
    /// the message it then gives. Frame by frame, nothing is complete before that.
    @Test func aScanOfFilesEndsWithTheFramingsLastTry() throws {
        let dir = NSTemporaryDirectory() + "airsign-foreign-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let message = Array(repeating: UInt8(0x43), count: 90)
        let frames = Self.frames(message, parts: 2)
        for (n, frame) in frames.enumerated() {
            let png = try PNGCodec.encode(try QRCode.encode(bytes: frame).render(moduleSize: 4, quietZone: 4))
            #expect(FileManager.default.createFile(atPath: "\(dir)/f-\(n).png", contents: Data(png)))
        }
        #expect(
            try QRScanJob().scan(paths: [dir], framings: [LastTryFraming()]) { _ in }
                == SignerInput(bytes: message, framing: "last-try toy", frames: 2))
        var assembler = MessageAssembler(framings: [LastTryFraming()])
        for frame in frames { try assembler.receive(frame) }
        #expect(assembler.input == nil)
        try assembler.finish()
        #expect(assembler.input == SignerInput(bytes: message, framing: "last-try toy", frames: 2))
        // A set that is short says what is missing; one that is not short but does not decode
        // (fountain, RaptorQ) asks for more frames instead.
        #expect(
            TransportError.incompleteMessage(received: 2, expected: 3).description
                == "incomplete message: 2 frames read, about 3 needed; scan the missing frames")
        #expect(
            TransportError.incompleteMessage(received: 5, expected: 4).description
                == "incomplete message: 5 frames read do not decode yet (about 4 are needed, more when frames overlap); scan more frames"
        )
    }
}
