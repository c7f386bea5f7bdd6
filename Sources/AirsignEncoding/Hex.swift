/// Base16: lower-case out, either case in.
public enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    /// Lower-case hex, with a leading `0x` when `prefix` is true.
    public static func encode(_ bytes: some Sequence<UInt8>, prefix: Bool = false) -> String {
        var out: [UInt8] = prefix ? [UInt8(ascii: "0"), UInt8(ascii: "x")] : []
        out.reserveCapacity(out.count + 2 * bytes.underestimatedCount)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes hex with an optional `0x`/`0X` prefix, digits in any case. Positions in errors count
    /// characters from the start of `text`, prefix included.
    public static func decode(_ text: some StringProtocol) throws(EncodingError) -> [UInt8] {
        let utf8 = Array(text.utf8)
        var start = 0
        if utf8.count >= 2, utf8[0] == UInt8(ascii: "0"), utf8[1] | 0x20 == UInt8(ascii: "x") {
            start = 2
        }
        var out: [UInt8] = []
        out.reserveCapacity((utf8.count - start) / 2)
        var i = start
        while i < utf8.count {
            guard let high = value(of: utf8[i]) else {
                throw .invalidCharacter(codec: "hex", in: text, utf8Offset: i)
            }
            guard i + 1 < utf8.count else {
                // Every character so far was an ASCII digit, so bytes and characters agree.
                throw .truncated(codec: "hex", offset: utf8.count)
            }
            guard let low = value(of: utf8[i + 1]) else {
                throw .invalidCharacter(codec: "hex", in: text, utf8Offset: i + 1)
            }
            out.append(high << 4 | low)
            i += 2
        }
        return out
    }

    /// The value of one ASCII hex digit.
    static func value(of c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
