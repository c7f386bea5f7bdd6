/// IEEE 754 conversions for CBOR major type 7, done on bit patterns so they are exact and do not
/// depend on the platform having `Float16`.
enum CBORFloat {
    /// The preferred (shortest exact) encoding of `value`, head byte included (RFC 8949 §4.1):
    /// half if the value survives the round trip, else single, else double. Every NaN is written
    /// as the canonical quiet NaN `f9 7e00`; NaN payloads are not kept.
    static func shortestEncoding(_ value: Double) -> [UInt8] {
        if value.isNaN { return [0xf9, 0x7e, 0x00] }
        let single = Float(value)
        guard Double(single).bitPattern == value.bitPattern else {
            return [0xfb] + bigEndian(value.bitPattern)
        }
        if let half = halfBits(exactly: single) {
            return [0xf9] + bigEndian(half)
        }
        return [0xfa] + bigEndian(single.bitPattern)
    }

    /// The binary16 pattern holding exactly `value`, or nil when binary16 cannot (NaN excluded).
    static func halfBits(exactly value: Float) -> UInt16? {
        let bits = value.bitPattern
        let sign = UInt16(bits >> 31) << 15
        let exponent = Int((bits >> 23) & 0xff)
        let mantissa = bits & 0x7f_ffff
        if exponent == 0xff { return mantissa == 0 ? sign | 0x7c00 : nil }
        if exponent == 0 { return mantissa == 0 ? sign : nil }  // binary32 subnormals are < 2^-126
        let e = exponent - 127
        if e > 15 { return nil }
        if e >= -14 {
            guard mantissa & 0x1fff == 0 else { return nil }
            return sign | UInt16(e + 15) << 10 | UInt16(mantissa >> 13)
        }
        if e >= -24 {
            // A binary16 subnormal is m × 2^-24 with m < 1024.
            let significand = mantissa | 0x80_0000
            let shift = -(e + 1)
            guard significand & ((1 << shift) - 1) == 0 else { return nil }
            return sign | UInt16(significand >> shift)
        }
        return nil
    }

    static func double(fromHalf bits: UInt16) -> Double {
        let negative = bits & 0x8000 != 0
        let exponent = Int((bits >> 10) & 0x1f)
        let mantissa = UInt64(bits & 0x3ff)
        let magnitude: Double
        switch exponent {
        case 0:
            magnitude = Double(mantissa) * 0x1p-24
        case 0x1f:
            // Keep the payload bits where binary64 keeps them.
            magnitude = Double(bitPattern: 0x7ff0_0000_0000_0000 | mantissa << 42)
        default:
            magnitude = Double(bitPattern: UInt64(exponent - 15 + 1023) << 52 | mantissa << 42)
        }
        return negative ? -magnitude : magnitude
    }

    private static func bigEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        (0..<T.bitWidth / 8).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
