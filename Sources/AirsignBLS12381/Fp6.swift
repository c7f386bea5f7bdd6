/// Fp6 = Fp2[v]/(v³ − ξ) with ξ = 1 + u: c0 + c1·v + c2·v².
struct Fp6: Sendable, Equatable {
    var c0: Fp2
    var c1: Fp2
    var c2: Fp2

    init(_ c0: Fp2, _ c1: Fp2, _ c2: Fp2) {
        self.c0 = c0
        self.c1 = c1
        self.c2 = c2
    }

    static let zero = Fp6(.zero, .zero, .zero)
    static let one = Fp6(.one, .zero, .zero)

    static func + (a: Fp6, b: Fp6) -> Fp6 { Fp6(a.c0 + b.c0, a.c1 + b.c1, a.c2 + b.c2) }
    static func - (a: Fp6, b: Fp6) -> Fp6 { Fp6(a.c0 - b.c0, a.c1 - b.c1, a.c2 - b.c2) }
    static prefix func - (a: Fp6) -> Fp6 { Fp6(-a.c0, -a.c1, -a.c2) }

    /// Karatsuba over the three coefficients, reducing v³ to ξ.
    static func * (a: Fp6, b: Fp6) -> Fp6 {
        let t0 = a.c0 * b.c0, t1 = a.c1 * b.c1, t2 = a.c2 * b.c2
        let c0 = t0 + ((a.c1 + a.c2) * (b.c1 + b.c2) - t1 - t2).timesXi()
        let c1 = (a.c0 + a.c1) * (b.c0 + b.c1) - t0 - t1 + t2.timesXi()
        let c2 = (a.c0 + a.c2) * (b.c0 + b.c2) - t0 - t2 + t1
        return Fp6(c0, c1, c2)
    }

    func squared() -> Fp6 { self * self }

    /// Multiplication by v (the non-residue that builds Fp12: w² = v).
    func timesV() -> Fp6 { Fp6(c2.timesXi(), c0, c1) }

    /// The inverse through the norm to Fp2; zero maps to zero.
    func inverse() -> Fp6 {
        let a = c0.squared() - (c1 * c2).timesXi()
        let b = c2.squared().timesXi() - c0 * c1
        let c = c1.squared() - c0 * c2
        let norm = c0 * a + (c2 * b + c1 * c).timesXi()
        let t = norm.inverse()
        return Fp6(a * t, b * t, c * t)
    }
}
