/// Signed LEB128: two's complement in seven-bit groups, least significant first; the last
/// group's bit 6 is the sign (DWARF 7.6; used by Candid).
public enum SLEB128 {
    public static func encode<T: FixedWidthInteger & SignedInteger>(_ value: T) -> [UInt8] {
        var rest = value
        var out: [UInt8] = []
        while true {
            let group = UInt8(truncatingIfNeeded: rest) & 0x7f
            rest >>= 7  // arithmetic: keeps the sign
            // Done once what is left is only the sign, and this group's bit 6 already shows it.
            let done = (rest == 0 && group & 0x40 == 0) || (rest == -1 && group & 0x40 != 0)
            out.append(done ? group : group | 0x80)
            if done { return out }
        }
    }

    /// Reads one number starting `offset` bytes into `bytes`; the offsets in errors count from
    /// the start of `bytes`. With `requireMinimal` (the default) a number with redundant sign
    /// groups is rejected, so each value has exactly one accepted encoding.
    public static func decode<T: FixedWidthInteger & SignedInteger>(
        _ type: T.Type = T.self, from bytes: some RandomAccessCollection<UInt8>, at offset: Int = 0,
        requireMinimal: Bool = true
    ) throws(EncodingError) -> (value: T, bytesRead: Int) {
        let codec = "SLEB128"
        var groups = try LEB128.Groups(bytes, at: offset, codec: codec, bitWidth: T.bitWidth)
        var value: T = 0
        while let (group, shift) = try groups.next() {
            if shift < T.bitWidth {
                let room = T.bitWidth - shift
                if room < 7 {
                    // The group's bits from room-1 up become the type's sign bit and its
                    // extension: they must all agree or the number does not fit.
                    let high = group >> UInt8(room - 1)
                    let ones: UInt8 = (1 << UInt8(8 - room)) - 1
                    if high != 0, high != ones { throw .overflow(codec: codec, offset: offset) }
                }
                value |= T(truncatingIfNeeded: group) << shift
            } else if group != (value < 0 ? 0x7f : 0) {
                // Past the type's width only sign extension can follow.
                throw .overflow(codec: codec, offset: offset)
            }
        }
        // Sign-extend from bit 6 of the last group when it did not reach the type's top bit.
        if groups.shift + 7 < T.bitWidth, groups.last & 0x40 != 0 {
            value |= T(-1) << (groups.shift + 7)
        }
        if requireMinimal, groups.count > 1 {
            let group = groups.last & 0x7f
            if (group == 0 && groups.previous & 0x40 == 0) || (group == 0x7f && groups.previous & 0x40 != 0) {
                throw .nonCanonical(codec: codec, offset: offset, reason: "redundant sign extension groups")
            }
        }
        return (value, groups.count)
    }
}
