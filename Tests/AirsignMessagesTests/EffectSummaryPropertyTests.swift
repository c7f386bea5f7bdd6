import AirsignMessages
import AirsignTestChain
import AirsignTestSupport
import BigInt
import Testing

/// The batch summary over random mixes of requests whose effects are known (transfers,
/// approvals) and unknown (raw bytes): it never says "nothing leaves" when an unknown effect is
/// signed, every known outflow is in the total, every approval is listed, and an unknown
/// request is refused unless `--blind` names it.
@Suite struct EffectSummaryPropertyTests {
    static let now: Int64 = 1_767_225_600

    @Test func theSummaryNeverHidesAnUnknownEffect() throws {
        var rng = SeededRandom.forTest("EffectSummaryPropertyTests.mixes")
        let registry = ChainRegistry([TestChain()])
        let context = ReviewContext(now: Self.now)
        for round in 0..<200 {
            let count = Int.random(in: 1...8, using: &rng)
            var requests: [SignRequest] = []
            var expectedOut = BigUInt(0)
            var approvals = 0
            var unknownPlaces: [Int] = []
            for place in 1...count {
                switch Int.random(in: 0..<3, using: &rng) {
                case 0:
                    let amount = BigUInt(UInt64.random(in: 0...1_000_000_000, using: &rng))
                    let fee = UInt64.random(in: 0...10_000, using: &rng)
                    requests.append(try TestChainFixtures.transfer(amount: amount, fee: fee))
                    expectedOut += amount + BigUInt(fee)
                case 1:
                    requests.append(
                        try TestChainFixtures.approval(
                            allowance: BigUInt(UInt64.random(in: 1...1_000_000, using: &rng))))
                    approvals += 1
                default:
                    requests.append(try TestChainFixtures.raw(data: rng.bytes(lengthIn: 1...16)))
                    unknownPlaces.append(place)
                }
            }
            // Without --blind every unknown request is refused and nothing is summed for it.
            let refusing = BatchReview(requests, registry: registry, context: context, blind: .none)
            #expect(refusing.refusals.count == unknownPlaces.count, "round \(round)")
            if !unknownPlaces.isEmpty {
                // A refused batch signs nothing, and its summary says so rather than promising
                // that nothing leaves.
                let refusedSummary = ReviewText.renderTotals(refusing)
                #expect(refusedSummary.contains("nothing in this batch is signed"), "round \(round): \(refusedSummary)")
                #expect(!refusedSummary.contains("nothing leaves"), "round \(round): \(refusedSummary)")
            }
            // Named one by one, they are accepted and the summary says so.
            let batch = BatchReview(
                requests, registry: registry, context: context,
                blind: BlindConsent(named: unknownPlaces.map(String.init)))
            #expect(batch.refusals.isEmpty, "round \(round)")
            #expect(batch.unknownPlaces == unknownPlaces, "round \(round)")
            let summary = ReviewText.renderTotals(batch)
            if !unknownPlaces.isEmpty {
                #expect(!summary.contains("nothing leaves"), "round \(round): \(summary)")
                #expect(
                    summary.contains("effects the signer does not understand: \(unknownPlaces.count) request"),
                    "round \(round): \(summary)")
            }
            let total = batch.totals.first { $0.asset == TestChain.asset }?.amount ?? 0
            #expect(total == expectedOut, "round \(round)")
            #expect(batch.approvals.count == approvals, "round \(round)")
            if unknownPlaces.isEmpty, expectedOut == 0, approvals == 0 {
                #expect(summary.contains("nothing leaves the accounts"), "round \(round): \(summary)")
            }
        }
    }

    @Test func blindAloneDoesNotCoverABatchOfSeveral() throws {
        let registry = ChainRegistry([TestChain()])
        let requests = [try TestChainFixtures.transfer(), try TestChainFixtures.raw()]
        let batch = BatchReview(
            requests, registry: registry, context: ReviewContext(now: Self.now), blind: BlindConsent(onlyRequest: true))
        #expect(batch.refusals.count == 1)
        let one = BatchReview(
            [try TestChainFixtures.raw()], registry: registry, context: ReviewContext(now: Self.now),
            blind: BlindConsent(onlyRequest: true))
        #expect(one.refusals.isEmpty)
    }
}
