import AirsignCandid
import AirsignEncoding
import AirsignMessages
import BigInt

/// The review of the calls that move a known ledger's tokens: the ICP ledger's `transfer` and
/// `send_dfx`, `icrc1_transfer`, and ICRC-2's `icrc2_approve` and `icrc2_transfer_from`. Their arguments
/// must have exactly the interface's types; they are shown as amounts of the ledger's token,
/// counted in the totals (what leaves the account) and approvals (what others may take).
struct LedgerReview {
    let ledger: ICPLedger
    let sender: Principal
    let context: ReviewContext
    let module: ICPChain

    /// ICRC-2 allowances at or above 2^64 − 1 base units (`u64::MAX`, what apps ask for when they
    /// mean "no limit") are called unlimited.
    static let unlimitedAllowance = BigUInt(UInt64.max)

    var asset: Asset {
        Asset(
            chain: module.chain, network: ICPChain.network, id: ledger.canister.text, symbol: ledger.symbol,
            decimals: ledger.decimals)
    }

    func amount(_ units: BigUInt) -> String { AssetAmount(asset: asset, amount: units).formatted }

    func describe(_ address: String) -> String { module.describe(address, in: context) }

    /// The lines every ledger call starts with: the canister (signed), its token (the signer's
    /// table), the sender.
    var head: [ReviewLine] {
        [
            ReviewLine("ledger", ledger.canister.text),
            ReviewLine(
                "token",
                "\(ledger.symbol), \(ledger.decimals) decimals (\(ledger.kind == .icp ? "the ICP ledger" : "ICRC-1 ledger"))",
                source: .signerTable),
            ReviewLine("from", describe(sender.text)),
        ]
    }

    func created(_ nanos: UInt64?) -> ReviewLine {
        ReviewLine("created at", nanos.map { ICPTime.utc(nanos: $0) } ?? "not set (not deduplicated)")
    }

    func subaccount(_ label: String, _ bytes: [UInt8]?) -> ReviewLine {
        ReviewLine(label, bytes.map { Hex.encode($0) } ?? "default")
    }

    /// The ICP ledger's own transfer (`transfer`, or `send_dfx` read as one): its lines and the
    /// amount plus fee leaving for the labelled destination.
    func icpTransfer(_ transfer: ICPLedgerTransfer, method: String, warnings: inout [String])
        -> ICPChain.CallDescription
    {
        if transfer.amount == 0 { warnings.append("the amount is zero") }
        var lines =
            head + [
                subaccount("from subaccount", transfer.fromSubaccount),
                ReviewLine("to", describe(transfer.to.hex)),
                ReviewLine("amount", amount(BigUInt(transfer.amount))),
                ReviewLine("fee", amount(BigUInt(transfer.fee))),
                ReviewLine("memo", String(transfer.memo)),
                created(transfer.createdAtTime),
            ]
        // quill's `neuron stake` sends to governance's account for the sender's neuron with
        // this memo as its nonce: the signer recomputes that account to say so.
        if transfer.to == NeuronStake.account(controller: sender, nonce: transfer.memo) {
            lines.insert(
                ReviewLine(
                    "purpose", "stake for your neuron with nonce \(transfer.memo): the NNS governance account for it"),
                at: 3)
        }
        return ICPChain.CallDescription(
            title: "\(ledger.symbol) transfer (ledger \(method))", lines: lines,
            effects: [
                .outflow(
                    Outflow(
                        AssetAmount(asset: asset, amount: BigUInt(transfer.amount) + BigUInt(transfer.fee)),
                        to: describe(transfer.to.hex)))
            ],
            deduplicated: transfer.createdAtTime != nil)
    }

    /// Nil for a method without its own review here.
    func describe(_ call: ICPCallContent, _ message: CandidMessage, warnings: inout [String]) throws(ICPError)
        -> ICPChain.CallDescription?
    {
        switch call.methodName {
        case ICPLedgerTransfer.method where ledger.kind == .icp:
            return icpTransfer(try ICPLedgerTransfer(candid: message), method: "transfer", warnings: &warnings)
        case ICPLedgerSend.method where ledger.kind == .icp:
            // The older form of `transfer`: the same transfer, shown and counted the same way.
            return icpTransfer(try ICPLedgerSend(candid: message).transfer, method: "send_dfx", warnings: &warnings)
        case ICRC1Transfer.method:
            let transfer = try ICRC1Transfer(candid: message)
            if transfer.amount == 0 { warnings.append("the amount is zero") }
            return ICPChain.CallDescription(
                title: "\(ledger.symbol) transfer (ICRC-1)",
                lines: head + [
                    subaccount("from subaccount", transfer.fromSubaccount),
                    ReviewLine("to", describe(transfer.to.text)),
                    ReviewLine("amount", amount(transfer.amount)),
                    ReviewLine("fee", transfer.fee.map(amount) ?? "the ledger's fee (not set)"),
                    ReviewLine("memo", transfer.memo.map { Hex.encode($0) } ?? "none"),
                    created(transfer.createdAtTime),
                ],
                effects: [
                    .outflow(
                        Outflow(
                            AssetAmount(
                                asset: asset, amount: transfer.amount + (transfer.fee ?? 0),
                                unstated: transfer.fee == nil ? ["the ledger's fee"] : []),
                            to: describe(transfer.to.text)))
                ],
                deduplicated: transfer.createdAtTime != nil)
        case ICRC2Approve.method:
            let approve = try ICRC2Approve(candid: message)
            let unlimited = approve.amount >= Self.unlimitedAllowance
            let allowance = unlimited ? "Unlimited" : AmountFormat.decimal(approve.amount, decimals: ledger.decimals)
            if approve.amount == 0 { warnings.append("the allowance is zero: this removes the spender's allowance") }
            if unlimited {
                warnings.append(
                    "an unlimited allowance: the spender may take every \(ledger.symbol) of this account, now and later"
                )
            }
            if approve.expiresAt == nil, !unlimited, approve.amount > 0 {
                warnings.append("the allowance does not expire")
            }
            return ICPChain.CallDescription(
                title: "\(ledger.symbol) spending approval (ICRC-2)",
                lines: head + [
                    subaccount("from subaccount", approve.fromSubaccount),
                    ReviewLine("spender", describe(approve.spender.text)),
                    ReviewLine(
                        "allowance", unlimited ? "Unlimited (\(amount(approve.amount)))" : amount(approve.amount)),
                    ReviewLine(
                        "replaces",
                        approve.expectedAllowance.map { "an allowance of exactly \(amount($0)) (refused otherwise)" }
                            ?? "whatever allowance the spender has now"),
                    ReviewLine("expires", approve.expiresAt.map { ICPTime.utc(nanos: $0) } ?? "never"),
                    ReviewLine("fee", approve.fee.map(amount) ?? "the ledger's fee (not set)"),
                    ReviewLine("memo", approve.memo.map { Hex.encode($0) } ?? "none"),
                    created(approve.createdAtTime),
                ],
                effects: [
                    .outflow(
                        Outflow(
                            AssetAmount(
                                asset: asset, amount: approve.fee ?? 0,
                                unstated: approve.fee == nil ? ["the ledger's fee"] : [])))
                ]
                    + (approve.amount == 0
                        ? []
                        : [
                            .allowance(
                                Approval(
                                    asset: "\(ledger.symbol) (\(ledger.canister.text))",
                                    spender: describe(approve.spender.text),
                                    allowance: allowance, isUnlimited: unlimited,
                                    expiry: approve.expiresAt.map { ICPTime.utc(nanos: $0) }))
                        ]),
                deduplicated: approve.createdAtTime != nil)
        case ICRC2TransferFrom.method:
            let transfer = try ICRC2TransferFrom(candid: message)
            if transfer.amount == 0 { warnings.append("the amount is zero") }
            let own = transfer.from.owner == sender
            return ICPChain.CallDescription(
                title: "\(ledger.symbol) transfer from an account that approved you (ICRC-2)",
                lines: head + [
                    subaccount("spender subaccount", transfer.spenderSubaccount),
                    ReviewLine("taken from", describe(transfer.from.text)),
                    ReviewLine("to", describe(transfer.to.text)),
                    ReviewLine("amount", amount(transfer.amount)),
                    ReviewLine("fee", transfer.fee.map(amount) ?? "the ledger's fee (not set)"),
                    ReviewLine("memo", transfer.memo.map { Hex.encode($0) } ?? "none"),
                    created(transfer.createdAtTime),
                ],
                // The tokens leave the approving account: totalled as this account's only when it
                // is that one, else as that account's.
                effects: [
                    .outflow(
                        Outflow(
                            AssetAmount(
                                asset: asset, amount: transfer.amount + (transfer.fee ?? 0),
                                unstated: transfer.fee == nil ? ["the ledger's fee"] : []),
                            from: own ? nil : describe(transfer.from.text), to: describe(transfer.to.text)))
                ],
                deduplicated: transfer.createdAtTime != nil)
        default:
            return nil
        }
    }
}
