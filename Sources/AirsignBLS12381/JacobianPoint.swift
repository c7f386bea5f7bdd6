/// A point of y² = x³ + b in Jacobian coordinates (x = X/Z², y = Y/Z³); Z = 0 is the point at
/// infinity. Not constant time: Airsign only handles public points with it.
struct JacobianPoint<F: CurveField>: Sendable {
    var x: F
    var y: F
    var z: F

    static var infinity: JacobianPoint { JacobianPoint(x: .one, y: .one, z: .zero) }

    init(x: F, y: F, z: F) {
        self.x = x
        self.y = y
        self.z = z
    }

    init(affineX: F, y: F) { self.init(x: affineX, y: y, z: .one) }

    var isInfinity: Bool { z.isZero }

    /// (x, y), or nil for the point at infinity.
    var affine: (x: F, y: F)? {
        if isInfinity { return nil }
        let zInverse = z.inverse()
        let zInverse2 = zInverse.squared()
        return (x * zInverse2, y * zInverse2 * zInverse)
    }

    /// Y² = X³ + b·Z⁶ (the point at infinity counts as on the curve).
    var isOnCurve: Bool {
        if isInfinity { return true }
        let z2 = z.squared()
        let z6 = z2.squared() * z2
        return y.squared() == x.squared() * x + F.curveB * z6
    }

    func negated() -> JacobianPoint { JacobianPoint(x: x, y: -y, z: z) }

    /// 2P (dbl-2009-l, a = 0).
    func doubled() -> JacobianPoint {
        if isInfinity || y.isZero { return .infinity }
        let a = x.squared(), b = y.squared(), c = b.squared()
        let xb = x + b
        var d = xb.squared() - a - c
        d = d + d
        let e = a + a + a
        let f = e.squared()
        let x3 = f - d - d
        var c8 = c + c
        c8 = c8 + c8
        c8 = c8 + c8
        let y3 = e * (d - x3) - c8
        let yz = y * z
        return JacobianPoint(x: x3, y: y3, z: yz + yz)
    }

    /// P + Q (add-2007-bl), falling back to doubling when P = Q.
    static func + (p: JacobianPoint, q: JacobianPoint) -> JacobianPoint {
        if p.isInfinity { return q }
        if q.isInfinity { return p }
        let z1z1 = p.z.squared(), z2z2 = q.z.squared()
        let u1 = p.x * z2z2, u2 = q.x * z1z1
        let s1 = p.y * q.z * z2z2, s2 = q.y * p.z * z1z1
        let h = u2 - u1
        let rHalf = s2 - s1
        if h.isZero {
            return rHalf.isZero ? p.doubled() : .infinity
        }
        let h2 = h + h
        let i = h2.squared()
        let j = h * i
        let r = rHalf + rHalf
        let v = u1 * i
        let x3 = r.squared() - j - v - v
        let s1j = s1 * j
        let y3 = r * (v - x3) - s1j - s1j
        let z3 = ((p.z + q.z).squared() - z1z1 - z2z2) * h
        return JacobianPoint(x: x3, y: y3, z: z3)
    }

    /// scalar·P for a scalar in little-endian words (double and add).
    func multiplied(by scalar: [UInt64]) -> JacobianPoint {
        var acc = JacobianPoint.infinity
        forEachBitFromTop(scalar) { bit in
            acc = acc.doubled()
            if bit { acc = acc + self }
        }
        return acc
    }

    /// In the subgroup of prime order r: r·P is the point at infinity.
    var isInPrimeOrderSubgroup: Bool { multiplied(by: groupOrder).isInfinity }
}

extension JacobianPoint: Equatable {
    /// Equality as points (X1·Z2² = X2·Z1² and Y1·Z2³ = Y2·Z1³), not as coordinates.
    static func == (p: JacobianPoint, q: JacobianPoint) -> Bool {
        if p.isInfinity || q.isInfinity { return p.isInfinity && q.isInfinity }
        let z1z1 = p.z.squared(), z2z2 = q.z.squared()
        return p.x * z2z2 == q.x * z1z1 && p.y * q.z * z2z2 == q.y * p.z * z1z1
    }
}

/// r, the prime order of G1, G2 and GT (little-endian words).
let groupOrder: [UInt64] = [0xffff_ffff_0000_0001, 0x53bd_a402_fffe_5bfe, 0x3339_d808_09a1_d805, 0x73ed_a753_299d_7d48]
