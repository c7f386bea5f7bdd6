/// RFC 4648 base64 (standard alphabet, `=` padding) for envelopes and SEP-7. Decoding is strict:
/// it accepts only the one canonical text of the bytes (no whitespace, zero unused bits), so a
/// review and the signature always refer to the same bytes.
public enum StellarBase64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The padded base64 text of `bytes`.
    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let chunk = bytes[i ..< min(i + 3, bytes.count)]
            var v: UInt32 = 0
            for (k, b) in chunk.enumerated() { v |= UInt32(b) << UInt32(16 - 8 * k) }
            for k in 0 ..< 4 {
                out.append(k <= chunk.count ? alphabet[Int((v >> UInt32(18 - 6 * k)) & 63)] : UInt8(ascii: "="))
            }
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of canonical base64 `text`.
    public static func decode(_ text: String) throws(StellarError) -> [UInt8] {
        let chars = Array(text.utf8)
        guard chars.count % 4 == 0 else { throw .invalidBase64("length \(chars.count) is not a multiple of 4") }
        var padding = 0
        if chars.last == UInt8(ascii: "=") { padding = chars.dropLast().last == UInt8(ascii: "=") ? 2 : 1 }
        var out: [UInt8] = []
        out.reserveCapacity(chars.count / 4 * 3)
        var buffer: UInt32 = 0
        var bits = 0
        for (offset, c) in chars.dropLast(padding).enumerated() {
            guard let value = alphabet.firstIndex(of: c) else {
                throw .invalidBase64("character \(Character(Unicode.Scalar(c)).debugDescription) at position \(offset)")
            }
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
                buffer &= (1 << UInt32(bits)) - 1
            }
        }
        guard buffer == 0 else { throw .invalidBase64("unused trailing bits are not zero") }
        return out
    }
}
