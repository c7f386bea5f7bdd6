import AirsignMessages
import BigInt

/// The warnings of SEP-41 and Stellar Asset Contract `approve` calls the request's account
/// makes, in a transaction or an authorization: an allowance lets the spender take the tokens
/// later, without another signature, until its expiration ledger.
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

    /// One warning per unlimited approval of the request's account, and one per approval whose
    /// spender is neither one of the keystore's accounts nor a contact.
    static func warnings(_ movements: [TokenMovement], signer: [UInt8], context: ReviewContext, chain: StellarChain) -> [String] {
        var out: [String] = []
        for movement in movements {
            guard let spender = movement.spender, movement.from.accountKey == signer else { continue }
            let token = "\(movement.token.symbol) (\(SCAddress.contract(movement.token.contract)))"
            let until = movement.expirationLedger.map { "until ledger \($0)" } ?? "with no expiration"
            if isUnlimited(movement) {
                out.append("approve gives \(chain.describe(spender.description, in: context)) an UNLIMITED allowance of \(token) "
                    + "(\(movement.amount) base units) \(until): it may take all of it \(chain.describe(movement.from.description, in: context)) "
                    + "holds, without another signature")
            }
            if context.label(spender.description, chain: chain.chain, identity: chain.addressIdentity) == .unknown {
                let text = "approve's spender \(spender) is not one of your accounts or contacts: it may take \(token) \(until)"
                if !out.contains(text) { out.append(text) }
            }
        }
        return out
    }
}
