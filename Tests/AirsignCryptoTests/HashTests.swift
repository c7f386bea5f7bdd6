import AirsignCrypto
import AirsignTestSupport
import Foundation
import Testing

@Suite("SHA-2") struct SHA2Tests {
    func digest(_ algorithm: String, _ data: [UInt8]) -> [UInt8] {
        switch algorithm {
        case "sha224": return SHA224.hash(data)
        case "sha256": return SHA256.hash(data)
        case "sha512": return SHA512.hash(data)
        default: preconditionFailure("unknown algorithm \(algorithm) in vectors/sha2.json")
        }
    }

    @Test func knownAnswers() throws {
        let file = try Vectors.load("sha2", as: SHA2File.self)
        #expect(file.cases.count >= 9)
        for v in file.cases {
            #expect(testHex(digest(v.algorithm, Array(v.message_ascii.utf8))) == v.digest, "\(v.algorithm) \(v.name)")
        }
    }

    @Test func oneMillionA() throws {
        let file = try Vectors.load("sha2", as: SHA2File.self)
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        for v in file.million_a {
            #expect(testHex(digest(v.algorithm, message)) == v.digest, "\(v.algorithm) of a million 'a'")
        }
    }

    @Test func incrementalMatchesOneShot() {
        var rng = SeededRandom.forTest("SHA-2 incremental")
        for _ in 0..<300 {
            let data = rng.bytes(lengthIn: 0...400)
            let pieces = randomPieces(data, using: &rng)
            var h224 = SHA224.Hasher(), h256 = SHA256.Hasher(), h512 = SHA512.Hasher()
            for piece in pieces {
                h224.update(piece); h256.update(piece); h512.update(piece)
            }
            #expect(h224.finalize() == SHA224.hash(data))
            #expect(h256.finalize() == SHA256.hash(data))
            #expect(h512.finalize() == SHA512.hash(data))
        }
    }

    @Test func sha224PaddingBoundaries() {
        // Lengths around the 55/56/64-byte padding edges, checked against the incremental path
        // fed one byte at a time (a different buffering route through the same code).
        for length in [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129] {
            let data = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            var hasher = SHA224.Hasher()
            for byte in data { hasher.update([byte]) }
            #expect(hasher.finalize() == SHA224.hash(data), "length \(length)")
            #expect(SHA224.hash(data).count == 28)
        }
    }
}

@Suite("Keccak") struct KeccakTests {
    @Test func keccak256KnownAnswers() throws {
        let file = try Vectors.load("keccak", as: KeccakFile.self)
        #expect(file.cases.count >= 8)
        for v in file.cases {
            #expect(testHex(Keccak256.hash(testBytes(v.message_hex))) == v.digest, "\(v.name)")
        }
    }

    @Test func permutationOfZeroState() throws {
        let file = try Vectors.load("keccak", as: KeccakFile.self)
        let expected = file.permutation.output_lanes.map { UInt64($0, radix: 16) }
        var lanes = [UInt64](repeating: 0, count: 25)
        KeccakF1600.permute(&lanes)
        #expect(lanes.map { Optional($0) } == expected)

        var state = KeccakF1600.State()
        state.permute()
        #expect(state.lanes == lanes)
        // Byte view is the lanes in little-endian order.
        #expect(state[byte: 0] == 0xe7 && state[byte: 7] == 0xf1)
        state[byte: 9] = 0xab
        #expect(state.lanes[1] >> 8 & 0xff == 0xab)
    }

    @Test func notSHA3() {
        // FIPS 202 SHA3-256("") is a7ffc6f8...; Keccak-256("") must differ (padding 0x01, not 0x06).
        #expect(
            testHex(Keccak256.hash([UInt8]())) != "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a")
    }

    @Test func incrementalMatchesOneShot() {
        var rng = SeededRandom.forTest("Keccak-256 incremental")
        for _ in 0..<300 {
            let data = rng.bytes(lengthIn: 0...600)
            var hasher = Keccak256.Hasher()
            for piece in randomPieces(data, using: &rng) { hasher.update(piece) }
            #expect(hasher.finalize() == Keccak256.hash(data))
        }
    }
}

@Suite("BLAKE2b") struct Blake2bTests {
    @Test func knownAnswers() throws {
        let file = try Vectors.load("blake2b", as: Blake2bFile.self)
        #expect(file.cases.count >= 10)
        for v in file.cases {
            let digest = try Blake2b.hash(
                testBytes(v.message_hex), outputLength: v.output_length, key: testBytes(v.key_hex))
            #expect(testHex(digest) == v.digest, "\(v.name)")
            if v.key_hex.isEmpty {
                #expect(try Blake2b.hash(testBytes(v.message_hex), outputLength: v.output_length) == digest)
            }
        }
    }

    @Test func keyAsSecureBytes() throws {
        let key = SecureBytes(copying: (0..<64).map { UInt8($0) })
        let digest = try Blake2b.hash([UInt8](), outputLength: 64, key: key)
        #expect(testHex(digest).hasPrefix("10ebb67700b1868e"))
    }

    @Test func lengthLimits() {
        #expect(throws: CryptoError.lengthOutOfRange(.output, allowed: 1...64, actual: 0)) {
            try Blake2b.hash([1, 2, 3] as [UInt8], outputLength: 0)
        }
        #expect(throws: CryptoError.lengthOutOfRange(.output, allowed: 1...64, actual: 65)) {
            try Blake2b.hash([1, 2, 3] as [UInt8], outputLength: 65)
        }
        #expect(throws: CryptoError.lengthOutOfRange(.key, allowed: 0...64, actual: 65)) {
            try Blake2b.hash([1, 2, 3] as [UInt8], key: [UInt8](repeating: 1, count: 65))
        }
        #expect(throws: CryptoError.lengthOutOfRange(.output, allowed: 1...64, actual: 99)) {
            _ = try Blake2b.Hasher(outputLength: 99)
        }
    }

    @Test func incrementalMatchesOneShot() throws {
        var rng = SeededRandom.forTest("BLAKE2b incremental")
        for _ in 0..<200 {
            let data = rng.bytes(lengthIn: 0...400)
            let outputLength = Int.random(in: 1...64, using: &rng)
            let key = rng.bytes(lengthIn: 0...64)
            var hasher = try Blake2b.Hasher(outputLength: outputLength, key: key)
            for piece in randomPieces(data, using: &rng) { hasher.update(piece) }
            #expect(hasher.finalize() == (try Blake2b.hash(data, outputLength: outputLength, key: key)))
        }
    }
}
