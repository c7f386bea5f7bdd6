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
        var groups = try Groups(bytes, at: offset, codec: codec, bitWidth: T.bitWidth)
        var value: T = 0
        while let (group, shift) = try groups.next() {
            if shift < T.bitWidth {
                let room = T.bitWidth - shift
                if room < 7, group >> UInt8(room) != 0 { throw .overflow(codec: codec, offset: offset) }
                value |= T(truncatingIfNeeded: group) << shift
            } else if group != 0 {
                throw .overflow(codec: codec, offset: offset)
            }
        }
        if requireMinimal, groups.count > 1, groups.last == 0 {
            throw .nonCanonical(codec: codec, offset: offset, reason: "redundant trailing zero groups")
        }
        return (value, groups.count)
    }

    /// The byte framing both LEB128 flavours share: the seven-bit groups of one number, each
    /// with its bit position, from `offset` bytes into the input up to and including the first
    /// byte whose high bit is clear. The decoder checks each group before asking for the next,
    /// so a group that does not fit is reported even when the input also ends too early.
    struct Groups<Bytes: RandomAccessCollection<UInt8>> {
        private let bytes: Bytes
        private let codec: String
        private let offset: Int
        private let bitWidth: Int
        private var index: Bytes.Index
        private var done = false
        /// Bytes read so far; once `next()` has returned nil, the length of the number.
        private(set) var count = 0
        /// The last byte read, and the one before it (0 while there is none).
        private(set) var last: UInt8 = 0
        private(set) var previous: UInt8 = 0
        /// The bit position of the last group read. It stops growing once it reaches
        /// `bitWidth`, so it cannot overflow however long the input is.
        private(set) var shift = 0

        /// Throws `truncated` for an offset outside the input.
        init(_ bytes: Bytes, at offset: Int, codec: String, bitWidth: Int) throws(EncodingError) {
            guard offset >= 0, offset <= bytes.count else { throw .truncated(codec: codec, offset: offset) }
            self.bytes = bytes
            self.codec = codec
            self.offset = offset
            self.bitWidth = bitWidth
            index = bytes.index(bytes.startIndex, offsetBy: offset)
        }

        /// The next group and its bit position, nil after the last one; throws `truncated`
        /// where the input ends before the number does.
        mutating func next() throws(EncodingError) -> (group: UInt8, shift: Int)? {
            if done { return nil }
            guard index != bytes.endIndex else { throw .truncated(codec: codec, offset: offset + count) }
            if count > 0, shift < bitWidth { shift += 7 }
            previous = last
            last = bytes[index]
            index = bytes.index(after: index)
            count += 1
            done = last & 0x80 == 0
            return (last & 0x7f, shift)
        }
    }
}
