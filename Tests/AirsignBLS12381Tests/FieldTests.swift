import AirsignTestSupport
import Testing

@testable import AirsignBLS12381

/// Random field elements from a seeded source (values reduced by going through Montgomery form).
extension SeededRandom {
    mutating func fp() -> Fp {
        var b = bytes(48)
        b[0] &= 0x0f  // below 2^380 < p
        return Fp(bigEndian: b) ?? .zero
    }

    mutating func fp2() -> Fp2 { Fp2(fp(), fp()) }
    mutating func fp12() -> Fp12 { Fp12(Fp6(fp2(), fp2(), fp2()), Fp6(fp2(), fp2(), fp2())) }
}

let modulusWords: [UInt64] = {
    let m = Fp.modulus
    return [m.0, m.1, m.2, m.3, m.4, m.5]
}()

@Suite("BLS12-381 fields") struct FieldTests {
    @Test func fpArithmetic() {
        var rng = SeededRandom.forTest("BLS12381.fp")
        #expect(Fp.one.bytes == [UInt8](repeating: 0, count: 47) + [1])
        #expect(Fp(bigEndian: bigEndianBytes(Fp.modulus)) == nil, "p itself is not a field element")
        var pMinus1 = bigEndianBytes(Fp.modulus)
        pMinus1[47] -= 1
        #expect(Fp(bigEndian: pMinus1) == -Fp.one)
        #expect(Fp.one + (-Fp.one) == .zero)
        #expect(Fp.zero.inverse() == .zero)
        // p ≡ 3 (mod 4): −1 is not a square.
        #expect((-Fp.one).squareRoot() == nil)
        for _ in 0..<50 {
            let a = rng.fp(), b = rng.fp(), c = rng.fp()
            #expect(Fp(bigEndian: a.bytes) == a)
            #expect((a + b) * c == a * c + b * c)
            #expect(a - b + b == a)
            if !a.isZero { #expect(a * a.inverse() == .one) }
            let root = a.squared().squareRoot()
            #expect(root == a || root == -a)
        }
    }

    @Test func fp2SquareRootsAndInverses() {
        var rng = SeededRandom.forTest("BLS12381.fp2")
        var nonSquares = 0
        for _ in 0..<30 {
            let a = rng.fp2()
            #expect(a * a.inverse() == .one)
            let root = a.squared().squareRoot()
            #expect(root == a || root == -a)
            if a.squareRoot() == nil { nonSquares += 1 }
        }
        #expect(nonSquares > 0, "about half of Fp2 is not a square")
        #expect(Fp2(.zero, .one).squared() == -Fp2.one, "u² = −1")
    }

    /// The Frobenius map is exponentiation by p; the towers' inverses are inverses.
    @Test func fp12FrobeniusAndInverse() {
        var rng = SeededRandom.forTest("BLS12381.fp12")
        for _ in 0..<3 {
            let f = rng.fp12(), g = rng.fp12()
            #expect(f.frobenius() == f.power(modulusWords))
            #expect(f * f.inverse() == .one)
            #expect(f.squared() == f * f)
            #expect((f * g).frobenius() == f.frobenius() * g.frobenius())
            let six = f.frobenius().frobenius().frobenius().frobenius().frobenius().frobenius()
            #expect(six == f.conjugate(), "f^(p⁶) is the conjugate")
        }
    }
}
