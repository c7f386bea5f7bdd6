import AirsignEncoding
import AirsignTestSupport
import Testing

private struct EIP55Vectors: Decodable {
    struct Valid: Decodable { let address, source: String }
    let source: String
    let valid: [Valid]
}

@Suite struct EIP55Tests {
    @Test func ercTestCases() throws {
        let file = try Vectors.load("eip55", as: EIP55Vectors.self)
        #expect(file.valid.count == 8)
        for c in file.valid {
            let bytes = testBytes(c.address)
            #expect(try EIP55.encode(bytes) == c.address, "\(c.source)")
            #expect(try EIP55.decode(c.address) == bytes)
        }
    }

    @Test func checksumRules() throws {
        let good = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"
        let bytes = testBytes(good)
        // Unchecksummed forms are accepted…
        #expect(try EIP55.decode("0x" + good.dropFirst(2).lowercased()) == bytes)
        #expect(try EIP55.decode("0x" + good.dropFirst(2).uppercased()) == bytes)
        // …a wrong mixed case is not.
        #expect(throws: EncodingError.checksumMismatch(codec: "EIP-55")) {
            try EIP55.decode("0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")
        }
        #expect(throws: EncodingError.self) { try EIP55.decode(good.dropFirst(2)) }
        #expect(throws: EncodingError.self) { try EIP55.decode("0X" + good.dropFirst(2)) }
        #expect(throws: EncodingError.self) { try EIP55.decode(good + "0") }
        #expect(throws: EncodingError.self) { try EIP55.decode(good.dropLast(2)) }
        #expect(throws: EncodingError.self) { try EIP55.decode("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg") }
        #expect(throws: EncodingError.self) { try EIP55.encode([UInt8](repeating: 0, count: 19)) }
    }

    @Test func randomRoundTripsAndCorruptions() throws {
        var rng = SeededRandom.forTest("EIP55Tests.randomRoundTripsAndCorruptions")
        for _ in 0..<1000 {
            let bytes = rng.bytes(20)
            let text = try EIP55.encode(bytes)
            #expect(try EIP55.decode(text) == bytes)
            for bad in rng.corruptions(of: Array(text.utf8), count: 5) {
                _ = try? EIP55.decode(String(decoding: bad, as: UTF8.self))
            }
        }
    }
}
