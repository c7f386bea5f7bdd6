import AirsignTestSupport
import Testing

@testable import AirsignBLS12381

/// A random scalar below 2^255 (big-endian).
extension SeededRandom {
    mutating func scalar() -> [UInt8] {
        var b = bytes(32)
        b[0] &= 0x3f
        return b
    }
}

/// Big-endian bytes of a + b for two 32-byte scalars.
func addScalars(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: 33)
    var carry = 0
    for i in stride(from: 31, through: 0, by: -1) {
        let s = Int(a[i]) + Int(b[i]) + carry
        out[i + 1] = UInt8(s & 0xff)
        carry = s >> 8
    }
    out[0] = UInt8(carry)
    return out
}

@Suite("BLS12-381 curves and encodings") struct CurveTests {
    /// The generators' published compressed forms (the ZCash serialization spec's and every
    /// BLS12-381 library's), on the curve and of order r.
    @Test func generators() {
        let g1 = BLS12381.G1Point.generator, g2 = BLS12381.G2Point.generator
        #expect(
            testHex(g1.compressed)
                == "97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb")
        #expect(
            testHex(g2.compressed)
                == "93e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e"
                + "024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8")
        #expect(g1.point.isOnCurve && g1.point.isInPrimeOrderSubgroup)
        #expect(g2.point.isOnCurve && g2.point.isInPrimeOrderSubgroup)
        #expect(testHex(BLS12381.G1Point(.infinity).compressed) == "c0" + String(repeating: "0", count: 94))
    }

    @Test func groupLawAndCompressionRoundTrip() throws {
        var rng = SeededRandom.forTest("BLS12381.curve")
        for _ in 0..<4 {
            let a = rng.scalar(), b = rng.scalar()
            let p = BLS12381.G1Point.generator.multiplied(byBigEndian: a)
            let q = BLS12381.G2Point.generator.multiplied(byBigEndian: a)
            #expect(try BLS12381.G1Point(compressed: p.compressed) == p)
            #expect(try BLS12381.G2Point(compressed: q.compressed) == q)
            #expect(try BLS12381.G1Point(compressed: (-p).compressed) == -p)
            let sum = addScalars(a, b)
            #expect(
                p + BLS12381.G1Point.generator.multiplied(byBigEndian: b)
                    == BLS12381.G1Point.generator.multiplied(byBigEndian: sum))
            #expect(
                q + BLS12381.G2Point.generator.multiplied(byBigEndian: b)
                    == BLS12381.G2Point.generator.multiplied(byBigEndian: sum))
            #expect(p + p == BLS12381.G1Point(p.point.doubled()))
            #expect((p + -p).isInfinity)
        }
    }

    /// Each ZCash rule refuses on its own.
    @Test func malformedEncodingsAreRefused() throws {
        let g1 = BLS12381.G1Point.generator.compressed
        func refusal(_ bytes: [UInt8]) -> BLSError? {
            do { _ = try BLS12381.G1Point(compressed: bytes, what: "signature"); return nil } catch { return error }
        }
        #expect(refusal(Array(g1.dropLast())) == .wrongLength(what: "signature", expected: 48, actual: 47))
        #expect(refusal(g1 + [0]) == .wrongLength(what: "signature", expected: 48, actual: 49))
        var uncompressed = g1
        uncompressed[0] &= 0x7f
        #expect(refusal(uncompressed) == .notCompressed(what: "signature"))
        var infinity = [UInt8](repeating: 0, count: 48)
        infinity[0] = 0xc0
        #expect(refusal(infinity) == nil)
        var sortedInfinity = infinity
        sortedInfinity[0] = 0xe0
        #expect(refusal(sortedInfinity) == .malformedInfinity(what: "signature"))
        var dirtyInfinity = infinity
        dirtyInfinity[47] = 1
        #expect(refusal(dirtyInfinity) == .malformedInfinity(what: "signature"))
        var xIsP = bigEndianBytes(Fp.modulus)
        xIsP[0] |= 0x80
        #expect(refusal(xIsP) == .coordinateNotInField(what: "signature"))
        // Small x: the first without a curve point, and the first whose point is outside G1.
        var offCurve: [UInt8]?, outsideSubgroup: [UInt8]?
        for x in UInt64(0)..<64 {
            let fx = Fp(x)
            var bytes = fx.bytes
            bytes[0] |= 0x80
            if (fx.squared() * fx + Fp.curveB).squareRoot() == nil {
                offCurve = offCurve ?? bytes
            } else if outsideSubgroup == nil {
                outsideSubgroup = bytes
            }
        }
        #expect(refusal(try #require(offCurve)) == .notOnCurve(what: "signature"))
        #expect(refusal(try #require(outsideSubgroup)) == .notInSubgroup(what: "signature"))
        // G2: the same rules over 96 bytes, x.c1 first.
        #expect(throws: BLSError.wrongLength(what: "G2 point", expected: 96, actual: 48)) {
            try BLS12381.G2Point(compressed: g1)
        }
        var g2BadC0 = BLS12381.G2Point.generator.compressed
        g2BadC0.replaceSubrange(48..<96, with: bigEndianBytes(Fp.modulus))
        #expect(throws: BLSError.coordinateNotInField(what: "G2 point")) { try BLS12381.G2Point(compressed: g2BadC0) }
    }
}
