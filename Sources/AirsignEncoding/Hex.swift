/// Base16: lower-case out, either case in.
public enum Hex {
    /// Lower-case hex, with a leading `0x` when `prefix` is true.
    @inlinable
    public static func encode(_ bytes: some Sequence<UInt8>, prefix: Bool = false) -> String {
        // Inlinable, so callers get it specialized for their sequence type: then a plain loop
        // over contiguous bytes. Generic per-byte iteration (and, unspecialized, the generic
        // metadata of each call) was a visible share of signing a big batch.
        if let text = bytes.withContiguousStorageIfAvailable({ encode(buffer: $0, prefix: prefix) }) { return text }
        return Array(bytes).withUnsafeBufferPointer { encode(buffer: $0, prefix: prefix) }
    }

    @usableFromInline
    static func encode(buffer bytes: UnsafeBufferPointer<UInt8>, prefix: Bool) -> String {
        let start = prefix ? 2 : 0
        let (doubled, overflow) = bytes.count.multipliedReportingOverflow(by: 2)
        // No buffer in memory is that large; the check keeps the arithmetic honest anyway.
        guard !overflow, doubled <= Int.max - start else { return "" }
        let length = start + doubled
        return String(unsafeUninitializedCapacity: length) { out in
            // `out` holds at least `length` bytes; every index below is less than `length`.
            if prefix {
                out[0] = UInt8(ascii: "0")
                out[1] = UInt8(ascii: "x")
            }
            var at = start
            for byte in bytes {
                out[at] = digit(byte >> 4)
                out[at + 1] = digit(byte & 0x0f)
                at += 2
            }
            return length
        }
    }

    /// The lower-case ASCII digit of a nibble (0...15).
    @inline(__always)
    private static func digit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "a") &+ (nibble &- 10)
    }

    /// Decodes hex with an optional `0x`/`0X` prefix, digits in any case. Positions in errors count
    /// characters from the start of `text`, prefix included.
    @inlinable
    public static func decode(_ text: some StringProtocol) throws(EncodingError) -> [UInt8] {
        // Specialized at the caller; the work is on a String, never through generic witnesses.
        try decode(string: String(text))
    }

    @usableFromInline
    static func decode(string text: String) throws(EncodingError) -> [UInt8] {
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
