/// Fp12 = Fp6[w]/(w² − v): c0 + c1·w, where the pairing takes its values. As a polynomial in
/// w over Fp2 the coefficients of w^0…w^5 are c0.c0, c1.c0, c0.c1, c1.c1, c0.c2, c1.c2.
struct Fp12: Sendable, Equatable {
    var c0: Fp6
    var c1: Fp6

    init(_ c0: Fp6, _ c1: Fp6) {
        self.c0 = c0
        self.c1 = c1
    }

    static let one = Fp12(.one, .zero)

    static func * (a: Fp12, b: Fp12) -> Fp12 {
        let t0 = a.c0 * b.c0, t1 = a.c1 * b.c1
        return Fp12(t0 + t1.timesV(), (a.c0 + a.c1) * (b.c0 + b.c1) - t0 - t1)
    }

    func squared() -> Fp12 {
        let t = c0 * c1
        let c0n = (c0 + c1) * (c0 + c1.timesV()) - t - t.timesV()
        return Fp12(c0n, t + t)
    }

    /// f^(p^6): negates the w part.
    func conjugate() -> Fp12 { Fp12(c0, -c1) }

    /// The inverse via the norm to Fp6; zero maps to zero.
    func inverse() -> Fp12 {
        let t = (c0.squared() - c1.squared().timesV()).inverse()
        return Fp12(c0 * t, -(c1 * t))
    }

    /// The Frobenius map f ↦ f^p: each Fp2 coefficient g_k of w^k becomes conj(g_k)·γ^k, where
    /// γ = w^(p−1) = ξ^((p−1)/6) (since w⁶ = ξ).
    func frobenius() -> Fp12 {
        let g = Fp12.frobeniusCoefficients
        return Fp12(
            Fp6(c0.c0.conjugate(), c0.c1.conjugate() * g[2], c0.c2.conjugate() * g[4]),
            Fp6(c1.c0.conjugate() * g[1], c1.c1.conjugate() * g[3], c1.c2.conjugate() * g[5])
        )
    }

    /// γ^k for k = 0…5, computed once from ξ rather than copied as constants.
    static let frobeniusCoefficients: [Fp2] = {
        let gamma = Fp2(.one, .one).power(FpExponents.pMinus1Over6)
        var out = [Fp2.one]
        for _ in 1..<6 { out.append(out[out.count - 1] * gamma) }
        return out
    }()

    /// The twelve Fp coefficients in the basis of the flat field Fp[w]/(w¹² − 2w⁶ + 2) (the
    /// representation py_ecc uses, where u = w⁶ − 1), as 12 × 48 big-endian bytes: a stable
    /// byte form of a pairing value for cross-checks.
    var flatBytes: [UInt8] {
        let g = [c0.c0, c1.c0, c0.c1, c1.c1, c0.c2, c1.c2]
        var coefficients = [Fp](repeating: .zero, count: 12)
        for k in 0..<6 {
            // a + b·u = a + b·(w⁶ − 1) = (a − b) + b·w⁶
            coefficients[k] = g[k].c0 - g[k].c1
            coefficients[k + 6] = g[k].c1
        }
        return coefficients.flatMap(\.bytes)
    }
}
