/// The warnings of path payments whose limit lets nearly any price through.
///
/// A path payment crosses offers and pools at whatever prices they hold when it applies; its
/// only protection is its limit (strict send: the least the destination must receive; strict
/// receive: the most it may send). Someone who sees the transaction before it applies can move
/// the prices on its path up to that limit and keep the difference. The signer cannot know
/// market prices offline, so it warns only where the limit itself gives everything away:
/// - strict send with a destination minimum of 1 stroop: any price is accepted;
/// - the same asset sent and received (a round trip through other assets) where more than
///   half may be lost: strict send receiving less than half of what it sends, strict receive
///   sending more than twice what arrives;
/// - strict receive across two different assets whose send maximum is more than 1,000,000
///   units per unit that arrives (`OfferPrice.limit`, the offers' rule: both count in units of
///   10^-7): the signer cannot check that price, and the path may take all of the maximum.
/// A strict receive's send maximum is counted "up to" in the totals (`StellarChain.outflows`).
enum PathPaymentLimits {
    /// The warning for operation `index` (0-based), or nil.
    static func warning(_ body: OperationBody, index: Int) -> String? {
        switch body {
        case .pathPaymentStrictSend(let p):
            let sent = "\(StellarAmount.format(p.sendAmount)) \(OfferPrice.symbol(p.sendAsset))"
            let least = "\(StellarAmount.format(p.destAmount)) \(OfferPrice.symbol(p.destAsset))"
            if p.destAmount <= 1 {
                return
                    "operation \(index + 1): the path payment sends \(sent) and accepts as little as \(least) in return: it accepts "
                    + "any price: a front-runner can take nearly everything"
            }
            // Both are positive (the review refused others), so the subtraction cannot overflow.
            if p.sendAsset == p.destAsset, p.sendAmount - p.destAmount > p.destAmount {
                return
                    "operation \(index + 1): the path payment sends \(sent) and accepts as little as \(least) of the same asset: "
                    + "more than half may be lost on the way, and a front-runner can take it"
            }
        case .pathPaymentStrictReceive(let p):
            let most = "\(StellarAmount.format(p.sendAmount)) \(OfferPrice.symbol(p.sendAsset))"
            let arrives = "\(StellarAmount.format(p.destAmount)) \(OfferPrice.symbol(p.destAsset))"
            if p.sendAsset == p.destAsset, p.sendAmount - p.destAmount > p.destAmount {
                return "operation \(index + 1): the path payment may send up to \(most) for \(arrives) "
                    + "of the same asset: more than twice what arrives, and a front-runner can take the difference"
            }
            // Int64.max × 1,000,000 overflows: no send maximum (an Int64) can exceed it.
            let (mark, overflow) = OfferPrice.limit.multipliedReportingOverflow(by: p.destAmount)
            if p.sendAsset != p.destAsset, !overflow, p.sendAmount > mark {
                // Two assets of one code (different issuers) are told apart by their issuers.
                let sameCode = OfferPrice.symbol(p.sendAsset) == OfferPrice.symbol(p.destAsset)
                let (sent, received) =
                    sameCode
                    ? ("\(p.sendAsset)", "\(p.destAsset)")
                    : (OfferPrice.symbol(p.sendAsset), OfferPrice.symbol(p.destAsset))
                return
                    "operation \(index + 1): the strict-receive payment may send up to \(most) for \(arrives), more than "
                    + "1,000,000 \(sent) per \(received): the signer cannot check the price of two different assets, so all "
                    + "\(most) may leave, and a front-runner can take what the path does not need"
            }
        default:
            break
        }
        return nil
    }
}
