/// The warning of an offer whose price gives away what it sells for (nearly) nothing.
///
/// The signer is offline: it cannot know what either asset is worth, so it cannot judge a
/// price against the market. The rule looks at the price alone: an offer that gives more than
/// 1,000,000 units of what it sells for one unit of what it buys is warned about (both assets
/// count in units of 10^-7, so the ratio of units is the signed price n/d itself). A fat finger
/// (a price of 0.0000001 meant as 10) or a request crafted to empty the account into the
/// requester's own offer looks like this; a real market where one unit of the bought asset is
/// worth a million of the sold one (a penny token for bitcoin) is rare, and then the person
/// reads the warning and signs. A warning, not a refusal.
enum OfferPrice {
    /// Units sold per unit bought above which the price is warned about.
    static let limit: Int64 = 1_000_000

    /// The warning for operation `index` (0-based), or nil.
    static func warning(_ body: OperationBody, index: Int) -> String? {
        let offer: Offer
        // Units sold per unit bought, as a fraction `sold / bought` of two positive Int32s.
        let sold: Int64, bought: Int64
        switch body {
        case .manageSellOffer(let o), .createPassiveSellOffer(let o):
            // A sell offer's price is buying per unit sold: n/d bought per unit sold.
            (offer, sold, bought) = (o, Int64(o.price.d), Int64(o.price.n))
        case .manageBuyOffer(let o):
            // A buy offer's price is selling per unit bought: n/d sold per unit bought.
            (offer, sold, bought) = (o, Int64(o.price.n), Int64(o.price.d))
        default:
            return nil
        }
        // A deleted offer (amount 0) sells nothing; a price that is not positive is refused by
        // the network. Int32 × 1,000,000 fits an Int64.
        guard offer.amount > 0, sold > 0, bought > 0, sold > limit * bought else { return nil }
        let selling = symbol(offer.selling), buying = symbol(offer.buying)
        return
            "operation \(index + 1): the offer gives \(sold) \(selling) for every \(bought) \(buying) (price \(offer.price)), more "
            + "than 1,000,000 \(selling) per \(buying): it sells for nearly nothing unless one \(buying) is worth that much; "
            + "the signer cannot see market prices"
    }

    /// `XLM`, or an asset's code (the issuer is on the operation's line).
    static func symbol(_ asset: Asset) -> String {
        switch asset {
        case .native: return "XLM"
        case .credit(let code, _): return code.description
        }
    }
}
