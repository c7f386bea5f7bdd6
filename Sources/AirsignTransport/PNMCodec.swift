/// Netpbm images: PGM (P2 text, P5 binary) and PPM (P3 text, P6 binary), what `zbarimg`,
/// webcam tools and `pnmtools` produce. Colour is converted to gray with the Rec. 601 weights;
/// samples deeper than 8 bits are scaled down. Every length comes from untrusted input, so all
/// arithmetic is checked and the pixel count is limited before anything is allocated.
public enum PNMCodec {
    /// True when `data` starts like a PGM or PPM file.
    public static func looksLikePNM(_ data: [UInt8]) -> Bool {
        data.count >= 2 && data[0] == UInt8(ascii: "P")
            && [UInt8(ascii: "2"), UInt8(ascii: "3"), UInt8(ascii: "5"), UInt8(ascii: "6")].contains(data[1])
    }

    /// Decodes a P2, P3, P5 or P6 file to 8-bit gray.
    public static func decode(_ data: [UInt8], path: String = "PNM", limits: PNGCodec.Limits = .default)
        throws(TransportError) -> GrayImage
    {
        func fail(_ why: String) -> TransportError { .unreadableImage(path: path, reason: why) }
        guard data.count <= limits.maxFileSize else { throw fail("file larger than \(limits.maxFileSize) bytes") }
        guard looksLikePNM(data) else { throw fail("not a PGM (P2/P5) or PPM (P3/P6) file") }
        let kind = data[1]
        var reader = Reader(data: data, position: 2)
        guard let width = reader.headerNumber(), let height = reader.headerNumber(), let maxval = reader.headerNumber()
        else {
            throw fail("malformed header")
        }
        guard width > 0, height > 0, maxval > 0, maxval <= 65535 else {
            throw fail("bad width, height or maximum value")
        }
        let (pixelCount, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixelCount <= limits.maxPixels else {
            throw .imageTooLarge(width: width, height: height, limit: limits.maxPixels)
        }
        let channels = (kind == UInt8(ascii: "3") || kind == UInt8(ascii: "6")) ? 3 : 1
        let samples = pixelCount * channels  // ≤ 3 × maxPixels: no overflow
        var values: [Int] = []
        if kind == UInt8(ascii: "5") || kind == UInt8(ascii: "6") {
            // Exactly one whitespace byte separates the header from binary samples.
            guard reader.position < data.count else { throw fail("no pixel data") }
            let start = reader.position + 1
            let bytesPerSample = maxval > 255 ? 2 : 1
            guard data.count - start >= samples * bytesPerSample else { throw fail("pixel data ends early") }
            values.reserveCapacity(samples)
            for i in 0..<samples {
                let at = start + i * bytesPerSample
                values.append(bytesPerSample == 2 ? Int(data[at]) << 8 | Int(data[at + 1]) : Int(data[at]))
            }
        } else {
            values.reserveCapacity(min(samples, data.count / 2 + 1))
            for _ in 0..<samples {
                guard let v = reader.headerNumber() else { throw fail("pixel data ends early or is not numbers") }
                values.append(v)
            }
        }
        guard values.allSatisfy({ $0 <= maxval }) else { throw fail("sample above the maximum value") }
        var pixels = [UInt8](repeating: 0, count: pixelCount)
        for i in 0..<pixelCount {
            let gray: Int
            if channels == 3 {
                let r = values[3 * i], g = values[3 * i + 1], b = values[3 * i + 2]
                gray = (299 * r + 587 * g + 114 * b) / 1000
            } else {
                gray = values[i]
            }
            pixels[i] = UInt8(clamping: gray * 255 / maxval)
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }

    /// Reads whitespace-separated decimals, skipping `#` comments to the end of the line.
    private struct Reader {
        let data: [UInt8]
        var position: Int

        mutating func headerNumber() -> Int? {
            while position < data.count {
                let c = data[position]
                if c == UInt8(ascii: "#") {
                    while position < data.count, data[position] != UInt8(ascii: "\n") { position += 1 }
                } else if c == 0x20 || (c >= 0x09 && c <= 0x0d) {
                    position += 1
                } else {
                    break
                }
            }
            var value = 0, digits = 0
            while position < data.count, data[position] >= UInt8(ascii: "0"), data[position] <= UInt8(ascii: "9") {
                guard digits < 9 else { return nil }  // refuse absurd numbers rather than overflow
                value = value * 10 + Int(data[position] - UInt8(ascii: "0"))
                digits += 1
                position += 1
            }
            return digits > 0 ? value : nil
        }
    }
}
