/// An element of the base field Fp of BLS12-381 (p is 381 bits), kept in Montgomery form
/// (a·R mod p with R = 2^384) on six fixed-width limbs and always fully reduced (< p), so two
/// elements are equal exactly when their limbs are.
struct Fp: Sendable {
    /// The Montgomery form a·R mod p.
    var m: Limbs

    init(montgomery: Limbs) { m = montgomery }

    /// From a canonical value that the caller knows is below p (the constants in this module).
    init(canonical value: Limbs) { m = Fp.montgomeryProduct(value, Fp.r2) }

    /// From 48 big-endian bytes at `offset`; nil unless the value is below p.
    init?(bigEndian bytes: [UInt8], offset: Int = 0) {
        guard offset >= 0, bytes.count - offset >= 48 else { return nil }
        let value = limbs(bigEndian: bytes, offset: offset)
        guard limbsLess(value, Fp.modulus) else { return nil }
        self.init(canonical: value)
    }

    init(_ small: UInt64) { self.init(canonical: (small, 0, 0, 0, 0, 0)) }

    static let modulus: Limbs = (
        0xb9fe_ffff_ffff_aaab, 0x1eab_fffe_b153_ffff, 0x6730_d2a0_f6b0_f624,
        0x6477_4b84_f385_12bf, 0x4b1b_a7b6_434b_acd7, 0x1a01_11ea_397f_e69a
    )
    /// −p⁻¹ mod 2^64, for Montgomery reduction.
    static let inverseModulus: UInt64 = 0x89f3_fffc_fffc_fffd
    /// R² mod p: multiplying by it (Montgomery) takes a canonical value into Montgomery form.
    static let r2: Limbs = (
        0xf4df_1f34_1c34_1746, 0x0a76_e6a6_09d1_04f1, 0x8de5_476c_4c95_b6d5,
        0x67eb_88a9_939d_83c0, 0x9a79_3e85_b519_952d, 0x1198_8fe5_92ca_e3aa
    )
    /// (p − 1)/2: the largest value that is not "lexicographically largest" (ZCash sort flag).
    static let halfModulus: Limbs = (
        0xdcff_7fff_ffff_d555, 0x0f55_ffff_58a9_ffff, 0xb398_6950_7b58_7b12,
        0xb23b_a5c2_79c2_895f, 0x258d_d3db_21a5_d66b, 0x0d00_88f5_1cbf_f34d
    )

    static let zero = Fp(montgomery: zeroLimbs)
    /// R mod p, the Montgomery form of 1.
    static let one = Fp(
        montgomery: (
            0x7609_0000_0002_fffd, 0xebf4_000b_c40c_0002, 0x5f48_9857_53c7_58ba,
            0x77ce_5853_7052_5745, 0x5c07_1a97_a256_ec6d, 0x15f6_5ec3_fa80_e493
        ))

    /// The canonical value (out of Montgomery form).
    var canonical: Limbs { Fp.montgomeryProduct(m, (1, 0, 0, 0, 0, 0)) }

    /// The 48 big-endian bytes of the canonical value.
    var bytes: [UInt8] { bigEndianBytes(canonical) }

    var isZero: Bool { limbsEqual(m, zeroLimbs) }

    /// RFC 9380 sgn0 for m = 1: the parity of the canonical value.
    var sgn0: Bool { canonical.0 & 1 == 1 }

    /// The ZCash sort flag: the value is above (p − 1)/2.
    var isLexicographicallyLargest: Bool { limbsLess(Fp.halfModulus, canonical) }

    static func + (a: Fp, b: Fp) -> Fp {
        let (s, _) = limbsAdd(a.m, b.m)  // both < p < 2^382: no carry out
        let (d, borrow) = limbsSub(s, modulus)
        return Fp(montgomery: borrow != 0 ? s : d)
    }

    static func - (a: Fp, b: Fp) -> Fp {
        let (d, borrow) = limbsSub(a.m, b.m)
        return Fp(montgomery: borrow != 0 ? limbsAdd(d, modulus).0 : d)
    }

    static prefix func - (a: Fp) -> Fp { zero - a }

    static func * (a: Fp, b: Fp) -> Fp { Fp(montgomery: montgomeryProduct(a.m, b.m)) }

    static func += (a: inout Fp, b: Fp) { a = a + b }
    static func -= (a: inout Fp, b: Fp) { a = a - b }
    static func *= (a: inout Fp, b: Fp) { a = a * b }

    func squared() -> Fp { self * self }
    func doubled() -> Fp { self + self }

    /// The inverse, by Fermat (a^(p−2)); zero maps to zero (RFC 9380's inv0).
    func inverse() -> Fp { power(FpExponents.pMinus2) }

    /// A square root, or nil when there is none: p ≡ 3 (mod 4), so a^((p+1)/4) is a root
    /// whenever one exists.
    func squareRoot() -> Fp? {
        let candidate = power(FpExponents.pPlus1Over4)
        return candidate.squared() == self ? candidate : nil
    }

    /// Montgomery multiplication (CIOS): a·b·R⁻¹ mod p, fully reduced. Written out on
    /// locals (one `montgomeryRound` per word of b): no indexing, no memory traffic.
    @inline(__always)
    static func montgomeryProduct(_ a: Limbs, _ b: Limbs) -> Limbs {
        var t: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0)
        montgomeryRound(&t, a, b.0)
        montgomeryRound(&t, a, b.1)
        montgomeryRound(&t, a, b.2)
        montgomeryRound(&t, a, b.3)
        montgomeryRound(&t, a, b.4)
        montgomeryRound(&t, a, b.5)
        let r: Limbs = (t.0, t.1, t.2, t.3, t.4, t.5)  // < 2p, and t.6 = 0
        let (d, borrow) = limbsSub(r, modulus)
        return borrow != 0 ? r : d
    }

    /// t = (t + x·y + m·p) / 2^64, with m chosen so the low word vanishes.
    @inline(__always)
    private static func montgomeryRound(
        _ t: inout (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64), _ x: Limbs, _ y: UInt64
    ) {
        var c: UInt64 = 0, top: UInt64 = 0
        (c, t.0) = multiplyAdd(x.0, y, t.0, c)
        (c, t.1) = multiplyAdd(x.1, y, t.1, c)
        (c, t.2) = multiplyAdd(x.2, y, t.2, c)
        (c, t.3) = multiplyAdd(x.3, y, t.3, c)
        (c, t.4) = multiplyAdd(x.4, y, t.4, c)
        (c, t.5) = multiplyAdd(x.5, y, t.5, c)
        (t.6, top) = addWithCarry(t.6, c)
        let m = t.0 &* inverseModulus, q = modulus
        (c, _) = multiplyAdd(m, q.0, t.0, 0)
        (c, t.0) = multiplyAdd(m, q.1, t.1, c)
        (c, t.1) = multiplyAdd(m, q.2, t.2, c)
        (c, t.2) = multiplyAdd(m, q.3, t.3, c)
        (c, t.3) = multiplyAdd(m, q.4, t.4, c)
        (c, t.4) = multiplyAdd(m, q.5, t.5, c)
        (t.5, c) = addWithCarry(t.6, c)
        t.6 = top &+ c
    }
}

/// a·b + c + d as (high word, low word); it cannot overflow 128 bits.
@inline(__always)
private func multiplyAdd(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64) -> (UInt64, UInt64) {
    let (hi, lo) = a.multipliedFullWidth(by: b)
    let (s1, o1) = lo.addingReportingOverflow(c)
    let (s2, o2) = s1.addingReportingOverflow(d)
    return (hi &+ (o1 ? 1 : 0) &+ (o2 ? 1 : 0), s2)
}

/// a + b as (sum, carry).
@inline(__always)
private func addWithCarry(_ a: UInt64, _ b: UInt64) -> (UInt64, UInt64) {
    let (s, o) = a.addingReportingOverflow(b)
    return (s, o ? 1 : 0)
}

extension Fp: Equatable {
    static func == (a: Fp, b: Fp) -> Bool { limbsEqual(a.m, b.m) }
}

/// Exponents over p used by the field towers (little-endian words).
enum FpExponents {
    static let pMinus2: [UInt64] = [
        0xb9fe_ffff_ffff_aaa9, 0x1eab_fffe_b153_ffff, 0x6730_d2a0_f6b0_f624,
        0x6477_4b84_f385_12bf, 0x4b1b_a7b6_434b_acd7, 0x1a01_11ea_397f_e69a,
    ]
    static let pPlus1Over4: [UInt64] = [
        0xee7f_bfff_ffff_eaab, 0x07aa_ffff_ac54_ffff, 0xd9cc_34a8_3dac_3d89,
        0xd91d_d2e1_3ce1_44af, 0x92c6_e9ed_90d2_eb35, 0x0680_447a_8e5f_f9a6,
    ]
    static let pMinus3Over4: [UInt64] = [
        0xee7f_bfff_ffff_eaaa, 0x07aa_ffff_ac54_ffff, 0xd9cc_34a8_3dac_3d89,
        0xd91d_d2e1_3ce1_44af, 0x92c6_e9ed_90d2_eb35, 0x0680_447a_8e5f_f9a6,
    ]
    static let pMinus1Over2: [UInt64] = [
        0xdcff_7fff_ffff_d555, 0x0f55_ffff_58a9_ffff, 0xb398_6950_7b58_7b12,
        0xb23b_a5c2_79c2_895f, 0x258d_d3db_21a5_d66b, 0x0d00_88f5_1cbf_f34d,
    ]
    static let pMinus1Over6: [UInt64] = [
        0x49aa_7fff_ffff_f1c7, 0x051c_aaaa_72e3_5555, 0xe688_231a_d3c8_2906,
        0xe613_e1eb_7deb_831f, 0x0c84_9bf3_b5e1_f223, 0x0455_82fc_5eea_a66f,
    ]
}
