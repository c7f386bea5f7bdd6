import AirsignEncoding
import AirsignMessages
import BigInt

/// ERC-2771 meta-transactions: OpenZeppelin's `MinimalForwarder` and `ERC2771Forwarder`
/// `ForwardRequest`s. A relayer submits the signature to the forwarder (the verifying
/// contract), which calls `to` with `from` appended, and a target that trusts the forwarder
/// takes `from` as its caller: the inner call is read as a call the signer makes. The `value` is
/// the relayer's (the forwarder sends what it was paid), not the signer's.
struct ForwardRequestReview {
    static let minimal = "ForwardRequest(address from,address to,uint256 value,uint256 gas,uint256 nonce,bytes data)"
    static let withDeadline =
        "ForwardRequest(address from,address to,uint256 value,uint256 gas,uint256 nonce,uint48 deadline,bytes data)"

    /// The review, or nil when `typed` is neither forwarder's request.
    static func review(_ typed: TypedData, account: EthereumAddress, environment: ClearSigningEnvironment) throws
        -> RecognisedTypedData?
    {
        let type = try typed.encodeType(typed.primaryType)
        guard type == minimal || type == withDeadline else { return nil }
        let fields = TypedFields(typed: typed)
        let describe = environment.describe
        let from = try fields.address("from")
        let to = try fields.address("to")
        let value = try fields.uint("value")
        let gas = try fields.uint("gas")
        let data = try fields.bytes("data")
        let deadline = type == withDeadline ? try fields.uint("deadline") : nil
        let until = deadline.map { DeadlineText.describe($0, now: environment.now) }
        var out = RecognisedTypedData()
        out.lines = [
            ReviewLine(
                "forward request",
                "ERC-2771: a relayer submits this call to the forwarder, and the target takes it as yours"),
            ReviewLine("forwarder", try fields.verifyingContract().map(describe) ?? "none named in the domain"),
            ReviewLine("caller", describe(from)), ReviewLine("to", describe(to)),
            ReviewLine(
                "value", "\(EtherAmount.format(value, decimals: 18)) \(environment.nativeSymbol), paid by the relayer"),
            ReviewLine("gas", String(gas)),
            ReviewLine("deadline", until ?? "none: valid until its nonce is used"),
        ]
        out.effects.append(.deferred(DeferredSignature("an ERC-2771 forward request a relayer submits", until: until)))
        if from != account {
            out.warnings.append(
                "the request's caller \(describe(from)) is not the signing account: the forwarder will refuse this signature"
            )
        }
        let call = try InnerCall(
            data, to: to, value: value, actor: from, signer: account, countValue: false, level: 1,
            environment: environment)
        out.lines.append(ReviewLine("forwarded call", ""))
        out.lines += call.lines
        out.warnings += call.warnings
        out.effects += call.effects
        return out
    }
}
