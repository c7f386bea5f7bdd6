/// Packs base32 and base64 symbols (5 or 6 bits each) into bytes for the secret decoders, which
/// write into a secure buffer sized from the checked length; `clear` wipes the bits that wait
/// for a byte.
struct SymbolBits {
    private var buffer: UInt32 = 0
    private var bits = 0
    private var written = 0

    /// Appends the low `width` bits of `value`; each time 8 are in, writes a byte to `bytes`.
    mutating func append(_ value: UInt8, width: Int, into bytes: UnsafeMutableRawBufferPointer) {
        buffer = buffer << UInt32(width) | UInt32(value)
        bits += width
        if bits >= 8 {
            bits -= 8
            bytes[written] = UInt8(truncatingIfNeeded: buffer >> UInt32(bits))
            written += 1
            buffer &= (1 << UInt32(bits)) - 1
        }
    }

    /// Whether the unused trailing bits are all zero, as a canonical encoding has them.
    var leftoverIsZero: Bool { buffer == 0 }

    mutating func clear() { buffer = 0 }
}
