import AirsignEncoding
import AirsignTestSupport
import Testing

private struct HexVectors: Decodable {
    struct Case: Decodable { let ascii: String; let hex: String; let source: String }
    let source: String
    let cases: [Case]
}

@Suite struct HexTests {
    @Test func rfc4648Vectors() throws {
        let file = try Vectors.load("hex", as: HexVectors.self)
        #expect(file.cases.count == 7)
        for c in file.cases {
            let bytes = Array(c.ascii.utf8)
            #expect(Hex.encode(bytes) == c.hex.lowercased(), "\(c.source)")
            #expect(try Hex.decode(c.hex) == bytes, "\(c.source)")
            #expect(try Hex.decode(c.hex.lowercased()) == bytes, "\(c.source)")
            #expect(try Hex.decode("0x" + c.hex) == bytes, "\(c.source)")
        }
    }

    @Test func prefixAndCase() throws {
        #expect(Hex.encode([0xde, 0xad, 0xbe, 0xef], prefix: true) == "0xdeadbeef")
        #expect(Hex.encode([], prefix: true) == "0x")
        #expect(try Hex.decode("0XDeadBEEF") == [0xde, 0xad, 0xbe, 0xef])
        #expect(try Hex.decode("0x") == [])
        #expect(try Hex.decode("") == [])
    }

    @Test func errorsNamePositions() {
        #expect(throws: EncodingError.truncated(codec: "hex", offset: 5)) { try Hex.decode("0xabc") }
        #expect(throws: EncodingError.truncated(codec: "hex", offset: 1)) { try Hex.decode("a") }
        #expect(throws: EncodingError.invalidCharacter(codec: "hex", character: "g", offset: 3)) {
            try Hex.decode("0x0g")
        }
        #expect(throws: EncodingError.invalidCharacter(codec: "hex", character: " ", offset: 2)) {
            try Hex.decode("ab cd")
        }
        // Positions count characters, not UTF-8 bytes.
        #expect(throws: EncodingError.invalidCharacter(codec: "hex", character: "é", offset: 2)) {
            try Hex.decode("abé0")
        }
        // A digit followed by a combining mark is one character, and not a digit.
        #expect(throws: EncodingError.invalidCharacter(codec: "hex", character: "c\u{301}", offset: 2)) {
            try Hex.decode("abc\u{301}d")
        }
        // "0x" only counts as a prefix at the start; elsewhere x is a bad digit.
        #expect(throws: EncodingError.invalidCharacter(codec: "hex", character: "x", offset: 3)) {
            try Hex.decode("000x")
        }
    }

    @Test func roundTripRandom() throws {
        var rng = SeededRandom.forTest("HexTests.roundTripRandom")
        for _ in 0..<2000 {
            let bytes = rng.bytes(lengthIn: 0...64)
            let prefix = Bool.random(using: &rng)
            let text = Hex.encode(bytes, prefix: prefix)
            #expect(try Hex.decode(text) == bytes, "\(testHex(bytes))")
            #expect(try Hex.decode(text.uppercased()) == bytes)
        }
    }

    @Test func corruptedInputNeverTraps() throws {
        var rng = SeededRandom.forTest("HexTests.corruptedInputNeverTraps")
        for _ in 0..<300 {
            let text = Hex.encode(rng.bytes(lengthIn: 0...40), prefix: Bool.random(using: &rng))
            for candidate in rng.corruptions(ofText: text, count: 20) {
                if let bytes = try? Hex.decode(candidate) {
                    // Hex accepts either case and an optional prefix; otherwise it is exact.
                    var body = Substring(candidate.lowercased())
                    if body.hasPrefix("0x") { body = body.dropFirst(2) }
                    #expect(Hex.encode(bytes) == String(body), "\(candidate)")
                }
            }
        }
    }
}
