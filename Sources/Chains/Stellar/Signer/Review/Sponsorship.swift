import AirsignMessages

/// Reserve sponsorship (CAP-33): what `beginSponsoringFutureReserves` and `revokeSponsorship`
/// let happen.
///
/// Every ledger entry (an account, trust line, offer, data entry, signer, claimable balance)
/// locks a base reserve (0.5 XLM today) in some account's balance. Between
/// `beginSponsoringFutureReserves(sponsored)` and the sponsored account's
/// `endSponsoringFutureReserves`, the reserves of the entries the sponsored account creates are
/// locked in the sponsor's balance instead, for as long as those entries live: the sponsor can
/// take them back only by revoking the sponsorship, which the network allows only when the
/// owner can then pay the reserve itself. So sponsoring is counted as an outflow of XLM from the
/// sponsor to the sponsored account, not as control (nobody gains a say over an account): XLM
/// the sponsor can no longer spend, whose amount no signed byte states (how many entries the
/// sponsored operations create depends on the ledger: an offer may fill at once and create
/// none), so the total names it, and the summary never says nothing leaves.
enum Sponsorship {
    /// The unstated part of the total: the reserves `sponsored` makes the sponsor lock.
    static func unstated(_ sponsored: AccountID) -> String {
        "the base reserves of the entries \(sponsored) creates while sponsored"
    }

    /// One outflow of XLM per begin-sponsoring operation, from its source (the sponsor) to the
    /// sponsored account.
    static func effects(
        _ tx: Transaction, signer: [UInt8], network: String, chain: StellarChain, context: ReviewContext
    ) -> [Outflow] {
        tx.operations.compactMap { operation in
            guard case .beginSponsoringFutureReserves(let sponsored) = operation.body else { return nil }
            let sponsor = (operation.source ?? tx.source).accountID
            let xlm = StellarChain.messageAsset(.native, network: network, chain: chain.chain)
            return Outflow(
                AssetAmount(asset: xlm, amount: 0, unstated: [unstated(sponsored)]),
                from: sponsor.publicKey == signer ? nil : chain.describe(sponsor.description, in: context),
                to: chain.describe(sponsored.description, in: context))
        }
    }

    /// The warnings of begin-sponsoring and of revoking a ledger entry's sponsorship (a signer's
    /// is `AccountControl`'s), in operation order; `label` labels an account.
    static func warnings(_ tx: Transaction, label: (String) -> String) -> [String] {
        tx.operations.enumerated().compactMap { index, operation in
            switch operation.body {
            case .beginSponsoringFutureReserves(let sponsored):
                let sponsor = (operation.source ?? tx.source).accountID.description
                return
                    "operation \(index + 1): \(label(sponsor)) pays the base reserves (0.5 XLM each, locked while the entry lives) "
                    + "of every ledger entry \(label(sponsored.description)) creates until that account ends the sponsorship in this "
                    + "transaction; they come back only when the entries are removed or the sponsorship is revoked"
            case .revokeSponsorship(.ledgerEntry(let key)):
                return
                    "operation \(index + 1): the sponsorship of \(key) is revoked: its base reserve moves from the sponsor to the "
                    + "entry's owner (or to the sponsor of an open sponsoring block); the operation fails if the owner cannot pay it"
            default:
                return nil
            }
        }
    }
}
