import AirsignEncoding
import AirsignKeys
import AirsignMessages
import BigInt

/// A call that the signature makes another account perform (a Safe executing a transaction, a
/// forwarder calling on the signer's behalf, Multicall3 running one of its calls), read by
/// `CallDataReview` as a call whose sender is `actor`. Its effects are attributed the way the
/// chain does: what `actor` sends leaves `actor` (totalled apart when it is not the signing
/// account), a `transferFrom` of the signer's tokens leaves the signer, and whatever the
/// signer cannot read is unknown.
struct InnerCall {
    var lines: [ReviewLine] = []
    var warnings: [String] = []
    var effects: [Effect] = []

    /// `countValue`: whether `value` is paid by `actor` (a Safe's own ether) rather than by
    /// whoever submits the signature (a forwarder's relayer). `level` indents the call's lines
    /// under the line that introduces it.
    init(
        _ data: [UInt8], to: EthereumAddress, value: BigUInt, actor: EthereumAddress, signer: EthereumAddress,
        countValue: Bool, level: Int, environment: ClearSigningEnvironment
    ) throws {
        let describe = environment.describe
        let signerText = describe(signer)
        let actorText = actor == signer ? nil : describe(actor)
        if countValue, value > 0 {
            let native = environment.nativeSymbol
            let ether = Asset(
                chain: ChainID(Chain.ethereum), network: "eip155:\(environment.chainId)", symbol: native, decimals: 18)
            effects.append(
                .outflow(Outflow(AssetAmount(asset: ether, amount: value), from: actorText, to: describe(to))))
        }
        let call = try CallDataReview(data, to: to, value: value, from: actor, request: nil, environment: environment)
        lines = call.lines.map { ReviewLine($0.label, $0.value, level: $0.level + level, source: $0.source) }
        warnings = call.warnings
        // CallDataReview totals the actor's own tokens with no account and another owner's
        // under that owner's label: the signer's own label means the signer's total.
        effects += call.totals.map { total in
            let account = total.account == nil ? actorText : (total.account == signerText ? nil : total.account)
            return .outflow(Outflow(AssetAmount(asset: total.asset, amount: total.amount), from: account))
        }
        // An allowance the actor grants is over the actor's tokens, named as such.
        effects += call.approvals.map { approval in
            guard let actorText else { return .allowance(approval) }
            return .allowance(
                Approval(
                    asset: "\(approval.asset) held by \(actorText)", spender: approval.spender,
                    allowance: approval.allowance, isUnlimited: approval.isUnlimited, expiry: approval.expiry))
        }
        effects += (call.blindReason.map { [$0] } ?? []).map { .unknown(what: $0) }
        effects += call.unknowns.map { .unknown(what: $0) }
    }
}
