import AirsignEncoding
import AirsignTestSupport
import Testing

private struct Base58Vectors: Decodable {
    struct Plain: Decodable { let hex: String; let base58: String; let source: String }
    struct Valid: Decodable { let base58check: String; let payload_hex: String; let what: String; let source: String }
    struct Invalid: Decodable { let base58check: String; let reason: String; let source: String }
    let source: String
    let base58: [Plain]
    let base58check_valid: [Valid]
    let base58check_invalid: [Invalid]
}

@Suite struct Base58Tests {
    @Test func bitcoinCoreVectors() throws {
        let file = try Vectors.load("base58", as: Base58Vectors.self)
        #expect(file.base58.count == 21)
        for c in file.base58 {
            let bytes = testBytes(c.hex)
            #expect(Base58.encode(bytes) == c.base58, "\(c.hex) — \(c.source)")
            #expect(try Base58.decode(c.base58) == bytes, "\(c.base58) — \(c.source)")
        }
    }

    @Test func base58CheckVectors() throws {
        let file = try Vectors.load("base58", as: Base58Vectors.self)
        #expect(file.base58check_valid.count == 9)
        for c in file.base58check_valid {
            let payload = testBytes(c.payload_hex)
            #expect(Base58Check.encode(payload) == c.base58check, "\(c.what) — \(c.source)")
            #expect(try Base58Check.decode(c.base58check) == payload, "\(c.what) — \(c.source)")
        }
        for c in file.base58check_invalid {
            #expect(throws: EncodingError.checksumMismatch(codec: "base58check"), "\(c.reason) — \(c.source)") {
                try Base58Check.decode(c.base58check)
            }
        }
    }

    @Test func errors() {
        #expect(throws: EncodingError.invalidCharacter(codec: "base58", character: "0", offset: 3)) {
            try Base58.decode("abc0")
        }
        #expect(throws: EncodingError.invalidCharacter(codec: "base58", character: "l", offset: 0)) {
            try Base58.decode("l1")
        }
        #expect(throws: EncodingError.invalidCharacter(codec: "base58", character: "€", offset: 1)) {
            try Base58.decode("2€")
        }
        #expect(throws: EncodingError.invalidCharacter(codec: "base58check", character: "O", offset: 1)) {
            try Base58Check.decode("1O")
        }
        #expect(throws: EncodingError.truncated(codec: "base58check", offset: 3)) { try Base58Check.decode("111") }
        let long = String(repeating: "z", count: Base58.maxEncodedLength + 1)
        #expect(throws: EncodingError.limitExceeded(codec: "base58", limit: "at most 1024 characters")) {
            try Base58.decode(long)
        }
        // The longest accepted text still decodes quickly and round-trips.
        let longest = String(repeating: "z", count: Base58.maxEncodedLength)
        #expect((try? Base58.decode(longest)).map(Base58.encode) == longest)
    }

    @Test func checksumCatchesEveryMistypedCharacter() throws {
        let address = "1PMycacnJaSqwwJqjawXBErnLsZ7RkXUAs"
        let chars = Array(address)
        for i in chars.indices {
            var mistyped = chars
            mistyped[i] = chars[i] == "2" ? "3" : "2"
            #expect(throws: EncodingError.self) { try Base58Check.decode(String(mistyped)) }
        }
    }

    @Test func roundTripRandom() throws {
        var rng = SeededRandom.forTest("Base58Tests.roundTripRandom")
        for _ in 0..<2000 {
            let zeros = [UInt8](repeating: 0, count: Int.random(in: 0...3, using: &rng))
            let bytes = zeros + rng.bytes(lengthIn: 0...48)
            #expect(try Base58.decode(Base58.encode(bytes)) == bytes, "\(testHex(bytes))")
            #expect(try Base58Check.decode(Base58Check.encode(bytes)) == bytes, "\(testHex(bytes))")
        }
    }

    @Test func corruptedInputNeverTraps() throws {
        var rng = SeededRandom.forTest("Base58Tests.corruptedInputNeverTraps")
        for _ in 0..<250 {
            let payload = [UInt8](repeating: 0, count: Int.random(in: 0...2, using: &rng)) + rng.bytes(lengthIn: 0...40)
            let plain = Base58.encode(payload)
            for text in rng.corruptions(ofText: plain, count: 20) {
                if let bytes = try? Base58.decode(text) { #expect(Base58.encode(bytes) == text) }
            }
            let checked = Base58Check.encode(payload)
            for text in rng.corruptions(ofText: checked, count: 20) {
                if let bytes = try? Base58Check.decode(text) { #expect(Base58Check.encode(bytes) == text) }
            }
        }
    }
}
