import AirsignMessages
import BigInt

extension StellarChain {
    /// What signing the transaction lets happen: what leaves its source accounts and the
    /// accounts its token calls move (`outflows`), the allowances its token calls grant (over
    /// another account's holdings named as that account's), its offers (what they may sell), the signers and
    /// thresholds it changes, the reserves it sponsors, the authorization entries signed with it
    /// (which anyone holding them may submit until their last ledger), and what its contract
    /// calls do that the signer cannot read.
    static func effects(
        _ envelope: TransactionEnvelope, summary: StellarReview, signer: [UInt8], network: String,
        context: ReviewContext,
        chain: StellarChain
    ) -> [Effect] {
        var effects: [Effect] = outflows(
            envelope, summary: summary, signer: signer, network: network, context: context, chain: chain
        )
        .map { .outflow($0) }
        effects += approvals(summary.movements, signer: signer, context: context, chain: chain).map { .allowance($0) }
        let tx = envelope.transaction
        for operation in tx.operations {
            switch operation.body {
            case .manageSellOffer(let offer), .createPassiveSellOffer(let offer):
                guard offer.amount > 0 else { continue }  // 0 deletes the offer
                effects.append(
                    .offer(
                        StandingOffer(
                            selling: AssetAmount(
                                asset: messageAsset(offer.selling, network: network, chain: chain.chain),
                                amount: BigUInt(offer.amount)),
                            buying: "\(offer.buying) at \(offer.price.n)/\(offer.price.d) \(offer.buying) per unit sold"
                        )))
            case .manageBuyOffer(let offer):
                if let most = buyOffer(offer, network: network, chain: chain.chain) { effects.append(.offer(most)) }
            case .setOptions(let options):
                let account = chain.describe((operation.source ?? tx.source).accountID.description, in: context)
                if let added = options.signer {
                    effects.append(
                        .control(
                            ControlChange(
                                added.weight > 0
                                    ? "gives signing weight \(added.weight) over \(account)"
                                    : "removes a signer of \(account)", party: added.key.description,
                                granted: added.weight > 0)))
                }
                if options.masterWeight != nil || options.lowThreshold != nil || options.medThreshold != nil
                    || options.highThreshold != nil
                {
                    effects.append(
                        .control(
                            ControlChange(
                                "changes the master key weight or thresholds of \(account)", party: nil, granted: true))
                    )
                }
            default:
                break
            }
        }
        effects += Sponsorship.effects(tx, signer: signer, network: network, chain: chain, context: context).map {
            .outflow($0)
        }
        effects += summary.authorizations.map {
            .deferred(
                DeferredSignature(
                    "Soroban authorization entry \($0.entry + 1) of operation \($0.operation + 1)",
                    until: "ledger \($0.expirationLedger)"))
        }
        effects += summary.unknowns.map { .unknown(what: $0) }
        return effects
    }

    /// A buy offer as what it may sell: buying `amount` at price n/d (selling per unit bought)
    /// sells at most ⌈amount × n / d⌉. Both factors reach 2^63 and 2^31, so the product is
    /// computed in BigUInt: it can exceed any Int64 (and any balance), and is shown exactly.
    static func buyOffer(_ offer: Offer, network: String, chain: ChainID) -> StandingOffer? {
        guard offer.amount > 0, offer.price.d > 0 else { return nil }
        let most =
            (BigUInt(offer.amount) * BigUInt(max(0, offer.price.n)) + BigUInt(offer.price.d) - 1)
            / BigUInt(offer.price.d)
        return StandingOffer(
            selling: AssetAmount(asset: messageAsset(offer.selling, network: network, chain: chain), amount: most),
            buying: "\(AmountFormat.decimal(BigUInt(offer.amount), decimals: 7)) \(offer.buying)")
    }

    /// What the transaction sends out of its source accounts: the fee (from the fee source) and
    /// every amount a payment, path payment (its maximum; "up to" it for a strict receive), new
    /// account, claimable balance or pool deposit (its maximum) moves, each from the operation's
    /// own source account, and what its contract calls transfer or burn from any account whose
    /// authorizer the transaction names (`tokenOutflows`). An amount that leaves another account
    /// than the request's is labelled with that account (`from`), so the totals keep it apart
    /// from the signer's own; every destination is labelled (`to`).
    package static func outflows(
        _ envelope: TransactionEnvelope, summary: StellarReview, signer: [UInt8], network: String,
        context: ReviewContext, chain: StellarChain
    ) -> [Outflow] {
        func asset(_ a: Asset) -> AirsignMessages.Asset { messageAsset(a, network: network, chain: chain.chain) }
        func label(_ account: MuxedAccount) -> String { chain.describe(account.accountID.description, in: context) }
        /// Nil for the signer's own account: totalled as the request's.
        func from(_ account: MuxedAccount) -> String? { account.accountID.publicKey == signer ? nil : label(account) }
        let tx = envelope.transaction
        let (fee, payer): (Int64, MuxedAccount)
        switch envelope {
        case .feeBump(let bump, _): (fee, payer) = (bump.fee, bump.feeSource)
        default: (fee, payer) = (Int64(tx.fee), tx.source)
        }
        var out = [Outflow(AssetAmount(asset: asset(.native), amount: BigUInt(max(0, fee))), from: from(payer))]
        for operation in tx.operations {
            let source = operation.source ?? tx.source
            // The review has refused negative amounts already; max keeps BigUInt's init safe.
            func moved(_ a: Asset, _ amount: Int64, to: String?, upTo: Bool = false) {
                out.append(
                    Outflow(
                        AssetAmount(asset: asset(a), amount: BigUInt(max(0, amount)), upTo: upTo), from: from(source),
                        to: to))
            }
            switch operation.body {
            case .accountMerge(let destination):
                // The merged balance is whatever the account holds when it applies: no signed
                // byte states it, so the total names it rather than counting it as 0.
                out.append(
                    Outflow(
                        AssetAmount(
                            asset: asset(.native), amount: 0, unstated: ["the whole balance of the merged account"]),
                        from: from(source), to: label(destination)))
            case let .createAccount(destination, balance):
                moved(.native, balance, to: chain.describe(destination.description, in: context))
            case let .payment(destination, a, amount): moved(a, amount, to: label(destination))
            // Strict receive: the send maximum is a most, which the path's prices decide.
            case .pathPaymentStrictReceive(let p):
                moved(p.sendAsset, p.sendAmount, to: label(p.destination), upTo: true)
            case .pathPaymentStrictSend(let p): moved(p.sendAsset, p.sendAmount, to: label(p.destination))
            case let .createClaimableBalance(a, amount, claimants):
                // The first claimant to claim takes it: one destination only when there is one claimant.
                moved(
                    a, amount,
                    to: claimants.count == 1
                        ? claimants.first.map { chain.describe($0.destination.description, in: context) } : nil)
            default: break
            }
        }
        for deposit in summary.poolDeposits {
            // A pool whose assets the request does not name: the most of each still leaves.
            let pool = SCAddress.liquidityPool(deposit.poolID).description
            func side(_ known: Asset?, _ which: String) -> AirsignMessages.Asset {
                known.map(asset)
                    ?? AirsignMessages.Asset(
                        chain: chain.chain, network: network, id: "\(pool):\(which)",
                        symbol: "of asset \(which) of pool \(pool)", decimals: 7)
            }
            out.append(
                Outflow(
                    AssetAmount(asset: side(deposit.assets?.a, "A"), amount: BigUInt(max(0, deposit.maxA))),
                    from: from(deposit.source), to: pool))
            out.append(
                Outflow(
                    AssetAmount(asset: side(deposit.assets?.b, "B"), amount: BigUInt(max(0, deposit.maxB))),
                    from: from(deposit.source), to: pool))
        }
        // Every token call of the transaction that moves what an account holds: the signer's
        // own, and another's (the Soroban operation's source, whose signature covers its
        // source-account entries, or an address with an entry of its own) as that account's.
        return out + tokenOutflows(summary.movements, signer: signer, network: network, context: context, chain: chain)
    }

    /// An asset as the batch totals count it: XLM, or `CODE:ISSUER` with 7 decimals.
    package static func messageAsset(_ asset: Asset, network: String, chain: ChainID) -> AirsignMessages.Asset {
        switch asset {
        case .native: return AirsignMessages.Asset(chain: chain, network: network, symbol: "XLM", decimals: 7)
        case let .credit(code, issuer):
            return AirsignMessages.Asset(
                chain: chain, network: network, id: "\(code):\(issuer)", symbol: code.description, decimals: 7)
        }
    }

    /// What token transfers and burns send out of an account, per call, to the labelled
    /// destination: out of the signing account as the request's own; out of another account
    /// whose authorizer the signed bytes name (`TokenMovement.authority`) labelled as that
    /// account (`from`), so the totals keep it apart. A call on another account that nobody in
    /// the signed bytes authorizes is an unknown effect instead (`TokenApprovals.unknownEffect`).
    static func tokenOutflows(
        _ movements: [TokenMovement], signer: [UInt8], network: String,
        context: ReviewContext, chain: StellarChain
    ) -> [Outflow] {
        movements.compactMap { movement -> Outflow? in
            let own = movement.from.accountKey == signer
            guard movement.spender == nil, movement.amount.sign == .plus,
                own || movement.isOtherAccounts(signer: signer)
            else { return nil }
            let token = movement.token
            // A Stellar Asset Contract moves the classic asset itself: it counts with its payments.
            let asset =
                token.asset.map { messageAsset($0, network: network, chain: chain.chain) }
                ?? AirsignMessages.Asset(
                    chain: chain.chain, network: network, id: SCAddress.contract(token.contract).description,
                    symbol: token.symbol, decimals: token.decimals)
            return Outflow(
                AssetAmount(asset: asset, amount: movement.amount.magnitude),
                from: own ? nil : chain.describe(movement.from.holder, in: context),
                to: movement.to.map { chain.describe($0.description, in: context) })
        }
    }

    /// The allowances token `approve` calls grant, each until its expiration ledger;
    /// "Unlimited" by `TokenApprovals.isUnlimited`. One granted over what another account holds
    /// names that account in its asset ("XLM (C…) held by G… (label)"): `Approval` has no
    /// owner field.
    static func approvals(_ movements: [TokenMovement], signer: [UInt8], context: ReviewContext, chain: StellarChain)
        -> [Approval]
    {
        movements.compactMap { movement in
            let own = movement.from.accountKey == signer
            guard let spender = movement.spender, own || movement.isOtherAccounts(signer: signer) else { return nil }
            let token = movement.token
            let unlimited = TokenApprovals.isUnlimited(movement)
            let holder = own ? "" : " held by \(chain.describe(movement.from.holder, in: context))"
            return Approval(
                asset: "\(token.symbol) (\(SCAddress.contract(token.contract)))" + holder,
                spender: chain.describe(spender.description, in: context),
                allowance: unlimited
                    ? "Unlimited" : AmountFormat.decimal(movement.amount.magnitude, decimals: token.decimals),
                isUnlimited: unlimited, expiry: movement.expirationLedger.map { "ledger \($0)" })
        }
    }
}
