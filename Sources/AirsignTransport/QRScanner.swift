internal import CZBar

/// Finds and reads QR codes in grayscale images with libzbar, configured for exact bytes:
/// `ZBAR_CFG_BINARY` turns off zbar's charset guessing, which would otherwise re-encode byte-mode
/// data as UTF-8 (a 256-byte binary payload comes back as 384 bytes without it). Every code in
/// the image is returned, so one image may carry several frames.
public final class QRScanner {
    private let scanner: OpaquePointer
    /// Y800 = 8-bit gray, the only format zbar_scan_image accepts.
    static let y800: UInt = 0x3030_3859

    /// A scanner for QR codes only, in binary mode.
    public init() {
        // zbar_image_scanner_create only fails when malloc does.
        scanner = zbar_image_scanner_create()
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_ENABLE, 1)
        zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_BINARY, 1)
    }

    deinit {
        zbar_image_scanner_destroy(scanner)
    }

    /// The payloads of every QR code found, in zbar's order; empty when none was found.
    public func scan(_ image: GrayImage) -> [[UInt8]] {
        let (count, overflow) = image.width.multipliedReportingOverflow(by: image.height)
        guard image.width > 0, image.height > 0, !overflow, image.pixels.count == count,
            image.width <= Int(UInt32.max), image.height <= Int(UInt32.max),
            let zimage = zbar_image_create()
        else { return [] }
        defer { zbar_image_destroy(zimage) }
        zbar_image_set_format(zimage, QRScanner.y800)
        zbar_image_set_size(zimage, UInt32(image.width), UInt32(image.height))
        return image.pixels.withUnsafeBytes { raw -> [[UInt8]] in
            // zbar only reads the buffer, and we destroy the image before it goes away; no
            // cleanup handler, so zbar never frees our memory.
            zbar_image_set_data(zimage, raw.baseAddress, UInt(raw.count), nil)
            return payloads(of: zimage)
        }
    }

    /// Scans a zbar image already in Y800 (8-bit gray) and returns every QR payload in it.
    func payloads(of zimage: OpaquePointer) -> [[UInt8]] {
        guard zbar_scan_image(scanner, zimage) > 0 else { return [] }
        var results: [[UInt8]] = []
        var symbol = zbar_image_first_symbol(zimage)
        while let s = symbol {
            if zbar_symbol_get_type(s) == ZBAR_QRCODE, let data = zbar_symbol_get_data(s) {
                let length = Int(zbar_symbol_get_data_length(s))
                results.append(
                    data.withMemoryRebound(to: UInt8.self, capacity: length) {
                        Array(UnsafeBufferPointer(start: $0, count: length))
                    })
            }
            symbol = zbar_symbol_next(s)
        }
        return results
    }
}
