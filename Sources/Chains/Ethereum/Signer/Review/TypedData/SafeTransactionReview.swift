import AirsignEncoding
import AirsignMessages
import BigInt

/// A Safe (Gnosis Safe) transaction as its owners sign it: `SafeTx` typed data whose verifying
/// contract is the Safe. Once enough owners have signed, any of them (or anyone holding the
/// signatures) executes it, and the Safe, not the signing account, performs the call: its value
/// and tokens leave the Safe. A DELEGATECALL runs other code with the Safe's storage and funds,
/// so nothing about it can be counted; a gas refund is paid from the Safe by an amount the
/// signed data does not bound.
struct SafeTransactionReview {
    static let type =
        "SafeTx(address to,uint256 value,bytes data,uint8 operation,uint256 safeTxGas,uint256 baseGas,uint256 gasPrice,address gasToken,address refundReceiver,uint256 nonce)"
    /// Safe 0.1.0 named `baseGas` `dataGas`; the transaction means the same. (Safes from 1.0 to
    /// 1.2 sign `type` too, under a domain with no chain id, which the typed-data review warns of.)
    static let dataGasType =
        "SafeTx(address to,uint256 value,bytes data,uint8 operation,uint256 safeTxGas,uint256 dataGas,uint256 gasPrice,address gasToken,address refundReceiver,uint256 nonce)"
    static let delegateCallWarning =
        "DELEGATECALL: the called contract runs with the Safe's storage and funds: it can do anything with the Safe"
    static let later = "a Safe transaction signature: any owner can execute it once enough owners signed"

    /// The review, or nil when `typed` is not a Safe transaction of a named Safe.
    static func review(_ typed: TypedData, account: EthereumAddress, environment: ClearSigningEnvironment) throws
        -> RecognisedTypedData?
    {
        let encoded = try typed.encodeType(typed.primaryType)
        guard encoded == type || encoded == dataGasType else { return nil }
        let fields = TypedFields(typed: typed)
        // A SafeTx with no verifying contract binds no Safe: shown as plain typed data.
        guard let safe = try fields.verifyingContract() else { return nil }
        let describe = environment.describe
        let to = try fields.address("to")
        let value = try fields.uint("value")
        let data = try fields.bytes("data")
        let operation = try fields.uint("operation")
        let gasPrice = try fields.uint("gasPrice")
        let gasToken = try fields.address("gasToken")
        let refundReceiver = try fields.address("refundReceiver")
        let nonce = try fields.uint("nonce")
        let safeText = describe(safe)
        var out = RecognisedTypedData()
        out.lines = [
            ReviewLine("Safe transaction", "the Safe performs this call once enough of its owners have signed"),
            ReviewLine("Safe", safeText), ReviewLine("Safe nonce", String(nonce)), ReviewLine("to", describe(to)),
            ReviewLine(
                "value", "\(EtherAmount.format(value, decimals: 18)) \(environment.nativeSymbol), from the Safe"),
        ]
        out.effects.append(.deferred(DeferredSignature(later, until: nil)))
        switch operation {
        case 0:
            out.lines.append(ReviewLine("operation", "0 (CALL)"))
            // The Safe is the caller: its value and tokens leave it.
            let call = try InnerCall(
                data, to: to, value: value, actor: safe, signer: account, countValue: true, level: 1,
                environment: environment)
            out.lines.append(ReviewLine("Safe's call", ""))
            out.lines += call.lines
            out.warnings += call.warnings
            out.effects += call.effects
        case 1:
            out.lines.append(ReviewLine("operation", "1 (DELEGATECALL)"))
            out.warnings.append(delegateCallWarning)
            out.effects.append(
                .unknown(
                    what:
                        "a Safe DELEGATECALL to \(to.checksummed): code that runs as the Safe \(safe.checksummed), with its storage and funds"
                ))
        default:
            out.lines.append(
                ReviewLine("operation", "\(operation) (neither CALL nor DELEGATECALL: the Safe refuses it)"))
            out.effects.append(.unknown(what: "a Safe transaction with operation \(operation)"))
        }
        if gasPrice > 0 {
            let isZero = { (address: EthereumAddress) in address.bytes.allSatisfy { $0 == 0 } }
            let asset = isZero(gasToken) ? environment.nativeSymbol : "token \(gasToken.checksummed)"
            let receiver = isZero(refundReceiver) ? "whoever executes it (refundReceiver 0)" : describe(refundReceiver)
            out.lines.append(
                ReviewLine(
                    "gas refund",
                    "the Safe pays (gas used + base gas) × \(gasPrice) base units of \(asset) to \(receiver)"))
            // The gas used is the executor's to spend: the amount has no bound in the signed data.
            out.effects.append(
                .unknown(
                    what:
                        "a gas refund the Safe \(safe.checksummed) pays in \(asset) to \(isZero(refundReceiver) ? "its executor" : refundReceiver.checksummed), its amount set by the gas used"
                ))
            if isZero(refundReceiver) || !environment.isKnown(refundReceiver) {
                out.warnings.append(
                    "the Safe pays a gas refund in \(asset) at \(gasPrice) per gas to \(receiver), which is not one of your accounts or contacts; the gas used, and so the amount, is the executor's to choose"
                )
            }
        }
        return out
    }
}
