import AirsignTestSupport
import Foundation
import Testing

@testable import AirsignTransport

/// Messages through real PNG files and back through zbar, byte for byte.
@Suite struct RoundTripTests {
    static func tempDir() throws -> String {
        let path = NSTemporaryDirectory() + "airsign-transport-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Writes the plan's frames as a PNG directory, scans the directory, returns the message.
    static func roundTrip(_ message: [UInt8], options: QROptions = QROptions()) throws -> (
        out: [UInt8], plan: QRFramePlan
    ) {
        let dir = try tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var plan = try QRFramePlan(message: message, options: options)
        let frames = try plan.frames()
        try QRImages.writeDirectory(frames, to: dir + "/frames", plan: plan, fps: 4)
        let out = try QRScanJob().run(paths: [dir + "/frames"]) { _ in }
        return (out, plan)
    }

    @Test(arguments: [1, 100, 280])
    func singleQRCode(size: Int) throws {
        var rng = SeededRandom.forTest("singleQRCode-\(size)")
        let message = rng.bytes(size)
        let (out, plan) = try Self.roundTrip(message)
        #expect(plan.kind == .single)
        #expect(out == message)
    }

    @Test func oneKilobyteAsSingleQRAtHigherVersion() throws {
        var rng = SeededRandom.forTest("oneKilobyteSingle")
        let message = rng.bytes(1000)
        let (out, plan) = try Self.roundTrip(message, options: QROptions(maxVersion: 40, moduleSize: 4))
        #expect(plan.kind == .single)
        #expect(out == message)
    }

    @Test(arguments: [1000, 10000])
    func multipartDefaultPolicy(size: Int) throws {
        var rng = SeededRandom.forTest("multipart-\(size)")
        let message = rng.bytes(size)
        let (out, plan) = try Self.roundTrip(message, options: QROptions(moduleSize: 4))
        guard case .multipart = plan.kind else { Issue.record("expected a UR sequence"); return }
        #expect(out == message)
    }

    @Test func hundredKilobytesMultipart() throws {
        var rng = SeededRandom.forTest("multipart-100k")
        let message = rng.bytes(100_000)
        // Larger frames keep the debug-build test short; the default policy is covered above.
        let options = QROptions(maxVersion: 40, fragmentSize: 1500, moduleSize: 3)
        let (out, plan) = try Self.roundTrip(message, options: options)
        guard case let .multipart(seqLen, _) = plan.kind else { Issue.record("expected a UR sequence"); return }
        #expect(seqLen == 67)
        #expect(out == message)
    }

    /// Frames scanned in random order with duplicates and a fifth of them missing still decode.
    @Test func anyOrderDuplicatesAndGaps() throws {
        var rng = SeededRandom.forTest("anyOrder")
        let message = rng.bytes(3000)
        var plan = try QRFramePlan(message: message, options: QROptions(moduleSize: 3))
        let frames = try plan.frames(count: 200)
        let scanner = QRScanner()
        var payloads = frames.flatMap { scanner.scan($0.code.render(moduleSize: 3, quietZone: 4)) }
        #expect(payloads.count == frames.count)
        payloads.shuffle(using: &rng)
        payloads.removeFirst(payloads.count / 5)
        payloads += payloads.prefix(30)
        payloads.shuffle(using: &rng)
        var assembler = MessageAssembler()
        for payload in payloads where !assembler.isComplete { try assembler.receive(payload) }
        #expect(assembler.message == message)
    }

    /// Several QR codes in one image (a grid of frames) are all read.
    @Test func severalCodesInOneImage() throws {
        var rng = SeededRandom.forTest("grid")
        let message = rng.bytes(800)
        var plan = try QRFramePlan(message: message, options: QROptions(moduleSize: 3))
        let frames = try plan.frames()
        let tiles = frames.map { $0.code.render(moduleSize: 3, quietZone: 4) }
        let side = tiles.map(\.width).max() ?? 0
        var grid = GrayImage(
            width: side * tiles.count, height: side, pixels: [UInt8](repeating: 255, count: side * side * tiles.count))
        for (t, tile) in tiles.enumerated() {
            for y in 0..<tile.height {
                for x in 0..<tile.width { grid.pixels[y * grid.width + t * side + x] = tile.pixels[y * tile.width + x] }
            }
        }
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try OutputFiles.write(try PNGCodec.encode(grid), to: dir + "/grid.png")
        #expect(try QRScanJob().run(paths: [dir + "/grid.png"]) { _ in } == message)
    }

    /// PGM and PPM images of a frame decode too.
    @Test func netpbmInput() throws {
        let message = Array("netpbm works".utf8)
        var plan = try QRFramePlan(message: message)
        let image = try plan.nextFrame().code.render(moduleSize: 4, quietZone: 4)
        let header = Array("P5\n# a comment\n\(image.width) \(image.height)\n255\n".utf8)
        let pgm = header + image.pixels
        let ppmHeader = Array("P6 \(image.width) \(image.height) 255\n".utf8)
        let ppm = ppmHeader + image.pixels.flatMap { [$0, $0, $0] }
        let scanner = QRScanner()
        #expect(scanner.scan(try ImageFiles.decode(pgm)) == [message])
        #expect(scanner.scan(try ImageFiles.decode(ppm)) == [message])
        let ascii = Array("P2 2 2 255\n0 255\n255 0\n".utf8)
        #expect(try PNMCodec.decode(ascii).pixels == [0, 255, 255, 0])
    }

    /// Binary content with every byte value survives zbar (binary mode, no charset guessing).
    @Test func everyByteValue() throws {
        let message = (0...255).map { UInt8($0) }
        let (out, _) = try Self.roundTrip(message, options: QROptions(maxVersion: 40, moduleSize: 4))
        #expect(out == message)
    }
}
