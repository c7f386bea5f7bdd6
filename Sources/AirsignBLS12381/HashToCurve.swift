import AirsignCrypto

/// Hashing to G1 per RFC 9380 with suite BLS12381G1_XMD:SHA-256_SSWU_RO_:
/// expand_message_xmd (SHA-256), hash_to_field (m = 1, L = 64, count = 2), the simplified SWU
/// map to the 11-isogenous curve E′ with Z = 11, the 11-isogeny to E, and cofactor clearing by
/// h_eff = 0xd201000000010001. Not constant time (the IC's messages are public).
enum HashToCurve {
    /// h_eff for G1 (RFC 9380 Section 8.8.1): 1 − x.
    static let effectiveCofactor: [UInt64] = [0xd201_0000_0001_0001]

    /// expand_message_xmd with SHA-256 (RFC 9380 Section 5.3.1).
    static func expandMessageXMD(_ message: [UInt8], dst: [UInt8], length: Int) throws(BLSError) -> [UInt8] {
        guard dst.count <= 255 else { throw .hashInputOutOfRange("the domain separation tag is over 255 bytes") }
        guard length >= 0, length <= 65535, (length + 31) / 32 <= 255 else {
            throw .hashInputOutOfRange("\(length) bytes is more than expand_message_xmd can produce")
        }
        let blockCount = (length + 31) / 32
        let dstPrime = dst + [UInt8(dst.count)]
        var h = SHA256.Hasher()
        h.update([UInt8](repeating: 0, count: 64))  // Z_pad: one SHA-256 block
        h.update(message)
        h.update([UInt8(length >> 8), UInt8(length & 0xff), 0])
        h.update(dstPrime)
        let b0 = h.finalize()
        var previous = SHA256.hash(b0 + [1] + dstPrime)
        var out = previous
        var i = 2
        while i <= blockCount {
            let mixed = zip(b0, previous).map { $0 ^ $1 }
            previous = SHA256.hash(mixed + [UInt8(i)] + dstPrime)
            out += previous
            i += 1
        }
        return Array(out.prefix(length))
    }

    /// hash_to_field into Fp, count elements of 64 bytes each, reduced mod p.
    static func hashToField(_ message: [UInt8], dst: [UInt8], count: Int) throws(BLSError) -> [Fp] {
        let uniform = try expandMessageXMD(message, dst: dst, length: 64 * count)
        let twoTo256 = Fp(canonical: (0, 0, 0, 0, 1, 0))
        return (0..<count).map { i in
            // A 512-bit value as hi·2^256 + lo, each half below p.
            let chunk = Array(uniform[64 * i..<64 * i + 64])
            let hi = Fp(canonical: limbs(bigEndian: [UInt8](repeating: 0, count: 16) + chunk[0..<32], offset: 0))
            let lo = Fp(canonical: limbs(bigEndian: [UInt8](repeating: 0, count: 16) + chunk[32..<64], offset: 0))
            return hi * twoTo256 + lo
        }
    }

    /// The simplified SWU map (RFC 9380 Section 6.6.2) onto E′: y² = x³ + A′x + B′.
    static func simplifiedSWU(_ u: Fp) -> (x: Fp, y: Fp) {
        let a = IsogenyConstants.a, b = IsogenyConstants.b, z = IsogenyConstants.z
        let zu2 = z * u.squared()
        let denominator = zu2.squared() + zu2
        var x1: Fp
        if denominator.isZero {
            x1 = b * (z * a).inverse()
        } else {
            x1 = (-b * a.inverse()) * (Fp.one + denominator.inverse())
        }
        let gx1 = x1.squared() * x1 + a * x1 + b
        var x: Fp, y: Fp
        if let root = gx1.squareRoot() {
            x = x1
            y = root
        } else {
            x = zu2 * x1
            let gx2 = x.squared() * x + a * x + b
            // gx2 = Z³u⁶·gx1 is a square whenever gx1 is not (Z is a non-square).
            y = gx2.squareRoot() ?? .zero
        }
        if u.sgn0 != y.sgn0 { y = -y }
        return (x, y)
    }

    /// The 11-isogeny E′ → E (RFC 9380 Appendix E.2); a zero denominator maps to infinity.
    static func isogenyMap(_ point: (x: Fp, y: Fp)) -> JacobianPoint<Fp> {
        func evaluate(_ coefficients: [Fp]) -> Fp {
            coefficients.reversed().reduce(Fp.zero) { acc, k in acc * point.x + k }
        }
        let xDenominator = evaluate(IsogenyConstants.xDenominator)
        let yDenominator = evaluate(IsogenyConstants.yDenominator)
        if xDenominator.isZero || yDenominator.isZero { return .infinity }
        let x = evaluate(IsogenyConstants.xNumerator) * xDenominator.inverse()
        let y = point.y * evaluate(IsogenyConstants.yNumerator) * yDenominator.inverse()
        return JacobianPoint(affineX: x, y: y)
    }

    /// The intermediate points of hash_to_curve, for the RFC's vectors: u, Q0, Q1 and P.
    static func trace(_ message: [UInt8], dst: [UInt8]) throws(BLSError) -> (
        u: [Fp], q0: JacobianPoint<Fp>, q1: JacobianPoint<Fp>, p: JacobianPoint<Fp>
    ) {
        let u = try hashToField(message, dst: dst, count: 2)
        let q0 = isogenyMap(simplifiedSWU(u[0]))
        let q1 = isogenyMap(simplifiedSWU(u[1]))
        return (u, q0, q1, (q0 + q1).multiplied(by: effectiveCofactor))
    }

    /// hash_to_curve(message) in G1.
    static func hashToG1(_ message: [UInt8], dst: [UInt8]) throws(BLSError) -> JacobianPoint<Fp> {
        try trace(message, dst: dst).p
    }
}
