import AirsignEncoding
import AirsignMessages
import BigInt

/// A transaction to Multicall3 (`aggregate3`, `aggregate`), whose calls the signer reads one by
/// one. Multicall3 makes each call itself, so the target sees Multicall3 as its caller, not the
/// signing account. The rule that follows, and that this review applies:
///
/// - `transferFrom(<signing account>, to, amount)` moves the account's own tokens (Multicall3
///   spends an allowance the account gave it; anyone may make it do so): counted as leaving the
///   account, as much as the call says, whether or not such an allowance exists today.
/// - A `transfer`, `approve` or any other token call moves or grants Multicall3's own tokens, and
///   `transferFrom` of another owner moves that owner's: none of it is the account's, but the
///   signer cannot say what it does either, so each is unknown, as is every other call.
///
/// Multicall3 sits at one address on every chain it is deployed on; the same selector sent to
/// another contract is that contract's to interpret, and is not read here.
struct MulticallReview {
    static let multicall3 = "0xcA11bde05977b3631167028862bE2a173976CA11"

    var lines: [ReviewLine] = []
    var warnings: [String] = []
    var totals: [AssetAmount] = []
    var unknowns: [String] = []

    private static let aggregate3: [UInt8] = [0x82, 0xad, 0x56, 0xcb]
    private static let aggregate: [UInt8] = [0x25, 0x2d, 0xba, 0x42]

    /// The review of `data` sent to `to`, or nil when it is not one of Multicall3's aggregates
    /// (or its arguments do not decode strictly: then the call is shown as any other).
    init?(_ data: [UInt8], to: EthereumAddress, signer: EthereumAddress, environment: ClearSigningEnvironment) throws {
        guard to.checksummed == Self.multicall3, data.count >= 4 else { return nil }
        let selector = Array(data.prefix(4))
        let withFlag = selector == Self.aggregate3
        guard withFlag || selector == Self.aggregate else { return nil }
        let call: ABIType = withFlag ? .tuple([ABIParameter(type: .address), ABIParameter(type: .bool), ABIParameter(type: .bytes)])
            : .tuple([ABIParameter(type: .address), ABIParameter(type: .bytes)])
        guard let decoded = try? ABIDecoder.decode([.array(call)], from: Array(data.dropFirst(4))),
              case let .array(items)? = decoded.first else { return nil }
        let describe = environment.describe
        lines.append(ReviewLine("call", "Multicall3 \(withFlag ? "aggregate3" : "aggregate"): \(items.count) call\(items.count == 1 ? "" : "s"), each made by Multicall3, not by your account"))
        for (index, item) in items.enumerated() {
            guard case let .tuple(parts) = item, case let .address(target)? = parts.first, case let .bytes(inner)? = parts.last else { return nil }
            let mayFail = withFlag && parts.count == 3 && parts[1] == .bool(true)
            lines.append(ReviewLine("call \(index + 1)", describe(target) + (mayFail ? " (allowed to fail)" : "")))
            let token = ReviewToken(contract: target, chainId: environment.chainId, knowledge: environment.knowledge)
            switch CallData(inner) {
            case let .erc20TransferFrom(owner, recipient, amount) where owner == signer:
                lines += [ReviewLine("call", "ERC-20 transferFrom of your tokens, through an allowance you gave Multicall3", level: 1),
                          token.line(level: 1), ReviewLine("token recipient", describe(recipient), level: 1),
                          token.amountOrTokenIdLine("token amount", amount, level: 1)]
                totals.append(token.total(amount, maybeTokenId: true))
                if !token.isKnown { warnings.append(token.unknownWarning) }
            case .empty:
                lines.append(ReviewLine("data", "none", level: 1))
                unknowns.append("a call with no data from Multicall3 to \(target.checksummed)")
            default:
                let head = inner.count >= 4 ? "selector \(Hex.encode(Array(inner.prefix(4)), prefix: true)), " : ""
                lines.append(ReviewLine("data", "\(head)\(inner.count) bytes: Multicall3's own call, not read", level: 1))
                unknowns.append("call \(index + 1) of the Multicall3 batch, to \(target.checksummed): made by Multicall3 with its own tokens or another's allowance, not read by the signer")
            }
        }
    }
}
