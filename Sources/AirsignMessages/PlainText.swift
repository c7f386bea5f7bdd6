/// Plain text: printable ASCII and the few other characters reviews write themselves (…, –, —,
/// ‖, →, ×, −, ≤, €, Latin-1 letters). Each of them is drawn in one column, is never escaped
/// and never joins the character beside it into one, so plain text is its own escape, takes one
/// column a scalar and can be cut between any two scalars. Reviews are nearly all plain, and
/// reading their text as bytes instead of characters was most of the cost of showing a batch.
extension MessageText {
    /// Whether a scalar outside ASCII is plain. The ranges leave out what is hidden, blank,
    /// combining, wide or an emoji (U+00A0, U+00AD, U+2028…U+202F, U+203C, U+2049, U+205F…):
    /// `MessageTextPlainTests` checks every scalar here against the general rules.
    static func isPlainScalar(_ value: UInt32) -> Bool {
        switch value {
        case 0xa1...0xac, 0xae...0xff,  // Latin-1 punctuation, signs and letters
            0x2010...0x2027,  // dashes, quotes, bullets, the ellipsis
            0x2030...0x203b, 0x203d...0x2048, 0x204a...0x205e,  // per mille, primes, ‖-like marks
            0x20a0...0x20c0,  // currency signs
            0x2190...0x2193,  // ← ↑ → ↓
            0x2200...0x22ff:  // mathematical operators (−, ≤, ≥, ×-like)
            return true
        default:
            return false
        }
    }

    /// The terminal columns of `text` when it is plain (one a scalar), nil when it is not.
    static func plainColumns(_ text: String) -> Int? {
        if let columns = text.utf8.withContiguousStorageIfAvailable(plainColumns(utf8:)) { return columns }
        return Array(text.utf8).withUnsafeBufferPointer(plainColumns(utf8:))
    }

    /// Whether `text` is plain.
    static func isPlain(_ text: String) -> Bool { plainColumns(text) != nil }

    /// `plainColumns` of the UTF-8 of a `String` (well-formed, so a lead byte is followed by
    /// its continuation bytes; every read is still bounded by the buffer).
    static func plainColumns(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = bytes.count
        var scalars = 0
        var i = 0
        // Eight bytes at a time while they are all printable ASCII, the common case.
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            while count - i >= 8 {
                let word = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                guard Self.isPrintableASCII(word) else { break }
                scalars += 8
                i += 8
            }
        }
        while i < count {
            let lead = bytes[i]
            if lead >= 0x20, lead < 0x7f {
                scalars += 1
                i += 1
                continue
            }
            // Plain scalars outside ASCII are all below U+10000: two or three bytes.
            let scalar: UInt32
            let length: Int
            switch lead {
            case 0xc2...0xdf:
                guard i + 1 < count else { return nil }
                scalar = UInt32(lead & 0x1f) << 6 | UInt32(bytes[i + 1] & 0x3f)
                length = 2
            case 0xe0...0xef:
                guard i + 2 < count else { return nil }
                scalar = UInt32(lead & 0x0f) << 12 | UInt32(bytes[i + 1] & 0x3f) << 6 | UInt32(bytes[i + 2] & 0x3f)
                length = 3
            default:
                return nil
            }
            guard isPlainScalar(scalar) else { return nil }
            scalars += 1
            i += length
        }
        return scalars
    }

    /// Whether all eight bytes of `word` are in 0x20…0x7e: none has its top bit, none is below
    /// 0x20 (adding 0x60 sets the top bit of each byte that is 0x20 or more), none is 0x7f
    /// (adding 1 sets it only there). No sum carries into the next byte.
    static func isPrintableASCII(_ word: UInt64) -> Bool {
        let high: UInt64 = 0x8080_8080_8080_8080
        return word & high == 0 && (word &+ 0x6060_6060_6060_6060) & high == high
            && (word &+ 0x0101_0101_0101_0101) & high == 0
    }

    /// The ranges `wrapped` cuts plain UTF-8 `bytes` into at `width` columns: its cuts, since a
    /// lead byte is one column and one character, and a continuation byte takes none and is
    /// never where a line is full.
    static func plainPieces<Bytes: Collection<UInt8>>(_ bytes: Bytes, width: Int) -> [Range<Bytes.Index>] {
        pieces(of: bytes, width: max(8, width), isSpace: { $0 == 0x20 }, columns: { $0 & 0xc0 == 0x80 ? 0 : 1 })
    }
}
