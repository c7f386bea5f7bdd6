import AirsignEncoding
import AirsignMessages
import BigInt

/// EIP-3009 authorizations (USDC, EURC and others): a signature that moves tokens when anyone
/// (`transferWithAuthorization`) or only the recipient (`receiveWithAuthorization`) submits it,
/// between `validAfter` and `validBefore`. Recognised by the exact type string the token hashes;
/// the token is the domain's verifying contract. It is a payment made now in all but timing:
/// the amount counts as leaving, and the signature as one others submit later.
struct TransferAuthorizationReview {
    static let members = "(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)"
    static let transfer = "TransferWithAuthorization" + members
    static let receive = "ReceiveWithAuthorization" + members

    /// The review, or nil when `typed` is not an EIP-3009 authorization.
    static func review(_ typed: TypedData, account: EthereumAddress, environment: ClearSigningEnvironment)
        throws(EthereumError) -> RecognisedTypedData?
    {
        let type = try typed.encodeType(typed.primaryType)
        guard type == transfer || type == receive else { return nil }
        let receiving = type == receive
        let fields = TypedFields(typed: typed)
        let describe = environment.describe
        let token = ReviewToken(
            contract: try fields.verifyingContract(), chainId: environment.chainId, knowledge: environment.knowledge)
        let from = try fields.address("from")
        let to = try fields.address("to")
        let value = try fields.uint("value")
        let validAfter = try fields.uint("validAfter")
        let validBefore = try fields.uint("validBefore")
        let now = environment.now
        let until = DeadlineText.describe(validBefore, now: now)
        var out = RecognisedTypedData()
        out.lines = [
            ReviewLine(
                "authorization",
                receiving
                    ? "EIP-3009 receiveWithAuthorization: the recipient can move these tokens with this signature"
                    : "EIP-3009 transferWithAuthorization: whoever holds this signature can move these tokens to the recipient"
            ),
            token.line(), ReviewLine("token owner", describe(from)), ReviewLine("token recipient", describe(to)),
            token.amountLine("token amount", value),
            ReviewLine("valid after", validAfter == 0 ? "0 (at once)" : DeadlineText.describe(validAfter, now: now)),
            ReviewLine("valid before", until),
        ]
        // The tokens leave `from`: the signing account, or (refused by the token) another.
        out.effects = [
            .outflow(Outflow(token.total(value), from: from == account ? nil : describe(from), to: describe(to))),
            .deferred(
                DeferredSignature(
                    receiving
                        ? "an EIP-3009 receive authorization the recipient submits"
                        : "an EIP-3009 transfer authorization", until: until)),
        ]
        if !environment.isKnown(to) {
            out.warnings.append(
                "the authorization pays \(to.checksummed), which is not one of your accounts or contacts")
        }
        if !token.isKnown { out.warnings.append(token.unknownWarning) }
        if from != account {
            out.warnings.append(
                "the authorization's owner \(describe(from)) is not the signing account: the token will refuse this signature"
            )
        }
        if validBefore > BigUInt(max(0, now)) + BigUInt(PermitReview.farExpiry) {
            out.warnings.append(
                "FAR EXPIRY: the authorization is valid before \(until); a payment signature valid that long is easily forgotten, and whoever holds it can submit it at any time until then"
            )
        }
        return out
    }
}
