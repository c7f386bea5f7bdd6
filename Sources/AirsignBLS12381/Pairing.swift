/// The optimal ate pairing of BLS12-381: a Miller loop over |x| = 0xd201000000010000 (x is
/// negative, so the loop's result is conjugated) and the final exponentiation to the power
/// (p¹² − 1)/r. G2 points live on the twist E′: y² = x³ + 4ξ; ψ(x′, y′) = (x′/w², y′/w³)
/// carries them onto E over Fp12.
enum Pairing {
    /// |x|, the BLS parameter (x = −0xd201000000010000).
    static let loopParameter: UInt64 = 0xd201_0000_0001_0000

    /// (p⁴ − p² + 1)/r, the hard part of the final exponentiation (little-endian words).
    static let hardExponent: [UInt64] = [
        0xe516_c3f4_38e3_ba79, 0xfa99_12aa_e208_ccf1, 0x905c_e937_335d_5b68, 0xc71a_2629_b0de_a236,
        0x8377_4940_9967_54c8, 0x21d1_60ae_b6a1_e799, 0x2ed0_b283_ed23_7db4, 0x915c_97f3_6c6f_1821,
        0x67f1_7fcb_de78_3765, 0x2378_b903_9096_d1b7, 0x7988_f876_1bdc_51dc, 0x2076_9950_03fc_77a1,
        0x827e_ca0b_a621_315b, 0xe5a7_2bce_8d63_cb9f, 0xf68f_7764_c28b_6f8a, 0x2f23_0063_cf08_1517,
        0x9450_6632_528d_6a9a, 0xd3cd_e88e_eb99_6ca3, 0xc0bd_38c3_195c_899e, 0x000f_686b_3d80_7d01,
    ]

    /// The Miller loop f_{|x|,Q}(P), conjugated for the negative x; 1 when either point is at
    /// infinity (the pairing is then 1). T runs in Jacobian coordinates on E′, so no step
    /// inverts; each line is scaled by a factor in Fp2, which the final exponentiation removes.
    static func millerLoop(_ p: JacobianPoint<Fp>, _ q: JacobianPoint<Fp2>) -> Fp12 {
        guard let (px, py) = p.affine, let (qx, qy) = q.affine else { return .one }
        var f = Fp12.one
        var t = JacobianPoint(affineX: qx, y: qy)
        let base = t
        for bit in stride(from: 62, through: 0, by: -1) {
            f = f.squared() * tangentLine(at: t, px, py)
            t = t.doubled()
            if (loopParameter >> UInt64(bit)) & 1 == 1 {
                f = f * chordLine(through: t, qx, qy, px, py)
                t = t + base
            }
        }
        return f.conjugate()
    }

    /// The line through (x, y) on E′ with slope λ′, untwisted and evaluated at P, times w³
    /// (which lies in a proper subfield, so the final exponentiation removes it), is
    /// yP·w³ − λ′·xP·w² + (λ′·x − y). Scaled by a factor in Fp2 it is
    /// c·yP·w³ − n·xP·w² + m, built here from (m, n, c).
    private static func line(constant m: Fp2, slopeNumerator n: Fp2, slopeDenominator c: Fp2, _ px: Fp, _ py: Fp)
        -> Fp12
    {
        Fp12(Fp6(m, -(n * px), .zero), Fp6(.zero, c * py, .zero))
    }

    /// The tangent at T = (X, Y, Z) (x = X/Z², y = Y/Z³), λ′ = 3X²/(2YZ), scaled by 2YZ³:
    /// constant 3X³ − 2Y², slope numerator 3X²Z², denominator 2YZ³.
    private static func tangentLine(at t: JacobianPoint<Fp2>, _ px: Fp, _ py: Fp) -> Fp12 {
        let x2 = t.x.squared(), y2 = t.y.squared(), z2 = t.z.squared()
        let threeX2 = x2 + x2 + x2
        let yz3 = t.y * z2 * t.z
        return line(
            constant: threeX2 * t.x - y2 - y2, slopeNumerator: threeX2 * z2, slopeDenominator: yz3 + yz3, px, py)
    }

    /// The chord through T and Q = (xq, yq): λ′ = (yq·Z³ − Y)/(Z·(xq·Z² − X)) = n/c, and the line
    /// through Q scaled by c: constant n·xq − c·yq.
    private static func chordLine(through t: JacobianPoint<Fp2>, _ qx: Fp2, _ qy: Fp2, _ px: Fp, _ py: Fp) -> Fp12 {
        let z2 = t.z.squared()
        let n = qy * z2 * t.z - t.y
        let c = t.z * (qx * z2 - t.x)
        return line(constant: n * qx - c * qy, slopeNumerator: n, slopeDenominator: c, px, py)
    }

    /// f^((p¹² − 1)/r): the easy part f^((p⁶ − 1)(p² + 1)) by conjugation, inversion and
    /// Frobenius, then the hard part by plain square-and-multiply.
    static func finalExponentiation(_ f: Fp12) -> Fp12 {
        let f1 = f.conjugate() * f.inverse()
        let f2 = f1.frobenius().frobenius() * f1
        return f2.power(hardExponent)
    }

    /// e(P, Q).
    static func pairing(_ p: JacobianPoint<Fp>, _ q: JacobianPoint<Fp2>) -> Fp12 {
        finalExponentiation(millerLoop(p, q))
    }
}
