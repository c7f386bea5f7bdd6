import AirsignCrypto
import AirsignEncoding
import AirsignMessages

/// What the signer shows before asking for a PIN, derived from the decoded envelope alone:
/// every field in words, amounts exact, addresses as StrKeys, the network named. A plain value
/// with no pipeline dependency; `lines` renders it.
public struct StellarReview: Sendable, Equatable {
    /// One signature already on the envelope.
    public struct Signature: Sendable, Hashable {
        /// The 4-byte hint, hex.
        public let hint: String
        /// The account whose valid signature this is, when a candidate key (transaction, fee or
        /// operation source, or a key the caller knows) matches the hint and verifies.
        public let signer: String?

        public init(hint: String, signer: String?) { (self.hint, self.signer) = (hint, signer) }
    }

    /// The network named (public, testnet, futurenet or the quoted passphrase).
    public let network: String
    /// `transaction`, `legacy v0 transaction` or `fee bump`.
    public let kind: String
    /// The transaction's source as a StrKey (`M…` when muxed) and its parts.
    public let source: String
    public let sourceAccount: String
    public let sourceMuxedID: UInt64?
    /// Maximum fee, e.g. `200 stroops (0.00002 XLM)`.
    public let fee: String
    public let sequence: Int64
    public let memo: String
    /// `none`, or the bounds with UTC dates.
    public let timeBounds: String
    /// Ledger bounds, minimum sequence, extra signers… (CAP-21), one line each.
    public let otherPreconditions: [String]
    /// Each operation in words, with its own source when it has one.
    public let operations: [String]
    /// Per operation, what its one line cannot hold: a contract call's contract, function,
    /// arguments and authorizations (levels from 1, under the operation).
    public let operationDetails: [[ReviewLine]]
    /// For a Soroban transaction: the fee split, resources and footprint.
    public let soroban: [ReviewLine]
    /// The Soroban authorizations the request's key signs with the transaction, in order.
    public let authorizations: [AuthorizationToSign]
    /// Soroban warnings (an authorization another address still has to sign).
    public let sorobanWarnings: [String]
    /// Token amounts the transaction's contract calls move or allow.
    let movements: [TokenMovement]
    /// What the transaction's contract calls do that the signer cannot read.
    let unknowns: [String]
    /// Deposits into pools: the most of each asset.
    let poolDeposits: [PoolDeposit]
    /// For a fee bump: the fee source and total fee; the inner transaction fills the other fields.
    public let feeBump: String?
    /// Signatures on the inner transaction of a fee bump.
    public let innerSignatures: [Signature]
    public let signatures: [Signature]
    /// The transaction hash (of the fee bump itself for a fee bump), hex.
    public let hash: String

    /// The review as text lines for a terminal.
    public var lines: [String] {
        var out = ["Stellar \(kind) on network \(network)"]
        if let feeBump { out.append("Fee bump: \(feeBump)") }
        out.append("Source: \(source)" + (sourceMuxedID.map { " (account \(sourceAccount), muxed id \($0))" } ?? ""))
        out.append("Fee: \(fee)")
        out.append("Sequence: \(sequence)")
        out.append("Memo: \(memo)")
        out.append("Valid: \(timeBounds)")
        out += otherPreconditions.map { "Precondition: \($0)" }
        for (i, op) in operations.enumerated() {
            out.append("Operation \(i + 1) of \(operations.count): \(op)")
            out += operationDetails[i].map { String(repeating: "  ", count: $0.level) + "\($0.label): \($0.value)" }
        }
        out += soroban.map { String(repeating: "  ", count: $0.level) + "\($0.label): \($0.value)" }
        for s in innerSignatures { out.append("Inner signature: hint \(s.hint) — \(s.signer ?? "unknown signer")") }
        for s in signatures { out.append("Signature: hint \(s.hint) — \(s.signer ?? "unknown signer")") }
        out.append("Transaction hash: \(hash)")
        return out
    }
}

extension TransactionEnvelope {
    /// The review of this envelope on `network`. Refuses amounts the protocol forbids (zero or
    /// negative payments and the like), naming the operation. `knownSigners` are extra public
    /// keys to attribute existing signatures to (besides the sources in the transaction);
    /// `context` labels addresses and names contracts and pools.
    public func review(
        network: StellarNetwork, knownSigners: [[UInt8]] = [],
        context: StellarReviewContext = StellarReviewContext()
    ) throws(StellarError) -> StellarReview {
        let tx: Transaction
        let kind: String
        var feeBump: String?
        var inner: [StellarReview.Signature] = []
        var candidates = knownSigners
        switch self {
        case .v0(let t, _): (tx, kind) = (t.asTransaction, "legacy v0 transaction")
        case .v1(let t, _): (tx, kind) = (t, "transaction")
        case .feeBump(let fb, _):
            (tx, kind) = (fb.innerTransaction, "fee bump")
            feeBump = "\(fb.feeSource) pays up to \(stroops(fb.fee))"
            candidates.append(fb.feeSource.publicKey)
            let innerEnvelope = TransactionEnvelope.v1(fb.innerTransaction, signatures: fb.innerSignatures)
            inner = try innerEnvelope.attribute(
                fb.innerSignatures, candidates: candidates + sources(of: tx), network: network)
        }
        candidates += sources(of: tx)
        let knowledge = try StellarKnowledge(tx, network: network, context: context)
        let soroban = try sorobanTransactionLines(tx, knowledge: knowledge)
        var operations: [String] = []
        var details: [[ReviewLine]] = []
        var authorizations: [AuthorizationToSign] = []
        var movements: [TokenMovement] = []
        var unknowns: [String] = []
        var warnings: [String] = []
        for (i, op) in tx.operations.enumerated() {
            do {
                var text: String
                var lines: [ReviewLine] = []
                if op.body.isSoroban {
                    let review = try SorobanOperationReview(op, index: i, tx: tx, knowledge: knowledge)
                    (text, lines) = (review.summary, review.lines)
                    authorizations += review.toSign
                    movements += review.movements
                    unknowns += review.unknowns
                    warnings += review.warnings
                } else {
                    text = try describe(op.body, knowledge)
                }
                if let s = op.source { text += " [source \(account(s))]" }
                operations.append(text)
                details.append(lines)
            } catch { throw .inOperation(index: i, error) }
        }
        // Adding authorization signatures changes the transaction, so signatures made over it
        // before would no longer verify.
        if !authorizations.isEmpty {
            guard signatures.isEmpty, !isFeeBump else {
                throw .soroban(.signaturesWouldBreak)
            }
        }
        var others: [String] = []
        if case .v2(let v) = tx.preconditions {
            if let l = v.ledgerBounds {
                others.append("ledger \(l.minLedger) to \(l.maxLedger == 0 ? "no limit" : String(l.maxLedger))")
            }
            if let m = v.minSeqNum { others.append("account sequence at least \(m)") }
            if v.minSeqAge != 0 { others.append("account sequence unchanged for \(v.minSeqAge) s") }
            if v.minSeqLedgerGap != 0 { others.append("account sequence unchanged for \(v.minSeqLedgerGap) ledgers") }
            others += v.extraSigners.map { "also signed by \($0)" }
        }
        // One hash for the signatures already on it and the line that shows it.
        let transactionHash = try self.hash(network: network)
        return StellarReview(
            network: network.description, kind: kind, source: tx.source.description,
            sourceAccount: tx.source.accountID.description, sourceMuxedID: tx.source.id,
            fee: stroops(Int64(tx.fee)), sequence: tx.sequence, memo: tx.memo.description,
            timeBounds: tx.preconditions.timeBounds.map(describe) ?? "no time bounds",
            otherPreconditions: others, operations: operations, operationDetails: details, soroban: soroban,
            authorizations: authorizations, sorobanWarnings: warnings, movements: movements, unknowns: unknowns,
            poolDeposits: poolDeposits(tx, knowledge), feeBump: feeBump, innerSignatures: inner,
            signatures: attribute(signatures, candidates: candidates, hash: transactionHash),
            hash: Hex.encode(transactionHash))
    }

    private func attribute(_ sigs: [DecoratedSignature], candidates: [[UInt8]], network: StellarNetwork)
        throws(StellarError) -> [StellarReview.Signature]
    {
        attribute(sigs, candidates: candidates, hash: try hash(network: network))
    }

    /// Each signature with the candidate key that made it over `hash`, when one did.
    private func attribute(_ sigs: [DecoratedSignature], candidates: [[UInt8]], hash: [UInt8])
        -> [StellarReview.Signature]
    {
        sigs.map { sig in
            let key = candidates.first {
                $0.count == 32 && signatureHint(publicKey: $0) == sig.hint
                    && Ed25519.isValidSignature(sig.signature, message: hash, publicKey: $0)
            }
            return StellarReview.Signature(
                hint: Hex.encode(sig.hint), signer: key.map { AccountID(unchecked: $0).description })
        }
    }
}

private func sources(of tx: Transaction) -> [[UInt8]] {
    [tx.source.publicKey] + tx.operations.compactMap { $0.source?.publicKey }
}

/// A fee in stroops with its exact XLM value: `200 stroops (0.00002 XLM)`.
func stroops(_ value: Int64) -> String { "\(value) stroops (\(StellarAmount.format(value)) XLM)" }

private func account(_ m: MuxedAccount) -> String {
    m.id.map { "\(m) (account \(m.accountID), muxed id \($0))" } ?? m.description
}

private func amount(_ value: Int64, _ asset: Asset) -> String { "\(StellarAmount.format(value)) \(asset)" }

/// Refuses `value` unless positive (or non-negative when `zeroAllowed`), as stellar-core's
/// operation validity checks do.
private func check(_ value: Int64, _ field: String, zeroAllowed: Bool = false) throws(StellarError) {
    guard value > 0 || (zeroAllowed && value == 0) else { throw .amountNotAllowed(field: field, stroops: value) }
}

private func describe(_ t: TimeBounds) -> String {
    let from = t.minTime == 0 ? "any time" : utc(t.minTime)
    let until = t.maxTime == 0 ? "no expiry" : utc(t.maxTime)
    return "from \(from) until \(until)"
}

/// `<seconds> (YYYY-MM-DD hh:mm:ss UTC)`, or the bare number past year 9999.
func utc(_ seconds: UInt64) -> String {
    guard let seconds = Int64(exactly: seconds), let text = UTCText.dateTime(seconds) else { return "\(seconds)" }
    return "\(seconds) (\(text))"
}

private func flags(_ value: UInt32, _ names: [(UInt32, String)]) -> String {
    "\(value) [" + flagList(value, names).joined(separator: ", ") + "]"
}

/// The names of the bits set in `value`, then any bits no name covers.
func flagList(_ value: UInt32, _ names: [(UInt32, String)]) -> [String] {
    let known = names.filter { value & $0.0 != 0 }.map(\.1)
    let unknown = value & ~names.reduce(0) { $0 | $1.0 }
    return known + (unknown != 0 ? ["unknown bits \(unknown)"] : [])
}

/// Refuses a weight or threshold above 255, as stellar-core's set_options validity check does
/// (the XDR field is 32 bits wide; the ledger keeps one byte).
private func checkWeight(_ value: UInt32?, _ field: String) throws(StellarError) {
    if let value, value > 255 { throw .weightOutOfRange(field: field, value: value) }
}

private let accountFlags: [(UInt32, String)] = [
    (1, "auth required"), (2, "auth revocable"), (4, "auth immutable"), (8, "clawback enabled"),
]
private let trustLineFlags: [(UInt32, String)] = [
    (1, "authorized"), (2, "authorized to maintain liabilities"), (4, "clawback enabled"),
]

/// The most a pool deposit takes of each of the pool's assets, named when the request names them.
struct PoolDeposit: Sendable, Equatable {
    let poolID: [UInt8]
    /// The account the deposit takes from: the operation's source.
    let source: MuxedAccount
    let assets: (a: Asset, b: Asset)?
    let maxA: Int64
    let maxB: Int64

    static func == (l: PoolDeposit, r: PoolDeposit) -> Bool {
        l.poolID == r.poolID && l.source == r.source && l.assets?.a == r.assets?.a && l.assets?.b == r.assets?.b
            && l.maxA == r.maxA && l.maxB == r.maxB
    }
}

private func poolDeposits(_ tx: Transaction, _ knowledge: StellarKnowledge) -> [PoolDeposit] {
    tx.operations.compactMap { op in
        guard case .liquidityPoolDeposit(let d) = op.body else { return nil }
        let pool = knowledge.pools[d.poolID]
        return PoolDeposit(
            poolID: d.poolID, source: op.source ?? tx.source, assets: pool.map { ($0.assetA, $0.assetB) },
            maxA: d.maxAmountA, maxB: d.maxAmountB)
    }
}

private func describe(_ body: OperationBody, _ knowledge: StellarKnowledge) throws(StellarError) -> String {
    switch body {
    case let .createAccount(d, b):
        try check(b, "starting balance", zeroAllowed: true)
        return "create account \(d) with a starting balance of \(StellarAmount.format(b)) XLM"
    case let .payment(d, a, n):
        try check(n, "payment amount")
        return "pay \(amount(n, a)) to \(account(d))"
    case .pathPaymentStrictReceive(let p):
        try check(p.sendAmount, "send maximum"); try check(p.destAmount, "destination amount")
        return
            "path payment: \(account(p.destination)) receives exactly \(amount(p.destAmount, p.destAsset)), sending at most \(amount(p.sendAmount, p.sendAsset))\(path(p.path))"
    case .pathPaymentStrictSend(let p):
        try check(p.sendAmount, "send amount"); try check(p.destAmount, "destination minimum")
        return
            "path payment: send exactly \(amount(p.sendAmount, p.sendAsset)); \(account(p.destination)) receives at least \(amount(p.destAmount, p.destAsset))\(path(p.path))"
    case .manageSellOffer(let o):
        try check(o.amount, "offer amount", zeroAllowed: true); try check(o.offerID, "offer id", zeroAllowed: true)
        return
            "\(offerVerb(o)) sell offer: sell \(amount(o.amount, o.selling)) for \(o.buying) at \(o.price) \(o.buying) per \(o.selling)"
    case .manageBuyOffer(let o):
        try check(o.amount, "offer amount", zeroAllowed: true); try check(o.offerID, "offer id", zeroAllowed: true)
        return
            "\(offerVerb(o)) buy offer: buy \(amount(o.amount, o.buying)) with \(o.selling) at \(o.price) \(o.selling) per \(o.buying)"
    case .createPassiveSellOffer(let o):
        try check(o.amount, "offer amount")
        return
            "create passive sell offer: sell \(amount(o.amount, o.selling)) for \(o.buying) at \(o.price) \(o.buying) per \(o.selling)"
    case .setOptions(let s):
        try checkWeight(s.masterWeight, "master key weight")
        try checkWeight(s.lowThreshold, "low threshold")
        try checkWeight(s.medThreshold, "medium threshold")
        try checkWeight(s.highThreshold, "high threshold")
        try checkWeight(s.signer?.weight, "signer weight")
        var parts: [String] = []
        if let v = s.inflationDest { parts.append("inflation destination \(v)") }
        if let v = s.clearFlags { parts.append("clear flags \(flags(v, accountFlags))") }
        if let v = s.setFlags { parts.append("set flags \(flags(v, accountFlags))") }
        if let v = s.masterWeight { parts.append("master key weight \(v)") }
        if let v = s.lowThreshold { parts.append("low threshold \(v)") }
        if let v = s.medThreshold { parts.append("medium threshold \(v)") }
        if let v = s.highThreshold { parts.append("high threshold \(v)") }
        if let v = s.homeDomain { parts.append("home domain \(showText(v))") }
        if let v = s.signer {
            parts.append(v.weight == 0 ? "remove signer \(v.key)" : "signer \(v.key) with weight \(v.weight)")
        }
        return "set options: " + (parts.isEmpty ? "nothing" : parts.joined(separator: "; "))
    case let .changeTrust(line, limit):
        try check(limit, "trust limit", zeroAllowed: true)
        if limit == 0 { return "remove trust line for \(line)" }
        return "trust \(line) up to \(limit == Int64.max ? "the maximum" : StellarAmount.format(limit))"
    case let .allowTrust(t, code, auth):
        return "allow trust: set authorization of \(t) for \(code) to \(flags(auth, trustLineFlags))"
    case .accountMerge(let d):
        return "merge this account into \(account(d)) (all its lumens move there, and the account is deleted)"
    case let .manageData(name, value):
        return value.map { "set data entry \(showText(name)) to \(showText($0))" }
            ?? "delete data entry \(showText(name))"
    case .bumpSequence(let to):
        try check(to, "bump-to sequence", zeroAllowed: true)
        return "bump sequence number to \(to)"
    case let .createClaimableBalance(asset, n, claimants):
        try check(n, "claimable amount")
        return "create claimable balance of \(amount(n, asset)) for "
            + claimants.map(\.description).joined(separator: "; ")
    case .claimClaimableBalance(let id): return "claim claimable balance \(id)"
    case .beginSponsoringFutureReserves(let a): return "begin sponsoring future reserves of \(a)"
    case .endSponsoringFutureReserves: return "end sponsoring future reserves"
    case .revokeSponsorship(.ledgerEntry(let key)): return "revoke sponsorship of \(key)"
    case let .revokeSponsorship(.signer(a, key)): return "revoke sponsorship of signer \(key) on \(a)"
    case let .clawback(asset, from, n):
        try check(n, "clawback amount")
        return "claw back \(amount(n, asset)) from \(account(from))"
    case .clawbackClaimableBalance(let id): return "claw back claimable balance \(id)"
    case let .setTrustLineFlags(t, asset, clear, set):
        return
            "set trust line flags of \(t) for \(asset): clear \(flags(clear, trustLineFlags)), set \(flags(set, trustLineFlags))"
    case .liquidityPoolDeposit(let d):
        try check(d.maxAmountA, "maximum amount A"); try check(d.maxAmountB, "maximum amount B")
        try checkPrice(d.minPrice, "minimum price"); try checkPrice(d.maxPrice, "maximum price")
        let pool = knowledge.pools[d.poolID]
        return
            "deposit into liquidity pool \(knowledge.pool(d.poolID)): at most \(poolAmount(d.maxAmountA, pool?.assetA, "A")) and "
            + "\(poolAmount(d.maxAmountB, pool?.assetB, "B")), at a price (A per B) from \(d.minPrice) to \(d.maxPrice)"
    case .liquidityPoolWithdraw(let w):
        try check(w.amount, "pool shares"); try check(w.minAmountA, "minimum amount A", zeroAllowed: true)
        try check(w.minAmountB, "minimum amount B", zeroAllowed: true)
        let pool = knowledge.pools[w.poolID]
        return
            "withdraw \(StellarAmount.format(w.amount)) pool shares from liquidity pool \(knowledge.pool(w.poolID)) for at least "
            + "\(poolAmount(w.minAmountA, pool?.assetA, "A")) and \(poolAmount(w.minAmountB, pool?.assetB, "B"))"
    case .invokeHostFunction, .extendFootprintTTL, .restoreFootprint:
        return "Soroban operation"  // reviewed by SorobanOperationReview
    }
}

/// An amount of a pool's asset A or B, named when the pool's assets are known.
private func poolAmount(_ value: Int64, _ asset: Asset?, _ which: String) -> String {
    asset.map { amount(value, $0) } ?? "\(StellarAmount.format(value)) of asset \(which)"
}

/// Refuses a price whose numerator or denominator is not positive.
private func checkPrice(_ price: Price, _ field: String) throws(StellarError) {
    guard price.n > 0, price.d > 0 else { throw .invalidPrice(field: field, price: price.description) }
}

private func offerVerb(_ o: Offer) -> String {
    if o.offerID == 0 { return "new" }
    return o.amount == 0 ? "delete \(o.offerID):" : "update \(o.offerID):"
}

private func path(_ assets: [Asset]) -> String {
    assets.isEmpty ? "" : " via " + assets.map(\.description).joined(separator: " → ")
}
