import AirsignEncoding
internal import CPNG

/// PNG files of black-and-white images (QR codes) at one bit per pixel, written here and
/// compressed with zlib. An 8-bit grayscale PNG of the same picture has eight times the sample
/// data to filter and deflate, which made writing the PNG most of the cost of a QR frame. Every
/// PNG reader reads bit depth 1 (PNG spec, IHDR: greyscale allows 1, 2, 4, 8, 16).
enum BilevelPNG {
    /// The PNG of `image`, or nil when it has a sample other than 0 and 255 (then it is not
    /// bilevel and needs the 8-bit writer).
    static func encode(_ image: GrayImage) throws(TransportError) -> [UInt8]? {
        let (area, overflow) = image.width.multipliedReportingOverflow(by: image.height)
        guard image.width > 0, image.height > 0, image.width <= Int(UInt32.max), image.height <= Int(UInt32.max),
            !overflow, image.pixels.count == area
        else {
            throw .qrEncodingFailed(
                "PNG: an image of \(image.width) × \(image.height) pixels with \(image.pixels.count) samples")
        }
        guard let rows = packedRows(image) else { return nil }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(image.width))
        header.appendBigEndian(UInt32(image.height))
        header += [1, 0, 0, 0, 0]  // bit depth 1, greyscale, compression 0 (deflate), filter method 0, no interlace
        appendChunk("IHDR", header, to: &png)
        appendChunk("IDAT", try deflate(rows), to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// Each row as PNG filter type 0 (none) and its pixels eight to a byte, most significant bit
    /// first, 1 for white; nil if a sample is neither 0 nor 255. (`encode` checked that there are
    /// exactly width × height samples.)
    private static func packedRows(_ image: GrayImage) -> [UInt8]? {
        let width = image.width
        let stride = 1 + (width + 7) / 8
        var out = [UInt8](repeating: 0, count: stride * image.height)
        let bilevel = image.pixels.withUnsafeBufferPointer { pixels in
            out.withUnsafeMutableBufferPointer { packed in
                var any: UInt8 = 0  // a sample that is neither 0 nor 255 leaves a bit here
                for y in 0..<image.height {
                    let row = pixels[(y * width)..<(y * width + width)]
                    var at = y * stride + 1
                    var x = row.startIndex
                    while x < row.endIndex {
                        var byte: UInt8 = 0
                        for bit in 0..<min(8, row.endIndex - x) {
                            let sample = row[x + bit]
                            any |= sample ^ (0 &- (sample >> 7))  // 0 for 0 and for 255 only
                            byte |= (sample >> 7) << UInt8(7 - bit)
                        }
                        packed[at] = byte
                        at += 1
                        x += 8
                    }
                }
                return any == 0
            }
        }
        return bilevel ? out : nil
    }

    /// A zlib stream of `data` (what IDAT holds). Level 6, zlib's default: QR rows repeat
    /// module by module, so higher levels gain almost nothing and lower ones little time.
    private static func deflate(_ data: [UInt8]) throws(TransportError) -> [UInt8] {
        var length = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = out.withUnsafeMutableBufferPointer { target in
            data.withUnsafeBufferPointer { source in
                compress2(target.baseAddress, &length, source.baseAddress, uLong(source.count), 6)
            }
        }
        guard status == Z_OK else { throw .qrEncodingFailed("zlib: compress2 returned \(status)") }
        // A PNG chunk holds at most 2^31 − 1 bytes.
        guard length <= uLong(Int32.max) else { throw .qrEncodingFailed("PNG: image data too large for one chunk") }
        return Array(out.prefix(Int(length)))
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        png.appendBigEndian(UInt32(data.count))
        let typed = Array(type.utf8) + data
        png += typed
        png.appendBigEndian(CRC32.checksum(typed))
    }
}

extension [UInt8] {
    fileprivate mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(value >> 24))
        append(UInt8(truncatingIfNeeded: value >> 16))
        append(UInt8(truncatingIfNeeded: value >> 8))
        append(UInt8(truncatingIfNeeded: value))
    }
}
