import AirsignMessages
import AirsignStellar
import Testing

/// Reserve sponsorship: the sponsor's XLM locked for another account's entries (an outflow of
/// unstated amount, to the sponsored account), and revocations.
@Suite struct SponsorshipTests {
    typealias D = Danger

    @Test func sponsoringAStrangersReservesIsAnOutflowAndAWarning() throws {
        let stranger = try D.account(3)
        let envelope = try D.envelope([
            Operation(body: .beginSponsoringFutureReserves(sponsored: stranger)),
            Operation(source: try D.muxed(3), body: .changeTrust(line: .asset(try D.usd()), limit: Int64.max)),
            Operation(source: try D.muxed(3), body: .endSponsoringFutureReserves),
        ])
        let review = try D.review(envelope)
        #expect(
            review.warnings.contains(
                "operation 1: \(try D.labelled(1)) pays the base reserves (0.5 XLM each, locked while the entry "
                    + "lives) of every ledger entry \(try D.labelled(3)) creates until that account ends the sponsorship in this transaction; "
                    + "they come back only when the entries are removed or the sponsorship is revoked"),
            "\(review.warnings)")
        let xlm = StellarChain.messageAsset(.native, network: "stellar:testnet", chain: D.T.module.chain)
        #expect(
            review.effects.contains(
                .outflow(
                    Outflow(
                        AssetAmount(
                            asset: xlm, amount: 0,
                            unstated: [
                                "the base reserves of the entries "
                                    + "\(stranger) creates while sponsored"
                            ]), to: try D.labelled(3)))))
        // The summary never says nothing leaves: the reserves are named beside the fee.
        #expect(
            try D.summary(envelope) == """
                Batch: 1 request, all reviewed
                  total     0.00001 XLM + the base reserves of the entries \(stranger) creates while sponsored on stellar stellar:testnet
                """)
    }

    @Test func revokingAnEntrysSponsorshipIsWarned() throws {
        let key = LedgerKey.trustLine(account: try D.account(3), asset: .asset(try D.usd()))
        let review = try D.review(try D.envelope([Operation(body: .revokeSponsorship(.ledgerEntry(key)))]))
        #expect(
            review.warnings.contains(
                "operation 1: the sponsorship of \(key) is revoked: its base reserve moves from the sponsor to "
                    + "the entry's owner (or to the sponsor of an open sponsoring block); the operation fails if the owner cannot pay it"
            ),
            "\(review.warnings)")
    }
}
