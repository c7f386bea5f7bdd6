import AirsignMessages
import AirsignStellar
import Testing

/// Path payments whose limit lets any price through (PathPaymentLimits' rules).
@Suite struct PathPaymentLimitTests {
    typealias D = Danger

    static func payment(
        send: AirsignStellar.Asset, _ sendAmount: Int64, receive: AirsignStellar.Asset, _ destAmount: Int64
    ) throws -> PathPayment {
        PathPayment(
            sendAsset: send, sendAmount: sendAmount, destination: try D.muxed(2), destAsset: receive,
            destAmount: destAmount,
            path: [try Asset.credit("EUR", issuer: try D.account(8).description)])
    }

    @Test func strictSendAcceptingOneStroop() throws {
        let op = Operation(
            body: .pathPaymentStrictSend(try Self.payment(send: .native, 1_000_000_000, receive: try D.usd(), 1)))
        let review = try D.review(try D.envelope([op]))
        #expect(
            review.warnings.contains(
                "operation 1: the path payment sends 100 XLM and accepts as little as 0.0000001 USD in return: "
                    + "it accepts any price: a front-runner can take nearly everything"), "\(review.warnings)")
        // The destination is labelled in the outflow.
        #expect(
            review.effects.contains(
                .outflow(
                    Outflow(
                        AssetAmount(
                            asset: StellarChain.messageAsset(
                                .native, network: "stellar:testnet", chain: D.T.module.chain), amount: 1_000_000_000),
                        to: try D.labelled(2)))))
    }

    @Test func sameAssetRoundTripsLosingMoreThanHalf() throws {
        let usd = try D.usd()
        let send = try D.review(
            try D.envelope([
                Operation(
                    body: .pathPaymentStrictSend(try Self.payment(send: usd, 100_000_000, receive: usd, 49_999_999)))
            ]))
        #expect(
            send.warnings.contains(
                "operation 1: the path payment sends 10 USD and accepts as little as 4.9999999 USD of the same "
                    + "asset: more than half may be lost on the way, and a front-runner can take it"),
            "\(send.warnings)")
        let receive = try D.review(
            try D.envelope([
                Operation(
                    body: .pathPaymentStrictReceive(try Self.payment(send: usd, 200_000_001, receive: usd, 100_000_000))
                )
            ]))
        #expect(
            receive.warnings.contains(
                "operation 1: the path payment may send up to 20.0000001 USD for 10 USD of the same asset: "
                    + "more than twice what arrives, and a front-runner can take the difference"), "\(receive.warnings)"
        )
        // At exactly half (and twice) nothing is said. Across two assets the signer cannot know
        // the market rate, so only an absurd send maximum is warned of (StrictReceiveLimitsTests).
        let fine = try D.review(
            try D.envelope([
                Operation(
                    body: .pathPaymentStrictSend(try Self.payment(send: usd, 100_000_000, receive: usd, 50_000_000))),
                Operation(
                    body: .pathPaymentStrictReceive(try Self.payment(send: usd, 200_000_000, receive: usd, 100_000_000))
                ),
            ]))
        #expect(
            !fine.warnings.contains { $0.contains("path payment") || $0.contains("strict-receive") }, "\(fine.warnings)"
        )
    }
}
