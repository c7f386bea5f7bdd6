import AirsignCandid
import AirsignEncoding
import AirsignMessages
import BigInt
import Testing

@testable import AirsignICP

/// The ICP danger list, each call built as the online machine could send it: every ledger
/// method that moves ICP is in the totals with a labelled destination, a disbursement names its
/// destination in any form governance accepts, following on topic 0 is warned about, control
/// over a neuron is a control change, and a call sendable for hours is a signature others may
/// submit later.
@Suite struct ICPEffectsTests {
    let chain = ICPChain()
    let context = ReviewContext(now: ICPFixtures.now)
    static let destination = "345f723e9e619934daac6ae0f4be13a7b0ba57d6a608e511a00fd0ded5866752"

    func governance(_ command: String) throws -> Review {
        try ICPInterfaceReviewTests().review(
            ICPInterfaceReviewTests.governance, "manage_neuron", try ICPInterfaceReviewTests.manageNeuron(command))
    }

    @Test func sendDfxIsCountedLikeTransfer() throws {
        let send = ICPLedgerSend(
            ICPLedgerTransfer(
                to: try ICPAccountIdentifier(hex: Self.destination), amount: 150_000_000, fee: 10_000, memo: 7,
                fromSubaccount: nil, createdAtTime: nil))
        #expect(try ICPLedgerSend(candid: CandidDecoder().decode(send.argumentBytes())) == send)
        let request = try ICPFixtures.request([ICPFixtures.call(method: "send_dfx", arg: try send.argumentBytes())])
        let review = try chain.review(request, context: context)
        #expect(review.title == "ICP transfer (ledger send_dfx)")
        #expect(review.unknowns.isEmpty)
        #expect(review.totals.map(\.formatted) == ["1.5001 ICP"])
        #expect(
            review.effects.first
                == .outflow(
                    Outflow(
                        AssetAmount(asset: try #require(review.totals.first?.asset), amount: 150_010_000),
                        to: "\(Self.destination) (not in your contacts)")))
        // A destination whose CRC is wrong is refused, never shown as some other account.
        var bad = try send.argumentBytes()
        let hex = Array(Self.destination.utf8)
        if let at = bad.indices.first(where: { bad[$0...].starts(with: hex) }) {
            bad[at] = bad[at] == UInt8(ascii: "3") ? UInt8(ascii: "4") : UInt8(ascii: "3")
        }
        #expect(throws: (any Error).self) {
            try chain.review(
                try ICPFixtures.request([ICPFixtures.call(method: "send_dfx", arg: bad)]), context: context)
        }
    }

    /// A balance query sent as an update call is known to move nothing: no effect, no --blind.
    @Test func aBalanceQueryMovesNothing() throws {
        let review = try ICPInterfaceReviewTests().review(
            ICPLedger.icp.canister, "icrc1_balance_of",
            try CandidEncoder.encode([
                (
                    .record([("owner", .principal), ("subaccount", .opt(.blob))]),
                    .record([
                        CandidFieldValue("owner", .principal(ICPFixtures.sender)),
                        CandidFieldValue("subaccount", .opt(nil)),
                    ])
                )
            ]))
        #expect(review.unknowns.isEmpty)
        #expect(review.effects.isEmpty)
    }

    @Test func disburseToA28ByteHashIsLabelledAsTheAccount() throws {
        let account = try ICPAccountIdentifier(hex: Self.destination)
        let hash = account.bytes.dropFirst(4).map { String(format: "\\%02x", $0) }.joined()
        let review = try governance(
            "Disburse = record { to_account = opt record { hash = blob \"\(hash)\" }; amount = opt record { e8s = 200_000_000 } }"
        )
        #expect(review.unknowns.isEmpty)
        let outflow = try #require(review.effects.compactMap { if case let .outflow(o) = $0 { o } else { nil } }.first)
        #expect(outflow.to == "\(Self.destination) (not in your contacts) (given as its 28-byte hash)")
        #expect(outflow.from == "neuron 1234")
        #expect(review.totals.map(\.formatted) == ["2 ICP from neuron 1234"])
    }

    @Test func disburseOfTheWholeStakeSaysSo() throws {
        let review = try governance("Disburse = record { to_account = null; amount = null }")
        #expect(review.totals.map(\.formatted) == ["0 ICP + the whole stake of neuron 1234 from neuron 1234"])
    }

    @Test func followingOnTopicZeroIsTheCatchAll() throws {
        let review = try governance("Follow = record { topic = 0; followees = vec { record { id = 7 } } }")
        #expect(
            review.warnings.contains(
                "topic 0 is the catch-all: neuron 7 will decide neuron 1234's vote on every topic that has no followees of its own"
            ))
        #expect(review.effects.contains { if case .control = $0 { true } else { false } })
    }

    @Test func aHotKeyIsControlOverTheNeuron() throws {
        let review = try governance(
            "Configure = record { operation = opt variant { AddHotKey = record { new_hot_key = opt principal \"2vxsx-fae\" } } }"
        )
        #expect(
            review.effects == [
                .control(
                    ControlChange(
                        "adds a hot key of neuron 1234 (it may vote and follow for it)",
                        party: "2vxsx-fae (not in your contacts)", granted: true))
            ])
        let batch = BatchReview(
            [
                try ICPInterfaceReviewTests().request(
                    ICPInterfaceReviewTests.governance, "manage_neuron",
                    try ICPInterfaceReviewTests.manageNeuron(
                        "Configure = record { operation = opt variant { AddHotKey = record { new_hot_key = opt principal \"2vxsx-fae\" } } }"
                    ))
            ],
            registry: ChainRegistry([chain]), context: context, blind: .none)
        #expect(ReviewText.renderTotals(batch).hasPrefix("Batch: 1 request, all reviewed, 1 control change\n"))
    }

    @Test func aCallSendableForHoursIsASignatureOthersMaySubmit() throws {
        let hour: UInt64 = 3600 * 1_000_000_000
        let windows = (1...6).map { ICPFixtures.call(expiry: ICPFixtures.expiry + UInt64($0) * hour) }
        let review = try chain.review(try ICPFixtures.request(windows), context: context)
        #expect(review.effects.contains { if case .deferred = $0 { true } else { false } })
        #expect(review.warnings.contains { $0.hasPrefix("whoever holds these signatures can send the call until ") })
        // One window of a few minutes is not.
        let short = try chain.review(try ICPFixtures.request([ICPFixtures.call()]), context: context)
        #expect(!short.effects.contains { if case .deferred = $0 { true } else { false } })
    }
}
