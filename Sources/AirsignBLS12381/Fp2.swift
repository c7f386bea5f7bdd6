/// Fp2 = Fp[u]/(u² + 1): c0 + c1·u. G2's coordinates and the base of the Fp6/Fp12 tower.
struct Fp2: Sendable, Equatable {
    var c0: Fp
    var c1: Fp

    init(_ c0: Fp, _ c1: Fp) {
        self.c0 = c0
        self.c1 = c1
    }

    static let zero = Fp2(.zero, .zero)
    static let one = Fp2(.one, .zero)

    var isZero: Bool { c0.isZero && c1.isZero }

    /// The ZCash sort flag for Fp2: decided by c1, or by c0 when c1 is zero.
    var isLexicographicallyLargest: Bool { c1.isZero ? c0.isLexicographicallyLargest : c1.isLexicographicallyLargest }

    static func + (a: Fp2, b: Fp2) -> Fp2 { Fp2(a.c0 + b.c0, a.c1 + b.c1) }
    static func - (a: Fp2, b: Fp2) -> Fp2 { Fp2(a.c0 - b.c0, a.c1 - b.c1) }
    static prefix func - (a: Fp2) -> Fp2 { Fp2(-a.c0, -a.c1) }

    /// Karatsuba: three Fp multiplications.
    static func * (a: Fp2, b: Fp2) -> Fp2 {
        let t0 = a.c0 * b.c0, t1 = a.c1 * b.c1
        return Fp2(t0 - t1, (a.c0 + a.c1) * (b.c0 + b.c1) - t0 - t1)
    }

    static func * (a: Fp2, b: Fp) -> Fp2 { Fp2(a.c0 * b, a.c1 * b) }

    func squared() -> Fp2 {
        let t = c0 * c1
        return Fp2((c0 + c1) * (c0 - c1), t + t)
    }

    func doubled() -> Fp2 { self + self }

    /// Multiplication by the non-residue ξ = 1 + u that builds Fp6 (v³ = ξ).
    func timesXi() -> Fp2 { Fp2(c0 - c1, c0 + c1) }

    /// The conjugate c0 − c1·u, which is also the Frobenius map a ↦ a^p.
    func conjugate() -> Fp2 { Fp2(c0, -c1) }

    /// The inverse via the norm c0² + c1²; zero maps to zero.
    func inverse() -> Fp2 {
        let t = (c0.squared() + c1.squared()).inverse()
        return Fp2(c0 * t, -(c1 * t))
    }

    /// A square root or nil (Adj and Rodríguez-Henríquez, "Square root computation over even
    /// extension fields", Algorithm 9, for p ≡ 3 mod 4); the result is checked by squaring.
    func squareRoot() -> Fp2? {
        let a1 = power(FpExponents.pMinus3Over4)
        let alpha = a1 * (a1 * self)
        let x0 = a1 * self
        let minusOne = -Fp2.one
        let root: Fp2
        if alpha == minusOne {
            root = Fp2(-x0.c1, x0.c0)  // u · x0
        } else {
            root = (Fp2.one + alpha).power(FpExponents.pMinus1Over2) * x0
        }
        return root.squared() == self ? root : nil
    }
}
