import AirsignEncoding
import AirsignTestSupport
import Testing

private struct SS58Vectors: Decodable {
    struct Valid: Decodable { let prefix: UInt16; let payload, address, source: String }
    let source: String
    let valid: [Valid]
}

@Suite struct SS58Tests {
    @Test func publishedVectors() throws {
        let file = try Vectors.load("ss58", as: SS58Vectors.self)
        #expect(file.valid.count == 24)
        for c in file.valid {
            #expect(try SS58.encode(testBytes(c.payload), prefix: c.prefix) == c.address, "\(c.source)")
            let decoded = try SS58.decode(c.address)
            #expect(decoded.prefix == c.prefix && decoded.payload == testBytes(c.payload), "\(c.source)")
        }
    }

    @Test func refusals() throws {
        let key = [UInt8](repeating: 7, count: 32)
        #expect(throws: EncodingError.self) { try SS58.encode(key, prefix: 16384) }
        #expect(throws: EncodingError.self) { try SS58.encode(key, prefix: 46) }
        #expect(throws: EncodingError.self) { try SS58.encode(key, prefix: 47) }
        #expect(throws: EncodingError.self) { try SS58.encode([1, 2, 3, 4], prefix: 0) }
        let alice = "5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY"
        // One character changed: the checksum catches it.
        #expect(throws: EncodingError.checksumMismatch(codec: "SS58")) {
            try SS58.decode("5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQZ")
        }
        #expect(throws: EncodingError.self) { try SS58.decode(alice.dropLast(1)) }
        #expect(throws: EncodingError.self) { try SS58.decode("") }
        #expect(throws: EncodingError.self) { try SS58.decode("0" + alice.dropFirst()) }
    }

    @Test func twoBytePrefixFormOfASmallPrefixIsRefused() throws {
        // Prefix 5 forced into the two-byte form; sp-core would read it as 5 again.
        var body: [UInt8] = [0b0100_0001, 0b0100_0000] + [UInt8](repeating: 9, count: 32)
        body += Array(try Blake2bChecksum.ss58(body))
        #expect(throws: EncodingError.self) { try SS58.decode(Base58.encode(body)) }
    }

    @Test func roundTripEveryPrefixRange() throws {
        var rng = SeededRandom.forTest("SS58Tests.roundTripEveryPrefixRange")
        for _ in 0..<2000 {
            var prefix = UInt16.random(in: 0...SS58.maxPrefix, using: &rng)
            if SS58.reservedPrefixes.contains(prefix) { prefix = 42 }
            let payload = rng.bytes(Bool.random(using: &rng) ? 32 : 33)
            let address = try SS58.encode(payload, prefix: prefix)
            let decoded = try SS58.decode(address)
            #expect(decoded.prefix == prefix && decoded.payload == payload, "\(address)")
        }
    }

    @Test func corruptedInputNeverTraps() throws {
        var rng = SeededRandom.forTest("SS58Tests.corruptedInputNeverTraps")
        for _ in 0..<300 {
            let address = try SS58.encode(rng.bytes(32), prefix: UInt16.random(in: 0...45, using: &rng))
            for bad in rng.corruptions(of: Array(address.utf8), count: 20) {
                let text = String(decoding: bad, as: UTF8.self)
                if let (prefix, payload) = try? SS58.decode(text) {
                    #expect(try SS58.encode(payload, prefix: prefix) == text)
                }
            }
        }
    }
}
