import AirsignMessages
import AirsignStellar
import Testing

/// What leaves another account than the signer's (an operation's own source, a transaction of
/// another source the signer co-signs) is totalled as that account's; an expired transaction
/// says so.
@Suite struct OtherAccountTests {
    typealias D = Danger

    @Test func operationsOfAnotherSourceAreTotalledAsItsOwn() throws {
        let envelope = try D.envelope([
            Operation(body: .payment(destination: try D.muxed(2), asset: .native, amount: 50_000_000)),
            Operation(
                source: try D.muxed(5),
                body: .payment(destination: try D.muxed(2), asset: try D.usd(), amount: 30_000_000)),
            Operation(source: try D.muxed(5), body: .accountMerge(destination: try D.muxed(2))),
        ])
        let review = try D.review(envelope)
        let usd = StellarChain.messageAsset(try D.usd(), network: "stellar:testnet", chain: D.T.module.chain)
        #expect(
            review.effects.contains(
                .outflow(
                    Outflow(AssetAmount(asset: usd, amount: 30_000_000), from: try D.labelled(5), to: try D.labelled(2))
                )))
        #expect(
            try D.summary(envelope) == """
                Batch: 1 request, all reviewed
                  total     5.00001 XLM on stellar stellar:testnet
                  total     0 XLM + the whole balance of the merged account from \(try D.labelled(5)) on stellar stellar:testnet
                  total     3 USD from \(try D.labelled(5)) on stellar stellar:testnet (USD:\(try D.account(9)))
                """)
        // Co-signing account 5's transaction: its fee and payments are account 5's, not the signer's.
        let cosigned = try D.envelope(
            [Operation(body: .payment(destination: try D.muxed(2), asset: .native, amount: 50_000_000))], source: 5)
        #expect(
            try D.summary(cosigned) == """
                Batch: 1 request, all reviewed
                  total     5.00001 XLM from \(try D.labelled(5)) on stellar stellar:testnet
                """)
    }

    @Test func anExpiredTransactionSaysSo() throws {
        let tx = try D.transaction(
            [Operation(body: .payment(destination: try D.muxed(2), asset: .native, amount: 1))], maxTime: 1_767_222_000)
        let text = try D.text(.v1(tx, signatures: []))
        #expect(
            text.contains(
                "  valid     from any time until 1767222000 (2025-12-31 23:00:00 UTC) (expired by the signer's clock)\n"
            ), "\(text)")
        #expect(
            text.contains(
                "  warning   the transaction expired at 1767222000 (2025-12-31 23:00:00 UTC); the network will refuse it\n"
            ), "\(text)")
        // One second before the signer's clock is expired; the clock itself is not.
        let review = try D.review(.v1(try D.transaction(tx.operations, maxTime: 1_767_225_599), signatures: []))
        #expect(review.warnings.contains { $0.hasPrefix("the transaction expired at 1767225599") })
        let current = try D.review(.v1(try D.transaction(tx.operations, maxTime: 1_767_225_600), signatures: []))
        #expect(!current.warnings.contains { $0.hasPrefix("the transaction expired") })
    }
}
