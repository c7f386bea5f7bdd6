import AirsignCrypto
import AirsignTestSupport
import Testing

private struct RIPEMD160File: Decodable {
    struct Case: Decodable { let message_ascii, digest, source: String }
    struct Million: Decodable { let digest, source: String }
    let source: String
    let cases: [Case]
    let million_a: Million
}

@Suite struct RIPEMD160Tests {
    @Test func publishedVectors() throws {
        let file = try Vectors.load("ripemd160", as: RIPEMD160File.self)
        #expect(file.cases.count == 8)
        for c in file.cases {
            #expect(testHex(RIPEMD160.hash(Array(c.message_ascii.utf8))) == c.digest, "\(c.message_ascii)")
        }
        #expect(testHex(RIPEMD160.hash([UInt8](repeating: 0x61, count: 1_000_000))) == file.million_a.digest)
    }

    @Test func everyPaddingBoundary() {
        // Lengths around 55/56/64 bytes take the one- and two-block padding paths; the
        // reference digests come from the interop suite, here only that nothing traps and the
        // output length holds.
        for length in 0...130 {
            #expect(RIPEMD160.hash([UInt8](repeating: 0x5a, count: length)).count == 20)
        }
    }
}
