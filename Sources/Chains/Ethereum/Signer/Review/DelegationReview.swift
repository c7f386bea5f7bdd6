import AirsignEncoding
import AirsignMessages
import BigInt

/// What one EIP-7702 authorization does, in typed effects and then lines, for the review of an
/// authorization request and of each tuple of a type-4 transaction. An applied authorization
/// makes the authority's account run the delegate's code: whoever wrote that code controls the
/// account and all it holds. So it is a control effect; a delegate the person has not put on
/// the signer's delegate list is also an unknown effect (signed only with `--blind`), and the
/// zero address (a revocation) needs no entry.
struct DelegationReview {
    let lines: [ReviewLine]
    let warnings: [String]
    let effects: [Effect]

    /// `authority` is how the account that signs (or signed) it is named; `network` the chain
    /// id of the request or transaction; `level` the indent of the lines.
    init(
        _ authorization: SetCodeAuthorization, authority: String, network: BigUInt, knowledge: EthereumKnowledge,
        describe: (EthereumAddress) -> String, level: Int
    ) {
        var lines: [ReviewLine] = []
        var warnings: [String] = []
        var effects: [Effect] = []
        let chainId = authorization.chainId
        if chainId == 0 {
            lines.append(ReviewLine("valid on", "every chain (chain id 0)", level: level))
            warnings.append(
                "chain id 0: this authorization is valid on every EVM chain with EIP-7702, not only chain id \(network); anyone who holds it can submit it on any chain where \(authority) has nonce \(authorization.nonce)"
            )
        } else {
            let name = ChainNames.name(for: chainId)
            lines.append(
                ReviewLine(
                    "valid on", name.map { "\($0) (chain id \(chainId))" } ?? "chain id \(chainId)", level: level,
                    source: name == nil ? .signed : .signerTable))
        }
        if authorization.isRevocation {
            lines.append(
                ReviewLine(
                    "delegate", "none: the zero address clears the account's delegation (a revocation)", level: level))
            effects.append(
                .control(
                    ControlChange(
                        "clears the EIP-7702 code delegation of \(authority), which becomes a plain account again",
                        party: nil, granted: false)))
        } else {
            let delegate = describe(authorization.delegate)
            let trusted = knowledge.trustedDelegate(authorization.delegate, chainId: chainId)
            lines.append(ReviewLine("delegate", delegate, level: level))
            if let trusted {
                let scope = trusted.chainId == 0 ? "every chain" : "chain id \(trusted.chainId)"
                lines.append(
                    ReviewLine(
                        "delegate list", "\"\(SafeName.shown(trusted.name))\", trusted on \(scope)", level: level,
                        source: .signerTable))
            } else {
                lines.append(
                    ReviewLine(
                        "delegate list", "not on this signer's delegate list", level: level,
                        source: .signerTable))
                let place = chainId == 0 ? "for every chain" : "on chain id \(chainId)"
                warnings.append(
                    "the delegate \(authorization.delegate.checksummed) is not on this signer's delegate list \(place): its code would control \(authority) and everything it holds"
                )
                effects.append(
                    .unknown(
                        what:
                            "an EIP-7702 delegation of \(authority) to \(authorization.delegate.checksummed), a contract not on this signer's delegate list, whose code would control the account"
                    ))
            }
            effects.append(
                .control(
                    ControlChange(
                        "delegates the code of \(authority), and with it control of the account and all it holds,",
                        party: trusted.map { "\(delegate), \"\(SafeName.shown($0.name))\"" } ?? delegate,
                        granted: true)))
        }
        self.lines = lines
        self.warnings = warnings
        self.effects = effects
    }
}
