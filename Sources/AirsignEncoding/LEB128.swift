/// Unsigned LEB128: seven bits per byte, least significant group first, high bit set on every
/// byte but the last (DWARF 7.6; used by Candid and the ICP request-id hash).
public enum LEB128 {
    public static func encode<T: FixedWidthInteger & UnsignedInteger>(_ value: T) -> [UInt8] {
        var rest = value
        var out: [UInt8] = []
        repeat {
            let group = UInt8(truncatingIfNeeded: rest) & 0x7f
            rest >>= 7
            out.append(rest == 0 ? group : group | 0x80)
        } while rest != 0
        return out
    }

    /// Reads one number starting `offset` bytes into `bytes`; the offsets in errors count from
    /// the start of `bytes`. With `requireMinimal` (the default) a number padded with redundant
    /// `0x80 … 0x00` bytes is rejected, so each value has exactly one accepted encoding.
    public static func decode<T: FixedWidthInteger & UnsignedInteger>(
        _ type: T.Type = T.self, from bytes: some RandomAccessCollection<UInt8>, at offset: Int = 0,
        requireMinimal: Bool = true
    ) throws(EncodingError) -> (value: T, bytesRead: Int) {
        let codec = "LEB128"
        guard offset >= 0, offset <= bytes.count else { throw .truncated(codec: codec, offset: offset) }
        var index = bytes.index(bytes.startIndex, offsetBy: offset)
        var position = offset
        var value: T = 0
        var shift = 0  // stops growing once past the type's width, so it cannot overflow
        var last: UInt8 = 0
        while true {
            guard index != bytes.endIndex else { throw .truncated(codec: codec, offset: position) }
            last = bytes[index]
            let group = last & 0x7f
            if shift < T.bitWidth {
                let room = T.bitWidth - shift
                if room < 7, group >> UInt8(room) != 0 { throw .overflow(codec: codec, offset: offset) }
                value |= T(truncatingIfNeeded: group) << shift
            } else if group != 0 {
                throw .overflow(codec: codec, offset: offset)
            }
            index = bytes.index(after: index)
            position += 1
            if last & 0x80 == 0 { break }
            if shift < T.bitWidth { shift += 7 }
        }
        let count = position - offset
        if requireMinimal, count > 1, last == 0 {
            throw .nonCanonical(codec: codec, offset: offset, reason: "redundant trailing zero groups")
        }
        return (value, count)
    }
}
