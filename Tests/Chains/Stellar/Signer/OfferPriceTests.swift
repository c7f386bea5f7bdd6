import AirsignMessages
import AirsignStellar
import BigInt
import Testing

/// Offers at a price that gives away what they sell (OfferPrice's rule: more than 1,000,000
/// units sold per unit bought), and a buy offer's most sold computed exactly at the extremes.
@Suite struct OfferPriceTests {
    typealias D = Danger

    @Test func aSellOfferForNearlyNothingIsWarned() throws {
        // 1000 XLM offered at 0.0000001 USD each: 10,000,000 XLM per USD.
        let offer = Offer(
            selling: .native, buying: try D.usd(), amount: 10_000_000_000, price: Price(n: 1, d: 10_000_000))
        let review = try D.review(try D.envelope([Operation(body: .manageSellOffer(offer))]))
        #expect(
            review.warnings.contains(
                "operation 1: the offer gives 10000000 XLM for every 1 USD (price 1/10000000), more than "
                    + "1,000,000 XLM per USD: it sells for nearly nothing unless one USD is worth that much; the signer cannot see market prices"
            ),
            "\(review.warnings)")
        // The same price on a passive offer is the same danger.
        let passive = try D.review(try D.envelope([Operation(body: .createPassiveSellOffer(offer))]))
        #expect(passive.warnings.contains { $0.hasPrefix("operation 1: the offer gives 10000000 XLM for every 1 USD") })
        #expect(
            try D.summary(try D.envelope([Operation(body: .manageSellOffer(offer))])) == """
                Batch: 1 request, all reviewed, 1 offer
                  total     up to 1000.00001 XLM on stellar stellar:testnet
                  offer     up to 1000 XLM for USD (issuer \(try D.account(9))) at 1/10000000 USD (issuer \(try D.account(9))) per unit sold
                """)
    }

    @Test func theLimitItselfAndDeletedOffersAreNotWarned() throws {
        let atLimit = Offer(selling: .native, buying: try D.usd(), amount: 10_000_000, price: Price(n: 1, d: 1_000_000))
        let deleted = Offer(
            selling: .native, buying: try D.usd(), amount: 0, price: Price(n: 1, d: Int32.max), offerID: 7)
        let review = try D.review(
            try D.envelope([Operation(body: .manageSellOffer(atLimit)), Operation(body: .manageSellOffer(deleted))]))
        #expect(!review.warnings.contains { $0.contains("the offer gives") }, "\(review.warnings)")
    }

    /// A buy offer of Int64.max stroops at Int32.max sold per unit bought sells at most their
    /// product (about 2^94 stroops): exact, no trap, and far past the warning's limit.
    @Test func aBuyOffersMostSoldDoesNotOverflow() throws {
        let offer = Offer(selling: .native, buying: try D.usd(), amount: Int64.max, price: Price(n: Int32.max, d: 1))
        let review = try D.review(try D.envelope([Operation(body: .manageBuyOffer(offer))]))
        let most = BigUInt(Int64.max) * BigUInt(Int32.max)
        #expect(most == BigUInt("19807040619342712359383728129"))
        #expect(review.effects.offers.map(\.selling.amount) == [most])
        #expect(review.effects.offers.first?.selling.formatted == "up to 1980704061934271235938.3728129 XLM")
        #expect(
            review.warnings.contains {
                $0.hasPrefix("operation 1: the offer gives 2147483647 XLM for every 1 USD (price 2147483647/1)")
            },
            "\(review.warnings)")
        // The other extreme rounds up to one stroop and gives nothing away.
        let tiny = Offer(selling: .native, buying: try D.usd(), amount: 1, price: Price(n: 1, d: Int32.max))
        let small = try D.review(try D.envelope([Operation(body: .manageBuyOffer(tiny))]))
        #expect(small.effects.offers.map(\.selling.amount) == [1])
        #expect(!small.warnings.contains { $0.contains("the offer gives") })
    }
}
