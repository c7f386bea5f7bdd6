internal import CQREncode

/// QR error-correction level: the share of codewords that may be damaged (L 7 %, M 15 %,
/// Q 25 %, H 30 %); higher levels hold less data per version.
public enum QRErrorCorrection: String, CaseIterable, Sendable {
    case L, M, Q, H

    var qrLevel: QRecLevel {
        switch self {
        case .L: return QR_ECLEVEL_L
        case .M: return QR_ECLEVEL_M
        case .Q: return QR_ECLEVEL_Q
        case .H: return QR_ECLEVEL_H
        }
    }
}

/// A QR symbol as a square of modules (true = dark), without quiet zone.
public struct QRCode: Equatable, Sendable {
    /// 1…40.
    public let version: Int
    /// Modules per side: 17 + 4 × version.
    public let size: Int
    /// Row-major, `size × size`.
    public let modules: [Bool]

    /// The module at (x, y); outside the symbol is light.
    public func isDark(x: Int, y: Int) -> Bool {
        x >= 0 && y >= 0 && x < size && y < size && modules[y * size + x]
    }

    /// Encodes `bytes` in 8-bit (byte) mode without an ECI header, so a reader in binary mode
    /// returns them exactly. `minVersion` 0 picks the smallest version that fits.
    public static func encode(bytes: [UInt8], correction: QRErrorCorrection = .M, minVersion: Int = 0)
        throws(TransportError) -> QRCode
    {
        guard !bytes.isEmpty else { throw .emptyMessage }
        let code = bytes.withUnsafeBufferPointer { buffer in
            QRcode_encodeData(Int32(buffer.count), buffer.baseAddress, Int32(minVersion), correction.qrLevel)
        }
        return try take(code, what: "\(bytes.count) bytes")
    }

    /// Encodes text from the 45-character alphanumeric set (0–9, A–Z, space, $%*+-./:) in
    /// alphanumeric mode — 5.5 bits a character instead of 8, which is why URs go upper case.
    public static func encode(alphanumeric text: String, correction: QRErrorCorrection = .M, minVersion: Int = 0)
        throws(TransportError) -> QRCode
    {
        let chars = Array(text.utf8)
        guard !chars.isEmpty else { throw .emptyMessage }
        guard let input = QRinput_new2(Int32(minVersion), correction.qrLevel) else {
            throw .qrEncodingFailed("libqrencode could not start (version \(minVersion))")
        }
        defer { QRinput_free(input) }
        let appended = chars.withUnsafeBufferPointer {
            QRinput_append(input, QR_MODE_AN, Int32($0.count), $0.baseAddress)
        }
        guard appended == 0 else { throw .qrEncodingFailed("text is not in the QR alphanumeric set") }
        return try take(QRcode_encodeInput(input), what: "\(chars.count) characters")
    }

    private static func take(_ code: UnsafeMutablePointer<QRcode>?, what: String) throws(TransportError) -> QRCode {
        guard let code else {
            throw .qrEncodingFailed("\(what) do not fit a QR code at this level (the limit is version 40)")
        }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        // Bit 0 of each byte is the module colour; the other bits are libqrencode's metadata.
        let modules = (0..<width * width).map { code.pointee.data[$0] & 1 == 1 }
        return QRCode(version: Int(code.pointee.version), size: width, modules: modules)
    }

    /// Renders with `moduleSize` pixels a module and a light border of `quietZone` modules
    /// (the standard asks for at least 4): 0 is dark, 255 light.
    public func render(moduleSize: Int, quietZone: Int) -> GrayImage {
        let side = (size + 2 * quietZone) * moduleSize
        let lightRow = [UInt8](repeating: 255, count: side)
        var pixels: [UInt8] = []
        pixels.reserveCapacity(side * side)
        for _ in 0..<quietZone * moduleSize { pixels += lightRow }
        for y in 0..<size {
            // One pixel row per module row, repeated moduleSize times.
            var row = lightRow
            for x in 0..<size where modules[y * size + x] {
                let start = (x + quietZone) * moduleSize
                row.replaceSubrange(start..<start + moduleSize, with: repeatElement(0, count: moduleSize))
            }
            for _ in 0..<moduleSize { pixels += row }
        }
        for _ in 0..<quietZone * moduleSize { pixels += lightRow }
        return GrayImage(width: side, height: side, pixels: pixels)
    }
}

/// An 8-bit grayscale image, row-major, 0 black … 255 white.
public struct GrayImage: Equatable, Sendable {
    /// Pixels per row.
    public let width: Int
    /// Number of rows.
    public let height: Int
    /// `width × height` samples, row by row.
    public var pixels: [UInt8]

    /// An image from its samples (`pixels.count` must be `width × height`).
    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}
