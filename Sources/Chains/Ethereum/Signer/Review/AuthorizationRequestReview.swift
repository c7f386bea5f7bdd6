import AirsignEncoding
import AirsignMessages
import BigInt

extension EthereumChain {
    /// The review of an EIP-7702 authorization signed on its own: the account is the
    /// authority, and the signature is one anyone may later put in a type-4 transaction.
    func authorizationReview(
        _ request: SignRequest, _ authorization: SetCodeAuthorization, from: EthereumAddress, key: KeyRequirement,
        chainId: BigUInt, context: ReviewContext
    ) throws -> Review {
        guard authorization.nonceIsUsable else {
            throw EthereumChainError.authorizationNeverValid(field: "payload.authorization")
        }
        let labels = labels(context)
        let account = labels.describe(from)
        let delegation = DelegationReview(
            authorization, authority: "this account", network: chainId, knowledge: knowledge,
            describe: labels.describe, level: 0)
        var lines = [ReviewLine("authority", account)]
        lines += delegation.lines
        let nonce = authorization.nonce
        let own =
            nonce == 0
            ? "so another account must send it: this account's own transaction would use nonce 0 first"
            : "sent in this account's own type-4 transaction, that transaction's nonce is \(nonce - 1)"
        lines.append(ReviewLine("nonce", "\(nonce): applied only while the account's nonce is \(nonce) (\(own))"))
        lines.append(ReviewLine("digest", Hex.encode(authorization.signingHash, prefix: true)))
        let deferred = Effect.deferred(
            DeferredSignature(
                "an EIP-7702 authorization that anyone may submit in a type-4 transaction",
                until: "the account's nonce passes \(authorization.nonce)"))
        return Review(
            request: request,
            title: authorization.isRevocation
                ? "Ethereum EIP-7702 authorization: revoke the delegation" : "Ethereum EIP-7702 authorization",
            lines: lines, warnings: delegation.warnings, key: key, effects: delegation.effects + [deferred],
            signing: [EthereumSignable.authorization(authorization).item])
    }
}
