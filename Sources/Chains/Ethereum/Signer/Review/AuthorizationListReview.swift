import AirsignMessages
import BigInt

/// The authorization list of a type-4 transaction, tuple by tuple as a client processes it
/// (EIP-7702): the authority recovered from each signature, or why the tuple is skipped (a
/// chain id that is neither 0 nor the transaction's, nonce 2^64 - 1, a bad signature); then
/// what an applied tuple does (`DelegationReview`). The nonce of a tuple the sender signed is
/// known: the sender's nonce is raised before the list is applied, so its first tuple must
/// carry the transaction's nonce + 1 and each further one the next; any other is refused, as
/// the chain would skip it silently and run the transaction without the delegation.
struct AuthorizationListReview {
    let lines: [ReviewLine]
    let warnings: [String]
    let effects: [Effect]

    init(
        _ transaction: EthereumTransaction, from: EthereumAddress, knowledge: EthereumKnowledge,
        describe: (EthereumAddress) -> String
    ) throws {
        let list = transaction.authorizationList
        var lines = [
            ReviewLine(
                "authorizations",
                "\(list.count) EIP-7702 authorization\(list.count == 1 ? "" : "s"), applied before the call")
        ]
        var warnings: [String] = []
        var effects: [Effect] = []
        var senderNonce = BigUInt(transaction.nonce) + 1
        for (index, tuple) in list.enumerated() {
            let authorization = tuple.authorization
            lines.append(ReviewLine("authorization \(index + 1)", "", level: 1))
            let skipped: String?
            let authority: EthereumAddress?
            switch tuple.authority() {
            case .success(let recovered):
                authority = recovered
                if authorization.chainId != 0 && authorization.chainId != transaction.chainId {
                    skipped = "it is for chain id \(authorization.chainId), not \(transaction.chainId)"
                } else if !authorization.nonceIsUsable {
                    skipped = "its nonce is 2^64 - 1"
                } else {
                    skipped = nil
                }
            case .failure(let failure):
                authority = nil
                skipped = failure.description
            }
            if let authority {
                lines.append(ReviewLine("authority", describe(authority), level: 2))
            }
            if let skipped {
                lines.append(ReviewLine("skipped", "the chain skips this authorization: \(skipped)", level: 2))
                warnings.append(
                    "authorization \(index + 1) is skipped by the chain (\(skipped)); it sets no code and costs its gas"
                )
                continue
            }
            guard let authority else { continue }
            let isSender = authority == from
            if isSender {
                guard BigUInt(authorization.nonce) == senderNonce else {
                    throw EthereumChainError.authorizationNonce(
                        index: index, found: authorization.nonce, expected: senderNonce)
                }
                senderNonce += 1
            }
            let name = isSender ? "this account (the sender)" : describe(authority)
            let delegation = DelegationReview(
                authorization, authority: name, network: transaction.chainId, knowledge: knowledge,
                describe: describe, level: 2)
            lines += delegation.lines
            lines.append(
                ReviewLine(
                    "nonce",
                    isSender
                        ? "\(authorization.nonce): the sender's nonce when the list is applied (this transaction's + 1)"
                        : "\(authorization.nonce): applied only if that account's nonce is then \(authorization.nonce)",
                    level: 2))
            warnings += delegation.warnings
            effects += delegation.effects
        }
        self.lines = lines
        self.warnings = warnings
        self.effects = effects
    }
}
