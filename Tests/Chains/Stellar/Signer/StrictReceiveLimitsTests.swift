import AirsignMessages
import AirsignStellar
import Testing

/// Strict receive path payments as a requester could craft them: the send maximum counts "up
/// to" in the totals, and across two assets a maximum of more than 1,000,000 units per unit
/// that arrives is warned of (PathPaymentLimits; the same asset keeps its rule of twice).
@Suite struct StrictReceiveLimitsTests {
    typealias D = Danger
    typealias P = PathPaymentLimitTests

    static func receive(
        send: AirsignStellar.Asset, _ sendMax: Int64, receive: AirsignStellar.Asset, _ destAmount: Int64
    ) throws -> TransactionEnvelope {
        try D.envelope([
            Operation(body: .pathPaymentStrictReceive(try P.payment(send: send, sendMax, receive: receive, destAmount)))
        ])
    }

    @Test func aSendMaximumFarAboveWhatArrivesAcrossAssets() throws {
        let envelope = try Self.receive(send: .native, 10_000_000_000, receive: try D.usd(), 1)
        let review = try D.review(envelope)
        #expect(
            review.warnings.contains(
                "operation 1: the strict-receive payment may send up to 1000 XLM for 0.0000001 USD, more than "
                    + "1,000,000 XLM per USD: the signer cannot check the price of two different assets, so all 1000 XLM may leave, and a "
                    + "front-runner can take what the path does not need"), "\(review.warnings)")
        let xlm = StellarChain.messageAsset(.native, network: "stellar:testnet", chain: D.T.module.chain)
        #expect(
            review.effects.contains(
                .outflow(Outflow(AssetAmount(asset: xlm, amount: 10_000_000_000, upTo: true), to: try D.labelled(2)))),
            "\(review.effects)")
        #expect(
            try D.summary(envelope) == """
                Batch: 1 request, all reviewed
                  total     up to 1000.00001 XLM on stellar stellar:testnet
                """)
    }

    /// 1,000,000 units per unit is the mark: at it nothing is said, one stroop above it warns.
    /// No destination amount can overflow the rule.
    @Test func theMarkIsAMillionUnitsPerUnit() throws {
        let usd = try D.usd()
        let at = try D.review(try Self.receive(send: .native, 3_000_000, receive: usd, 3))
        #expect(!at.warnings.contains { $0.contains("strict-receive") }, "\(at.warnings)")
        let above = try D.review(try Self.receive(send: .native, 3_000_001, receive: usd, 3))
        #expect(
            above.warnings.contains {
                $0.hasPrefix("operation 1: the strict-receive payment may send up to 0.3000001 XLM for 0.0000003 USD,")
            })
        let widest = try D.review(try Self.receive(send: usd, Int64.max, receive: .native, Int64.max))
        #expect(!widest.warnings.contains { $0.contains("strict-receive") })
        let any = try D.review(try Self.receive(send: usd, Int64.max, receive: .native, 1))
        #expect(
            any.warnings.contains {
                $0.hasPrefix(
                    "operation 1: the strict-receive payment may send up to 922337203685.4775807 USD for 0.0000001 XLM")
            })
    }

    /// Two assets of one code are told apart by their issuers in the price.
    @Test func twoAssetsOfOneCode() throws {
        let (ours, theirs) = (try D.usd(), try Asset.credit("USD", issuer: try D.account(8).description))
        let review = try D.review(try Self.receive(send: ours, 20_000_000, receive: theirs, 1))
        #expect(
            review.warnings.contains(
                "operation 1: the strict-receive payment may send up to 2 USD for 0.0000001 USD, more than 1,000,000 "
                    + "\(ours) per \(theirs): the signer cannot check the price of two different assets, so all 2 USD may leave, and a front-runner "
                    + "can take what the path does not need"), "\(review.warnings)")
    }

    /// The same asset keeps its rule (more than twice what arrives) and its total is "up to".
    @Test func theSameAssetKeepsItsRule() throws {
        let usd = try D.usd()
        let envelope = try Self.receive(send: usd, 200_000_001, receive: usd, 100_000_000)
        let review = try D.review(envelope)
        #expect(
            review.warnings.filter { $0.contains("may send up to") } == [
                "operation 1: the path payment may send up to 20.0000001 USD for 10 USD of the same asset: more than twice what arrives, and a "
                    + "front-runner can take the difference"
            ])
        #expect(
            try D.summary(envelope) == """
                Batch: 1 request, all reviewed
                  total     0.00001 XLM on stellar stellar:testnet
                  total     up to 20.0000001 USD on stellar stellar:testnet (USD:\(try D.account(9)))
                """)
    }
}
