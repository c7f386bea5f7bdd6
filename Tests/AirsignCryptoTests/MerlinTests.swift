@_spi(Testing) import AirsignCrypto
import AirsignTestSupport
import Foundation
import Testing

struct MerlinFile: Decodable {
    struct Case: Decodable { let challenge, source: String }
    let source: String
    let simple: Case
    let complex: Case
}

@Suite("Merlin transcripts") struct MerlinTests {
    @Test func publishedSimpleTranscript() throws {
        let file = try Vectors.load("merlin", as: MerlinFile.self)
        var transcript = MerlinTranscript(label: "test protocol")
        transcript.appendMessage(label: "some label", message: Array("some data".utf8))
        #expect(testHex(transcript.challengeBytes(label: "challenge", count: 32)) == file.simple.challenge)
    }

    @Test func publishedComplexTranscript() throws {
        // 32 rounds with 1024-byte messages: wraps the 166-byte STROBE rate many times.
        let file = try Vectors.load("merlin", as: MerlinFile.self)
        var transcript = MerlinTranscript(label: "test protocol")
        transcript.appendMessage(label: "step1", message: Array("some data".utf8))
        let data = [UInt8](repeating: 99, count: 1024)
        var challenge: [UInt8] = []
        for _ in 0..<32 {
            challenge = transcript.challengeBytes(label: "challenge", count: 32)
            transcript.appendMessage(label: "bigdata", message: data)
            transcript.appendMessage(label: "challengedata", message: challenge)
        }
        #expect(testHex(challenge) == file.complex.challenge)
    }

    @Test func copiesAreIndependentForks() {
        var a = MerlinTranscript(label: "fork")
        a.appendMessage(label: "m", message: [1, 2, 3])
        var b = a
        let fromA = a.challengeBytes(label: "c", count: 32)
        let fromB = b.challengeBytes(label: "c", count: 32)
        #expect(fromA == fromB)
        a.appendMessage(label: "x", message: [0])
        b.appendMessage(label: "x", message: [1])
        #expect(a.challengeBytes(label: "c", count: 32) != b.challengeBytes(label: "c", count: 32))
    }

    @Test func appendU64IsEightLittleEndianBytes() {
        var a = MerlinTranscript(label: "u64")
        var b = a
        a.appendU64(label: "n", value: 0x0102_0304_0506_0708)
        b.appendMessage(label: "n", message: [8, 7, 6, 5, 4, 3, 2, 1] as [UInt8])
        #expect(a.challengeBytes(label: "c", count: 16) == b.challengeBytes(label: "c", count: 16))
    }

    @Test func challengesSpanningTheRateMatchOneLongChallenge() {
        // A PRF longer than the rate crosses permutations inside one operation.
        var transcript = MerlinTranscript(label: "long")
        let long = transcript.challengeBytes(label: "c", count: 1000)
        #expect(long.count == 1000)
        #expect(Set(long).count > 200)
    }

    @Test func witnessRNGIsBoundToTranscriptWitnessAndRandomness() {
        // The shape of merlin's transcript_rng_is_bound_to_transcript_and_witnesses test.
        func draw(_ commitment: String, _ witness: String, _ randomness: UInt8) -> [UInt8] {
            var transcript = MerlinTranscript(label: "test TranscriptRng collisions")
            transcript.appendMessage(label: "com", message: Array(commitment.utf8))
            var rng = transcript.buildRNG()
                .rekey(label: "witness", witness: Array(witness.utf8))
                .finalize(testRandomness: [UInt8](repeating: randomness, count: 32))
            return contents(rng.bytes(count: 32))
        }
        let s1 = draw("commitment data 1", "witness data 1", 0)
        let s2 = draw("commitment data 2", "witness data 1", 0)
        let s3 = draw("commitment data 2", "witness data 2", 0)
        let s4 = draw("commitment data 2", "witness data 2", 0)
        let s5 = draw("commitment data 2", "witness data 2", 1)
        #expect(s1 != s2 && s1 != s3 && s2 != s3)
        #expect(s3 == s4)
        #expect(s3 != s5)

        // Building an RNG leaves the transcript as it was.
        var t1 = MerlinTranscript(label: "x")
        var t2 = t1
        var rng = t1.buildRNG().rekey(label: "w", witness: [1]).finalize()
        _ = rng.bytes(count: 64)
        #expect(t1.challengeBytes(label: "c", count: 32) == t2.challengeBytes(label: "c", count: 32))

        // Fresh randomness: two RNGs from the same transcript and witness differ.
        var fresh1 = t1.buildRNG().rekey(label: "w", witness: [1]).finalize()
        var fresh2 = t1.buildRNG().rekey(label: "w", witness: [1]).finalize()
        #expect(fresh1.bytes(count: 32) != fresh2.bytes(count: 32))
    }

    @Test func randomTranscriptsNeverTrap() {
        var rng = SeededRandom.forTest("Merlin random operations")
        for _ in 0..<200 {
            var transcript = MerlinTranscript(label: String(decoding: rng.bytes(lengthIn: 0...40), as: UTF8.self))
            for _ in 0..<Int.random(in: 1...10, using: &rng) {
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: transcript.appendMessage(label: "m", message: rng.bytes(lengthIn: 0...600))
                case 1: transcript.appendU64(label: "u", value: rng.next())
                default:
                    #expect(
                        transcript.challengeBytes(label: "c", count: Int.random(in: 0...400, using: &rng)).count >= 0)
                }
            }
        }
    }
}
