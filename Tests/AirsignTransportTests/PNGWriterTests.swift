import AirsignTestSupport
import Testing

@testable import AirsignTransport

/// QR images are written as 1-bit PNGs (`BilevelPNG`); anything else as 8-bit through libpng.
/// libpng reads both back to the same samples (zxing-cpp and zbar read them in the interop and
/// round-trip tests).
@Suite struct PNGWriterTests {
    /// Black-and-white images of every width modulo 8 round-trip through libpng's reader.
    @Test func bilevelImagesRoundTrip() throws {
        var rng = SeededRandom.forTest("bilevelImagesRoundTrip")
        for width in [1, 7, 8, 9, 15, 16, 17, 100, 393] {
            let height = 1 + Int(rng.next() % 40)
            let pixels = (0..<width * height).map { _ in rng.next() & 1 == 0 ? UInt8(0) : 255 }
            let image = GrayImage(width: width, height: height, pixels: pixels)
            let png = try PNGCodec.encode(image)
            #expect(png[24] == 1, "bit depth of a \(width)-pixel-wide image")  // IHDR bit depth
            #expect(try PNGCodec.decode(png) == image)
        }
    }

    /// One gray sample anywhere makes the image 8-bit, and it still round-trips.
    @Test func grayImagesStayEightBit() throws {
        var pixels = [UInt8](repeating: 255, count: 20 * 10)
        pixels[137] = 128
        let image = GrayImage(width: 20, height: 10, pixels: pixels)
        #expect(try BilevelPNG.encode(image) == nil)
        let png = try PNGCodec.encode(image)
        #expect(png[24] == 8)
        #expect(try PNGCodec.decode(png) == image)
    }

    /// A QR frame's PNG is 1-bit and scans back to its payload.
    @Test func qrFramesAreOneBitAndScan() throws {
        var plan = try QRFramePlan(message: Array("airsign 1-bit PNG".utf8))
        let frame = try plan.nextFrame()
        let png = try QRImages.png(frame, options: plan.options)
        #expect(png[24] == 1)
        #expect(QRScanner().scan(try PNGCodec.decode(png)) == [frame.payload])
    }
}
