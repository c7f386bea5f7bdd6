import AirsignMessages
import BigInt

/// The warnings of SEP-41 and Stellar Asset Contract `approve` calls, in a transaction or an
/// authorization: an allowance lets the spender take the tokens later, without another
/// signature, until its expiration ledger. Calls on what another account holds (its transfers,
/// burns and approvals, authorized by it or by its spender) are warned of too, by whose they are.
///
/// "Unlimited" (the rule, documented in docs/security.md):
/// - a Stellar Asset Contract: at or above 2^63 − 1 base units. The contract moves a classic
///   balance, which is an int64 of stroops: no account or trust line can ever hold more, so such
///   an allowance lets the spender take every unit the account holds until it expires.
/// - any other token (installed or not): at or above 2^126 base units, within a factor of two of
///   i128::MAX (SEP-41's conventional "unlimited"). A lower mark would call real amounts of a
///   token with many decimals unlimited (2^64 base units are 18.4 tokens of an 18-decimal
///   token); this one still catches i128::MAX − 1 and its half, which no person means as an
///   amount. The exact amount is always shown beside it.
enum TokenApprovals {
    /// The least Stellar Asset Contract allowance called unlimited: Int64.max, the largest balance.
    static let assetContractUnlimited = BigInt(Int64.max)
    /// The least other token allowance called unlimited: 2^126.
    static let tokenUnlimited = BigInt(1) << 126

    static func isUnlimited(_ movement: TokenMovement) -> Bool {
        movement.amount >= (movement.token.asset != nil ? assetContractUnlimited : tokenUnlimited)
    }

    /// One warning per unlimited approval, and one per approval of the request's account whose
    /// spender is neither one of the keystore's accounts nor a contact; then one per transfer,
    /// burn or approval of what another account holds (`otherAccountWarnings`).
    static func warnings(_ movements: [TokenMovement], signer: [UInt8], context: ReviewContext, chain: StellarChain)
        -> [String]
    {
        var out: [String] = []
        for movement in movements {
            guard let spender = movement.spender,
                movement.from.accountKey == signer || movement.isOtherAccounts(signer: signer)
            else { continue }
            let token = "\(movement.token.symbol) (\(SCAddress.contract(movement.token.contract)))"
            let until = movement.expirationLedger.map { "until ledger \($0)" } ?? "with no expiration"
            if isUnlimited(movement) {
                out.append(
                    "approve gives \(chain.describe(spender.description, in: context)) an UNLIMITED allowance of \(token) "
                        + "(\(movement.amount) base units) \(until): it may take all of it \(chain.describe(movement.from.description, in: context)) "
                        + "holds, without another signature")
            }
            if movement.from.accountKey == signer,
                context.label(spender.description, chain: chain.chain, identity: chain.addressIdentity) == .unknown
            {
                let text =
                    "approve's spender \(spender) is not one of your accounts or contacts: it may take \(token) \(until)"
                if !out.contains(text) { out.append(text) }
            }
        }
        return out + otherAccountWarnings(movements, signer: signer) { chain.describe($0, in: context) }
    }

    /// A warning per token call that moves or allows what another account than the request's
    /// holds, naming that account and whose authorization makes it happen. The amounts are
    /// totalled (and the allowances listed) as that account's, never as the signer's.
    static func otherAccountWarnings(_ movements: [TokenMovement], signer: [UInt8], label: (String) -> String)
        -> [String]
    {
        var out: [String] = []
        for movement in movements where movement.isOtherAccounts(signer: signer) {
            let holder = label(movement.from.holder)
            let who =
                movement.authorizer.isSameParty(as: movement.from)
                ? "that account" : "its spender \(label(movement.authorizer.holder))"
            let why: String
            switch movement.authority {
            case .signer: why = "your key authorizes it as the spender, within the allowance that account gave you"
            case .source:
                why = "\(who) authorizes it as the operation's source, by its own signature of this transaction"
            case .entry: why = "\(who) authorizes it by an authorization entry of its own, not by your key"
            case .elsewhere:
                why =
                    "your signature of this authorization does not authorize it: it happens only if \(who) authorizes it too"
            case .undetermined: continue
            }
            let text: String
            if let spender = movement.spender {
                let until = movement.expirationLedger.map { "until ledger \($0)" } ?? "with no expiration"
                text =
                    "approve gives \(label(spender.holder)) an allowance of \(movement.amountText) \(until) over what \(holder) holds, "
                    + "not your account: \(why); listed as that account's"
            } else {
                let to = movement.to.map { " to \(label($0.holder))" } ?? ""
                text =
                    "\(movement.function) of \(movement.amountText)\(to) takes from \(holder), not your account: \(why); "
                    + "totalled as that account's"
            }
            if !out.contains(text) { out.append(text) }
        }
        return out
    }

    /// The unknown effect of a token call on what another account holds when the signed bytes
    /// do not say who authorizes it; nil otherwise.
    static func unknownEffect(_ movement: TokenMovement, signer: [UInt8]?, label: (String) -> String) -> String? {
        // A negative amount moves nothing (the contract refuses it); an approval of any amount counts.
        guard case .undetermined(let reason) = movement.authority,
            signer.map({ movement.from.accountKey != $0 }) ?? true,
            movement.spender != nil || movement.amount.sign == .plus
        else { return nil }
        let what: String
        if let spender = movement.spender {
            what =
                "approve of \(movement.amountText) to \(label(spender.holder)) over what \(label(movement.from.holder)) holds"
        } else {
            what =
                "\(movement.function) of \(movement.amountText) from \(label(movement.from.holder))"
                + (movement.to.map { " to \(label($0.holder))" } ?? "")
        }
        return "\(what): \(reason), so the signer cannot tell whether it happens"
    }
}

extension TokenMovement {
    /// A call on what another account than `signer`'s holds whose authorizer the signed bytes
    /// name: counted as that account's (an outflow `from` it, an allowance "held by" it).
    func isOtherAccounts(signer: [UInt8]) -> Bool {
        guard from.accountKey != signer, spender != nil || amount.sign == .plus else { return false }
        if case .undetermined = authority { return false }
        return true
    }
}
