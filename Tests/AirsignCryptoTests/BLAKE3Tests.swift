import AirsignCrypto
import AirsignTestSupport
import Foundation
import Testing

struct BLAKE3File: Decodable {
    struct Case: Decodable { let input_len: Int; let hash, keyed_hash, derive_key: String }
    let source, key, context_string: String
    let cases: [Case]
}

@Suite("BLAKE3") struct BLAKE3Tests {
    /// The official vectors: every mode, the 131-byte extended output and its 32-byte prefix,
    /// over inputs from empty to many chunks (every tree shape up to 100 chunks).
    @Test func officialVectors() throws {
        let file = try Vectors.load("blake3", as: BLAKE3File.self)
        #expect(file.cases.count >= 20)
        let key = Array(file.key.utf8)
        for v in file.cases {
            let input = (0..<v.input_len).map { UInt8($0 % 251) }
            let extended = v.hash.count / 2
            #expect(testHex(BLAKE3.hash(input, outputLength: extended)) == v.hash, "hash of \(v.input_len) bytes")
            #expect(testHex(BLAKE3.hash(input)) == String(v.hash.prefix(64)), "32-byte hash of \(v.input_len) bytes")
            #expect(
                testHex(try BLAKE3.keyedHash(input, key: key, outputLength: extended)) == v.keyed_hash,
                "keyed hash of \(v.input_len) bytes")
            #expect(
                testHex(BLAKE3.deriveKey(context: file.context_string, material: input, outputLength: extended))
                    == v.derive_key,
                "derived key of \(v.input_len) bytes")
        }
    }

    @Test func keyLength() {
        #expect(throws: CryptoError.wrongLength(.key, expected: 32, actual: 31)) {
            try BLAKE3.keyedHash([1], key: [UInt8](repeating: 7, count: 31))
        }
    }

    /// Shorter outputs are prefixes of longer ones (one extendable output).
    @Test func outputIsExtendable() {
        var rng = SeededRandom.forTest("BLAKE3.outputIsExtendable")
        for _ in 0..<20 {
            let input = rng.bytes(lengthIn: 0...3000)
            let long = BLAKE3.hash(input, outputLength: 200)
            let length = Int.random(in: 0...200, using: &rng)
            #expect(BLAKE3.hash(input, outputLength: length) == Array(long.prefix(length)))
        }
    }
}
