import AirsignTestSupport
import Testing

@testable import AirsignBLS12381

@Suite("BLS12-381 pairing and verification") struct PairingTests {
    /// e(aP, bQ) = e(P, Q)^(ab) = e(abP, Q); e is not degenerate and lands in the r-torsion.
    @Test func bilinearity() {
        var rng = SeededRandom.forTest("BLS12381.pairing")
        let a = rng.bytes(8), b = rng.bytes(8)
        let p = BLS12381.G1Point.generator, q = BLS12381.G2Point.generator
        let base = BLS12381.pairing(p, q)
        #expect(base != BLS12381.GT(value: .one))
        #expect(base.power(bigEndian: groupOrderBytes) == BLS12381.GT(value: .one))
        let lhs = BLS12381.pairing(p.multiplied(byBigEndian: a), q.multiplied(byBigEndian: b))
        #expect(lhs == base.power(bigEndian: a).power(bigEndian: b))
        #expect(lhs == BLS12381.pairing(p.multiplied(byBigEndian: a).multiplied(byBigEndian: b), q))
        #expect(BLS12381.pairing(-p, q) * base == BLS12381.GT(value: .one))
    }

    /// sk·H(m) verifies under sk·g2, and only for that message, key and signature.
    @Test func verifyTrueAndFalse() throws {
        var rng = SeededRandom.forTest("BLS12381.verify")
        let sk = rng.scalar()
        let message = rng.bytes(40)
        let pk = BLS12381.G2Point.generator.multiplied(byBigEndian: sk).compressed
        let sig = try BLS12381.hashToG1(message, dst: BLS12381.icDomainSeparationTag).multiplied(byBigEndian: sk)
            .compressed
        #expect(try BLS12381.verify(signature: sig, message: message, publicKey: pk))
        #expect(try !BLS12381.verify(signature: sig, message: message + [0], publicKey: pk))
        let otherKey = BLS12381.G2Point.generator.multiplied(byBigEndian: rng.scalar()).compressed
        #expect(try !BLS12381.verify(signature: sig, message: message, publicKey: otherKey))
        let otherSig = try BLS12381.hashToG1(message + [1], dst: BLS12381.icDomainSeparationTag).multiplied(
            byBigEndian: sk
        ).compressed
        #expect(try !BLS12381.verify(signature: otherSig, message: message, publicKey: pk))
    }

    @Test func verifyRefusesMalformedPoints() {
        let g1 = BLS12381.G1Point.generator.compressed, g2 = BLS12381.G2Point.generator.compressed
        let g1Infinity = BLS12381.G1Point(.infinity).compressed, g2Infinity = BLS12381.G2Point(.infinity).compressed
        #expect(throws: BLSError.pointAtInfinity(what: "public key")) {
            try BLS12381.verify(signature: g1, message: [], publicKey: g2Infinity)
        }
        #expect(throws: BLSError.pointAtInfinity(what: "signature")) {
            try BLS12381.verify(signature: g1Infinity, message: [], publicKey: g2)
        }
        #expect(throws: BLSError.wrongLength(what: "signature", expected: 48, actual: 96)) {
            try BLS12381.verify(signature: g2, message: [], publicKey: g2)
        }
        #expect(throws: BLSError.wrongLength(what: "public key", expected: 96, actual: 48)) {
            try BLS12381.verify(signature: g1, message: [], publicKey: g1)
        }
        #expect(
            BLSError.notInSubgroup(what: "public key").description
                == "BLS12-381 public key: not in the prime-order subgroup")
    }
}

let groupOrderBytes: [UInt8] = groupOrder.reversed().flatMap { w in
    (0..<8).reversed().map { UInt8(truncatingIfNeeded: w >> (8 * UInt64($0))) }
}

struct ICSignatureFile: Decodable {
    struct Verify: Decodable { let valid: Bool; let signature, message, public_key: String }
    struct Malformed: Decodable { let what, signature, message, public_key: String }
    struct Sign: Decodable { let secret_key, message, signature: String }
    let source: String
    let verify: [Verify]
    let malformed: [Malformed]
    let sign: [Sign]
}

@Suite("BLS12-381 published signatures (IC, drand quicknet)") struct ICSignatureVectorTests {
    /// Real IC certificate signatures and a drand quicknet beacon (the same suite) verify;
    /// swapped messages and keys do not; a signature or key one bit off is refused as
    /// malformed; sk·H(m) is the IC's signature byte for byte.
    @Test func icVectors() throws {
        let file = try Vectors.load("bls12381-ic-signatures", as: ICSignatureFile.self)
        #expect(file.verify.count == 6 && file.malformed.count == 2)
        for v in file.verify {
            let result = try BLS12381.verify(
                signature: testBytes(v.signature), message: testBytes(v.message), publicKey: testBytes(v.public_key))
            #expect(result == v.valid, "\(v.signature.prefix(12)) on \(v.message.prefix(12))")
        }
        for v in file.malformed {
            do {
                _ = try BLS12381.verify(
                    signature: testBytes(v.signature), message: testBytes(v.message), publicKey: testBytes(v.public_key)
                )
                Issue.record("a malformed \(v.what) was accepted")
            } catch {
                #expect(error.description.hasPrefix("BLS12-381 \(v.what):"), "\(error)")
            }
        }
        for v in file.sign {
            let signature = try BLS12381.hashToG1(testBytes(v.message), dst: BLS12381.icDomainSeparationTag)
                .multiplied(byBigEndian: testBytes(v.secret_key))
            #expect(testHex(signature.compressed) == v.signature)
        }
    }
}
