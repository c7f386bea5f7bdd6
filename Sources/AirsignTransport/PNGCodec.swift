internal import CPNG
import Foundation

/// PNG in and out through libpng's "simplified" API, which does its own setjmp/longjmp error
/// handling inside C and reports failure as a return code — the only safe way to use libpng
/// from Swift, where a longjmp across Swift frames is undefined behaviour.
public enum PNGCodec {
    /// Limits for decoding untrusted files: checked from the header before any pixel memory is
    /// allocated.
    public struct Limits: Sendable, Equatable {
        /// Largest file accepted, in bytes.
        public var maxFileSize: Int
        /// Largest width × height accepted.
        public var maxPixels: Int
        /// Limits in bytes and pixels.
        public init(maxFileSize: Int, maxPixels: Int) {
            self.maxFileSize = maxFileSize
            self.maxPixels = maxPixels
        }

        /// 64 MiB files, 64 megapixels (a 8192 × 8192 screenshot).
        public static let `default` = Limits(maxFileSize: 64 << 20, maxPixels: 64 << 20)
    }

    /// A grayscale PNG of `image`: one bit per pixel when every sample is black or white (a QR
    /// code; `BilevelPNG`), else eight.
    public static func encode(_ image: GrayImage) throws(TransportError) -> [UInt8] {
        if let bilevel = try BilevelPNG.encode(image) { return bilevel }
        return try encode8Bit(image)
    }

    /// An 8-bit grayscale PNG of `image`, through libpng.
    static func encode8Bit(_ image: GrayImage) throws(TransportError) -> [UInt8] {
        var png = png_image()
        png.version = png_uint_32(PNG_IMAGE_VERSION)
        png.width = png_uint_32(image.width)
        png.height = png_uint_32(image.height)
        png.format = png_uint_32(PNG_FORMAT_GRAY)
        var size: Int = 0
        // First call measures, second writes.
        let measured = image.pixels.withUnsafeBytes { pixels in
            png_image_write_to_memory(&png, nil, &size, 0, pixels.baseAddress, 0, nil)
        }
        guard measured != 0, size > 0 else { throw .qrEncodingFailed("libpng: \(message(of: png))") }
        var out = [UInt8](repeating: 0, count: size)
        let written = out.withUnsafeMutableBytes { buffer in
            image.pixels.withUnsafeBytes { pixels in
                png_image_write_to_memory(&png, buffer.baseAddress, &size, 0, pixels.baseAddress, 0, nil)
            }
        }
        guard written != 0 else { throw .qrEncodingFailed("libpng: \(message(of: png))") }
        return Array(out.prefix(size))
    }

    /// Decodes any PNG (palette, 16-bit, colour, alpha composited onto white) to 8-bit gray.
    public static func decode(_ data: [UInt8], path: String = "PNG", limits: Limits = .default) throws(TransportError)
        -> GrayImage
    {
        guard data.count <= limits.maxFileSize else {
            throw .unreadableImage(path: path, reason: "file larger than \(limits.maxFileSize) bytes")
        }
        var png = png_image()
        png.version = png_uint_32(PNG_IMAGE_VERSION)
        let begun = data.withUnsafeBytes { png_image_begin_read_from_memory(&png, $0.baseAddress, $0.count) }
        guard begun != 0 else { throw .unreadableImage(path: path, reason: message(of: png)) }
        let width = Int(png.width), height = Int(png.height)
        let (pixelCount, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, width > 0, height > 0, pixelCount <= limits.maxPixels else {
            png_image_free(&png)
            throw .imageTooLarge(width: width, height: height, limit: limits.maxPixels)
        }
        png.format = png_uint_32(PNG_FORMAT_GRAY)
        var pixels = [UInt8](repeating: 0, count: pixelCount)
        var white = png_color(red: 255, green: 255, blue: 255)
        let finished = pixels.withUnsafeMutableBytes { buffer in
            png_image_finish_read(&png, &white, buffer.baseAddress, 0, nil)
        }
        guard finished != 0 else { throw .unreadableImage(path: path, reason: message(of: png)) }
        return GrayImage(width: width, height: height, pixels: pixels)
    }

    private static func message(of png: png_image) -> String {
        var copy = png.message
        let text = withUnsafeBytes(of: &copy) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "unknown libpng error" : text
    }
}
