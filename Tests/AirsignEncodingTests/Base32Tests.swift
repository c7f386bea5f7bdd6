import AirsignEncoding
import AirsignTestSupport
import Testing

private struct Base32Vectors: Decodable {
    struct Valid: Decodable { let hex: String; let base32: String; let source: String }
    struct Invalid: Decodable { let base32: String; let reason: String; let source: String }
    let source: String
    let valid: [Valid]
    let invalid: [Invalid]
}

@Suite struct Base32Tests {
    @Test func publishedVectors() throws {
        let file = try Vectors.load("base32", as: Base32Vectors.self)
        #expect(file.valid.count == 18)
        for c in file.valid {
            let bytes = testBytes(c.hex)
            let lower = c.base32 == c.base32.lowercased()
            #expect(Base32.encode(bytes, lowercase: lower) == c.base32, "\(c.source)")
            #expect(try Base32.decode(c.base32) == bytes, "\(c.source)")
            #expect(try Base32.decode(c.base32.uppercased(), letterCase: .upper) == bytes, "\(c.source)")
            #expect(try Base32.decode(c.base32.lowercased(), letterCase: .lower) == bytes, "\(c.source)")
        }
    }

    @Test func stellarInvalidCases() throws {
        let file = try Vectors.load("base32", as: Base32Vectors.self)
        #expect(file.invalid.count == 5)
        for c in file.invalid {
            #expect(throws: EncodingError.self, "\(c.reason) — \(c.source)") { try Base32.decode(c.base32) }
        }
    }

    @Test func errors() throws {
        #expect(throws: EncodingError.invalidCharacter(codec: "base32", character: "=", offset: 2)) {
            try Base32.decode("MY======")
        }
        #expect(throws: EncodingError.invalidCharacter(codec: "base32", character: "1", offset: 1)) {
            try Base32.decode("M1")
        }
        #expect(throws: EncodingError.invalidCharacter(codec: "base32", character: "y", offset: 1)) {
            try Base32.decode("My")
        }
        #expect(throws: EncodingError.invalidCharacter(codec: "base32", character: "m", offset: 0)) {
            try Base32.decode("my", letterCase: .upper)
        }
        #expect(throws: EncodingError.invalidCharacter(codec: "base32", character: "M", offset: 0)) {
            try Base32.decode("MY", letterCase: .lower)
        }
        for length in [1, 3, 6, 9, 11, 14] {
            #expect(
                throws: EncodingError.invalidValue(
                    codec: "base32", offset: length,
                    reason: "\(length) characters is not a possible unpadded base32 length")
            ) {
                try Base32.decode(String(repeating: "A", count: length))
            }
        }
        // "MZ" carries "f" plus two unused bits that must be zero ("MY" is the canonical form).
        #expect(
            throws: EncodingError.nonCanonical(codec: "base32", offset: 1, reason: "unused trailing bits are not zero")
        ) {
            try Base32.decode("MZ")
        }
        // Digits only: no letters to disagree on case.
        #expect(try Base32.decode("24", letterCase: .upper) == [0xd7])
    }

    @Test func roundTripRandom() throws {
        var rng = SeededRandom.forTest("Base32Tests.roundTripRandom")
        for _ in 0..<3000 {
            let bytes = rng.bytes(lengthIn: 0...48)
            let lower = Bool.random(using: &rng)
            let text = Base32.encode(bytes, lowercase: lower)
            #expect(try Base32.decode(text) == bytes, "\(testHex(bytes))")
            #expect(try Base32.decode(text, letterCase: lower ? .lower : .upper) == bytes)
        }
    }

    @Test func corruptedInputNeverTraps() throws {
        var rng = SeededRandom.forTest("Base32Tests.corruptedInputNeverTraps")
        for _ in 0..<300 {
            let lower = Bool.random(using: &rng)
            let text = Base32.encode(rng.bytes(lengthIn: 0...40), lowercase: lower)
            for candidate in rng.corruptions(ofText: text, count: 20) {
                if let bytes = try? Base32.decode(candidate) {
                    let isLower = candidate.contains { $0.isLowercase }
                    #expect(Base32.encode(bytes, lowercase: isLower) == candidate, "\(candidate)")
                }
            }
        }
    }
}
