import AirsignTestSupport
import Testing

@testable import AirsignBLS12381

struct HashToG1File: Decodable {
    struct Point: Decodable { let x, y: String }
    struct Case: Decodable { let msg: String; let u: [String]; let Q0, Q1, P: Point }
    let source, dst, ciphersuite: String
    let vectors: [Case]
}

struct ExpandMessageFile: Decodable {
    struct Case: Decodable { let msg, len_in_bytes, uniform_bytes: String }
    let source, DST: String
    let tests: [Case]
}

/// A field element as the vector files write it: 0x-prefixed big-endian hex.
func fieldHex(_ value: Fp) -> String { "0x" + testHex(value.bytes) }

func affineHex(_ point: JacobianPoint<Fp>) -> (x: String, y: String)? {
    point.affine.map { (fieldHex($0.x), fieldHex($0.y)) }
}

@Suite("BLS12-381 hash to G1 (RFC 9380)") struct HashToCurveVectorTests {
    /// RFC 9380 Appendix K.1: expand_message_xmd with SHA-256, outputs of 32 and 128 bytes.
    @Test func expandMessageXMDVectors() throws {
        let file = try Vectors.load("bls12381-expand-message-xmd", as: ExpandMessageFile.self)
        #expect(file.tests.count == 10)
        for v in file.tests {
            let length = Int(v.len_in_bytes.dropFirst(2), radix: 16) ?? -1
            let out = try BLS12381.expandMessageXMD(Array(v.msg.utf8), dst: Array(file.DST.utf8), length: length)
            #expect(testHex(out) == v.uniform_bytes, "msg \(v.msg.prefix(12)) length \(length)")
        }
    }

    /// RFC 9380 Appendix J.9.1: every intermediate value (u0, u1, Q0, Q1) and the final point.
    @Test func hashToG1Vectors() throws {
        let file = try Vectors.load("bls12381-hash-to-g1", as: HashToG1File.self)
        #expect(file.ciphersuite == "BLS12381G1_XMD:SHA-256_SSWU_RO_")
        #expect(file.vectors.count == 5)
        for v in file.vectors {
            let trace = try HashToCurve.trace(Array(v.msg.utf8), dst: Array(file.dst.utf8))
            let label = "msg \(v.msg.prefix(12))"
            #expect(trace.u.map(fieldHex) == v.u, "\(label): u")
            for (point, expected) in [(trace.q0, v.Q0), (trace.q1, v.Q1), (trace.p, v.P)] {
                let got = affineHex(point)
                #expect(got?.x == expected.x && got?.y == expected.y, "\(label): \(expected.x.prefix(12))")
            }
            let public_ = try BLS12381.hashToG1(Array(v.msg.utf8), dst: Array(file.dst.utf8))
            #expect(public_.point == trace.p)
            #expect(trace.p.isOnCurve && trace.p.isInPrimeOrderSubgroup, "\(label): P in G1")
        }
    }

    /// RFC 9380's length limits are refused, not truncated.
    @Test func expandMessageLimits() {
        #expect(throws: BLSError.self) {
            try BLS12381.expandMessageXMD([], dst: [UInt8](repeating: 0x41, count: 256), length: 32)
        }
        #expect(throws: BLSError.self) { try BLS12381.expandMessageXMD([], dst: [0x41], length: 255 * 32 + 1) }
        #expect(throws: BLSError.self) { try BLS12381.expandMessageXMD([], dst: [0x41], length: -1) }
        #expect((try? BLS12381.expandMessageXMD([], dst: [0x41], length: 255 * 32))?.count == 255 * 32)
    }
}
