/// A 384-bit integer as six 64-bit limbs, least significant first: the storage of one Fp
/// element. Fixed width, so no arithmetic on it allocates.
typealias Limbs = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

let zeroLimbs: Limbs = (0, 0, 0, 0, 0, 0)

@inline(__always)
func limbsEqual(_ a: Limbs, _ b: Limbs) -> Bool {
    a.0 == b.0 && a.1 == b.1 && a.2 == b.2 && a.3 == b.3 && a.4 == b.4 && a.5 == b.5
}

@inline(__always)
private func addCarry(_ a: UInt64, _ b: UInt64, _ carry: inout UInt64) -> UInt64 {
    let (s1, o1) = a.addingReportingOverflow(b)
    let (s2, o2) = s1.addingReportingOverflow(carry)
    carry = (o1 ? 1 : 0) &+ (o2 ? 1 : 0)
    return s2
}

@inline(__always)
private func subBorrow(_ a: UInt64, _ b: UInt64, _ borrow: inout UInt64) -> UInt64 {
    let (d1, o1) = a.subtractingReportingOverflow(b)
    let (d2, o2) = d1.subtractingReportingOverflow(borrow)
    borrow = (o1 ? 1 : 0) &+ (o2 ? 1 : 0)
    return d2
}

/// a + b and the carry out of the top limb.
@inline(__always)
func limbsAdd(_ a: Limbs, _ b: Limbs) -> (Limbs, UInt64) {
    var c: UInt64 = 0
    let r0 = addCarry(a.0, b.0, &c), r1 = addCarry(a.1, b.1, &c), r2 = addCarry(a.2, b.2, &c)
    let r3 = addCarry(a.3, b.3, &c), r4 = addCarry(a.4, b.4, &c), r5 = addCarry(a.5, b.5, &c)
    return ((r0, r1, r2, r3, r4, r5), c)
}

/// a − b and the borrow out of the top limb (1 when b > a).
@inline(__always)
func limbsSub(_ a: Limbs, _ b: Limbs) -> (Limbs, UInt64) {
    var c: UInt64 = 0
    let r0 = subBorrow(a.0, b.0, &c), r1 = subBorrow(a.1, b.1, &c), r2 = subBorrow(a.2, b.2, &c)
    let r3 = subBorrow(a.3, b.3, &c), r4 = subBorrow(a.4, b.4, &c), r5 = subBorrow(a.5, b.5, &c)
    return ((r0, r1, r2, r3, r4, r5), c)
}

/// a < b as unsigned integers.
@inline(__always)
func limbsLess(_ a: Limbs, _ b: Limbs) -> Bool {
    limbsSub(a, b).1 != 0
}

/// 48 big-endian bytes from `offset` of `bytes`; the caller has checked there are 48.
func limbs(bigEndian bytes: [UInt8], offset: Int) -> Limbs {
    func word(_ i: Int) -> UInt64 {
        var w: UInt64 = 0
        for k in 0..<8 { w = w << 8 | UInt64(bytes[offset + 40 - 8 * i + k]) }
        return w
    }
    return (word(0), word(1), word(2), word(3), word(4), word(5))
}

/// The 48 big-endian bytes of `value`.
func bigEndianBytes(_ value: Limbs) -> [UInt8] {
    let words = [value.5, value.4, value.3, value.2, value.1, value.0]
    var out: [UInt8] = []
    out.reserveCapacity(48)
    for w in words {
        for k in stride(from: 56, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: w >> UInt64(k))) }
    }
    return out
}

/// Big-endian bytes of any length as little-endian 64-bit words (a scalar or an exponent).
func words(bigEndian bytes: [UInt8]) -> [UInt64] {
    var out: [UInt64] = []
    var end = bytes.count
    while end > 0 {
        let start = max(0, end - 8)
        var w: UInt64 = 0
        for i in start..<end { w = w << 8 | UInt64(bytes[i]) }
        out.append(w)
        end = start
    }
    return out
}

/// Calls `body` with each bit of `exponent` (little-endian words), most significant first,
/// starting at the highest set bit.
@inline(__always)
func forEachBitFromTop(_ exponent: [UInt64], _ body: (Bool) -> Void) {
    guard let top = exponent.lastIndex(where: { $0 != 0 }) else { return }
    var started = false
    for i in stride(from: top, through: 0, by: -1) {
        let w = exponent[i]
        for b in stride(from: 63, through: 0, by: -1) {
            let bit = (w >> UInt64(b)) & 1 == 1
            if !started {
                if !bit { continue }
                started = true
            }
            body(bit)
        }
    }
}
