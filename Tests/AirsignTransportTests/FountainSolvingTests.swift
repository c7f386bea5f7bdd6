import AirsignTestSupport
import Testing

@testable import AirsignTransport

/// The decoder solves parts as a linear system over GF(2): it finishes exactly when the parts
/// held have full rank, counts a part implied by those held as a duplicate, and reads the
/// frames `nextShownPart` chooses.
@Suite struct FountainSolvingTests {
    /// Mixed parts alone (no fragment ever shown by itself) are enough: a peeling decoder needs a
    /// part that reduces to a single fragment before it can start; elimination does not.
    @Test func mixedPartsAloneSolveTheMessage() throws {
        var rng = SeededRandom.forTest("mixedPartsAloneSolveTheMessage")
        var extra = 0
        for _ in 0..<10 {
            let message = rng.bytes(1_200)
            var encoder = try FountainEncoder(message: message, maxFragmentLen: 40, firstSeqNum: 30)
            #expect(encoder.seqLen == 30)
            var decoder = FountainDecoder()
            var used = 0
            while !decoder.isComplete, used < 10 * encoder.seqLen {
                try decoder.receive(encoder.nextPart())
                used += 1
            }
            #expect(decoder.message == message)
            extra += used - encoder.seqLen
        }
        // Random sparse equations over 30 unknowns reach full rank within a few extra parts on
        // average (about 3.4 over 40 seeds: 15 to 51 for the ten); one message can need 15 or
        // more, so a bound per message failed now and then (seed 11759424105259728988) and the
        // bound is on the ten together: 10 on average, where a solver that wasted parts would
        // need tens each.
        #expect(extra < 10 * 10, "\(extra) extra mixed parts over ten messages of 30 fragments")
    }

    /// A part whose fragments are all known already adds nothing and does not move progress.
    @Test func impliedPartIsADuplicate() throws {
        let message = [UInt8]((0..<600).map { UInt8(truncatingIfNeeded: $0 * 7) })
        var encoder = try FountainEncoder(message: message, maxFragmentLen: 60)
        let k = encoder.seqLen
        let chooser = FragmentChooser(seqLen: k, checksum: encoder.checksum)
        var decoder = FountainDecoder()
        var parts: [FountainPart] = []
        for _ in 0..<4 * k { parts.append(encoder.nextPart()) }
        // Fragments 0 ..< k-1 on their own; then a mixed part over only those is implied.
        for part in parts.prefix(k - 1) { #expect(try decoder.receive(part) == .accepted) }
        let implied = try #require(
            parts.dropFirst(k).first { part in
                chooser.fragments(seqNum: part.seqNum).allSatisfy { $0 < k - 1 }
            })
        #expect(try decoder.receive(implied) == .duplicate)
        #expect(decoder.knownCount == k - 1)
        #expect(!decoder.isComplete)
        // One part that involves the last fragment completes the message.
        let last = try #require(parts.dropFirst(k).first { chooser.fragments(seqNum: $0.seqNum).contains(k - 1) })
        #expect(try decoder.receive(last) == .accepted)
        #expect(decoder.message == message)
    }

    /// A wrong CRC-32 over a solved system is refused and the decoder starts over.
    @Test func solvedMessageWithWrongChecksumIsRefused() throws {
        let message = [UInt8](repeating: 0x5a, count: 300)
        var encoder = try FountainEncoder(message: message, maxFragmentLen: 100)
        var decoder = FountainDecoder()
        for _ in 0..<encoder.seqLen - 1 { try decoder.receive(encoder.nextPart()) }
        var last = encoder.nextPart()
        last = FountainPart(
            seqNum: last.seqNum, seqLen: last.seqLen, messageLen: last.messageLen,
            checksum: last.checksum, data: last.data.map { $0 ^ 1 })
        #expect(throws: TransportError.messageChecksumMismatch) { try decoder.receive(last) }
        #expect(decoder.knownCount == 0)
    }

    /// Shown parts: every fragment alone first (exactly `nextPart`'s), then only wide mixes; the
    /// sequence still decodes, and for a short message nothing is skipped forever.
    @Test func shownPartsStartWithEveryFragmentThenMixWidely() throws {
        var rng = SeededRandom.forTest("shownPartsStartWithEveryFragmentThenMixWidely")
        let message = rng.bytes(5_000)
        var plain = try FountainEncoder(message: message, maxFragmentLen: 100)
        var shown = plain
        let k = plain.seqLen
        let chooser = FragmentChooser(seqLen: k, checksum: plain.checksum)
        for _ in 0..<k { #expect(shown.nextShownPart() == plain.nextPart()) }
        for _ in 0..<3 * k {
            let part = shown.nextShownPart()
            #expect(Int(part.seqNum) > k)
            #expect(chooser.fragments(seqNum: part.seqNum).count >= FountainEncoder.shownMinimumDegree)
        }
        // A short message (few fragments) asks for at most half of them, so wide enough mixes
        // exist; its shown parts after the first pass still decode it without the first pass.
        for length in [1, 30, 50, 99] {
            let message = rng.bytes(length)
            var short = try FountainEncoder(message: message, maxFragmentLen: 10)
            let k = short.seqLen
            let shortChooser = FragmentChooser(seqLen: k, checksum: short.checksum)
            for _ in 0..<k { _ = short.nextShownPart() }
            var decoder = FountainDecoder()
            for _ in 0..<20 * k + 20 where !decoder.isComplete {
                let part = short.nextShownPart()
                #expect(
                    shortChooser.fragments(seqNum: part.seqNum).count
                        >= min(FountainEncoder.shownMinimumDegree, max(1, k / 2)))
                try decoder.receive(part)
            }
            #expect(decoder.message == message, "a \(length)-byte message from its shown mixes")
        }
    }
}
