/// What a signature lets happen, as a chain module derives it from the decoded request, before
/// any words are written. The batch summary, the totals per asset, the approval count and the
/// confirmation a request needs are computed from effects alone, so what the signer does not
/// recognise can never fall out of them: it is an `unknown` effect, counted and shown.
public enum Effect: Sendable, Equatable {
    /// Value leaves an account: the request's own, or another it acts for.
    case outflow(Outflow)
    /// A right for someone else to take value later (a token approval, a permit, an allowance).
    case allowance(Approval)
    /// Control over an account granted or removed (a proxy, a multisig, a delegate, a signer or
    /// threshold, a neuron's controller or hot key).
    case control(ControlChange)
    /// A signature someone else may submit later (a permit, a transfer authorization, a Soroban
    /// auth entry, an ICP message valid for hours, a bare 32-byte hash).
    case deferred(DeferredSignature)
    /// An offer others may take: what it may sell is counted as "up to" in the totals.
    case offer(StandingOffer)
    /// Something the signer cannot turn into the kinds above: a call, typed data or argument
    /// it does not understand. `what` says which, for the review and the confirmation.
    case unknown(what: String)
    /// What a party other than the requester states the call does, in words the signer
    /// verified came from it (an ICP canister's ICRC-21 consent message, certified by the IC):
    /// shown, but not counted in the totals, so the totals and the summary say they leave it
    /// out. `what` names the call and whose words describe it.
    case described(what: String)
}

/// Value leaving an account.
public struct Outflow: Sendable, Equatable {
    /// The asset and exact amount; `amount.unstated` names what leaves without a signed amount.
    public let amount: AssetAmount
    /// The account it leaves, labelled, when it is not the request's own account (a proxied
    /// account, a multisig, a derivative): totalled as that account's, not the signer's.
    public let from: String?
    /// Where it goes, labelled like every address (own / contact / not in your contacts); nil
    /// for fees and burns.
    public let to: String?

    public init(_ amount: AssetAmount, from: String? = nil, to: String? = nil) {
        self.amount = amount
        self.from = from
        self.to = to
    }
}

/// Control over an account granted or removed.
public struct ControlChange: Sendable, Equatable {
    /// What changes, as a phrase that starts with its verb ("grants a proxy of type Any over
    /// this account", "removes a hot key of neuron 12"); the party follows it.
    public let what: String
    /// Who gains or loses it, labelled; nil when the change names nobody (a threshold).
    public let party: String?
    /// Granted (true) or removed (false).
    public let granted: Bool

    public init(_ what: String, party: String?, granted: Bool) {
        self.what = what
        self.party = party
        self.granted = granted
    }
}

/// A signature that someone else may submit later.
public struct DeferredSignature: Sendable, Equatable {
    /// What is signed ("an EIP-3009 transfer authorization", "a Soroban auth entry").
    public let what: String
    /// Until when it can be submitted, in words ("ledger 51234567", "2026-12-01 10:00 UTC");
    /// nil when nothing in the signed bytes ends it.
    public let until: String?

    public init(_ what: String, until: String?) {
        self.what = what
        self.until = until
    }
}

/// An offer others may take.
public struct StandingOffer: Sendable, Equatable {
    /// The most it may sell: counted as "up to" in the totals.
    public let selling: AssetAmount
    /// What it buys and at what price, in words.
    public let buying: String

    public init(selling: AssetAmount, buying: String) {
        self.selling = AssetAmount(asset: selling.asset, amount: selling.amount, unstated: selling.unstated, upTo: true)
        self.buying = buying
    }
}

extension Effect {
    /// The value this effect moves out of an account, for the totals: outflows and what offers
    /// may sell.
    public var outgoing: AssetAmount? {
        switch self {
        case let .outflow(outflow):
            guard let from = outflow.from else { return outflow.amount }
            return AssetAmount(
                asset: outflow.amount.asset, amount: outflow.amount.amount, unstated: outflow.amount.unstated,
                upTo: outflow.amount.upTo, account: from)
        case let .offer(offer): return offer.selling
        default: return nil
        }
    }
}

extension [Effect] {
    /// What leaves, per asset (and per account when not the request's own), fees included.
    public var totals: [AssetAmount] { AssetAmount.totals(compactMap(\.outgoing)) }

    /// Every allowance granted, in order.
    public var approvals: [Approval] { compactMap { if case let .allowance(a) = $0 { a } else { nil } } }

    /// Every control change, in order.
    public var controlChanges: [ControlChange] { compactMap { if case let .control(c) = $0 { c } else { nil } } }

    /// Every signature others may submit later, in order.
    public var deferredSignatures: [DeferredSignature] {
        compactMap { if case let .deferred(d) = $0 { d } else { nil } }
    }

    /// Every offer, in order.
    public var offers: [StandingOffer] { compactMap { if case let .offer(o) = $0 { o } else { nil } } }

    /// The calls described in a third party's verified words instead of counted, in order.
    public var described: [String] { compactMap { if case let .described(what) = $0 { what } else { nil } } }

    /// What the signer does not understand, each said once, in order.
    public var unknowns: [String] {
        var seen: [String] = []
        for case let .unknown(what) in self where !seen.contains(what) { seen.append(what) }
        return seen
    }
}
