/// RFC 4648 base32 (A–Z, 2–7) without padding, decoded strictly: a text has exactly one byte
/// string and every byte string exactly one text per letter case, as Stellar StrKey (SEP-23)
/// and ICP principal text require.
public enum Base32 {
    /// Which letter case `decode` accepts.
    public enum LetterCase: Sendable {
        case upper
        case lower
        /// All upper or all lower, never a mix: no encoder writes a mix, so one is a sign of
        /// tampering or a typo rather than a spelling to tolerate.
        case either
    }

    private static let upperAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)
    private static let lowerAlphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)

    public static func encode(_ bytes: some Sequence<UInt8>, lowercase: Bool = false) -> String {
        let alphabet = lowercase ? lowerAlphabet : upperAlphabet
        var out: [UInt8] = []
        out.reserveCapacity((bytes.underestimatedCount * 8 + 4) / 5)
        var buffer: UInt32 = 0  // holds fewer than 5 pending bits between bytes
        var bits = 0
        for byte in bytes {
            buffer = buffer << 8 | UInt32(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                out.append(alphabet[Int(buffer >> UInt32(bits) & 31)])
            }
            buffer &= (1 << UInt32(bits)) - 1
        }
        if bits > 0 { out.append(alphabet[Int(buffer << UInt32(5 - bits) & 31)]) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Rejects padding, lengths no byte string produces (1, 3 or 6 mod 8) and non-zero unused
    /// trailing bits.
    public static func decode(_ text: some StringProtocol, letterCase: LetterCase = .either) throws(EncodingError) -> [UInt8] {
        let utf8 = Array(text.utf8)
        var wantLower: Bool? = switch letterCase {
        case .upper: false
        case .lower: true
        case .either: nil
        }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count * 5 / 8)
        var buffer: UInt32 = 0
        var bits = 0
        for (offset, c) in utf8.enumerated() {
            let value: UInt8
            switch c {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"):
                let isLower = c >= UInt8(ascii: "a")
                if wantLower == nil { wantLower = isLower }
                guard wantLower == isLower else {
                    throw .invalidCharacter(codec: "base32", in: text, utf8Offset: offset)
                }
                value = (c | 0x20) - UInt8(ascii: "a")
            case UInt8(ascii: "2")...UInt8(ascii: "7"):
                value = c - UInt8(ascii: "2") + 26
            default:
                throw .invalidCharacter(codec: "base32", in: text, utf8Offset: offset)
            }
            buffer = buffer << 5 | UInt32(value)
            bits += 5
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
                buffer &= (1 << UInt32(bits)) - 1
            }
        }
        // All characters were ASCII, so the count below is also the character count.
        switch utf8.count % 8 {
        case 1, 3, 6:
            throw .invalidValue(codec: "base32", offset: utf8.count,
                                reason: "\(utf8.count) characters is not a possible unpadded base32 length")
        default:
            break
        }
        guard buffer == 0 else {
            throw .nonCanonical(codec: "base32", offset: utf8.count - 1, reason: "unused trailing bits are not zero")
        }
        return out
    }
}
