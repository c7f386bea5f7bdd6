import AirsignEncoding
import AirsignKeys
import AirsignMessages
import BigInt

/// A transaction to Multicall3, whose calls the signer reads one by one: `aggregate`,
/// `tryAggregate`, `blockAndAggregate`, `tryBlockAndAggregate`, `aggregate3` and
/// `aggregate3Value`. Multicall3 makes each call itself, so the target sees Multicall3 as its
/// caller, not the signing account. The rule that follows, and that this review applies:
///
/// - `transferFrom(<signing account>, to, amount)` moves the account's own tokens (Multicall3
///   spends an allowance the account gave it; anyone may make it do so): counted as leaving the
///   account, as much as the call says, whether or not such an allowance exists today.
/// - A `transfer`, `approve` or any other token call moves or grants Multicall3's own tokens, and
///   `transferFrom` of another owner moves that owner's: none of it is the account's, but the
///   signer cannot say what it does either, so each is unknown, as is every other call.
/// - A call to Multicall3 itself with one of these batches is read the same way, one level
///   deeper (Multicall3 is still the caller of every call in it), up to `depthBudget` batches
///   deep; a batch nested deeper is unknown.
/// - Ether: only `aggregate3Value` passes on what it receives, each call's `value` to that
///   call's target, and Multicall3 reverts the whole batch unless the values add up to exactly
///   what it received. Each value is an outflow of the signing account to its target; when the
///   values do not add up the batch is warned of and what it receives is counted as sent to
///   Multicall3. Ether sent with any other batch stays in Multicall3, where any caller can take
///   it: warned of, counted as sent to Multicall3.
///
/// Multicall3 sits at one address on every chain it is deployed on; the same selectors sent to
/// another contract are that contract's to interpret, and are not read here.
struct MulticallReview {
    static let multicall3 = "0xcA11bde05977b3631167028862bE2a173976CA11"
    /// How many batches deep the review reads: the transaction's own batch is 1, a batch that
    /// one of its calls sends to Multicall3 is 2, and so on. A batch deeper than this is
    /// unknown.
    static let depthBudget = 4

    var lines: [ReviewLine] = []
    var warnings: [String] = []
    var totals: [AssetAmount] = []
    var unknowns: [String] = []
    /// Where the transaction's value goes, as outflows of the signing account that add up to
    /// exactly that value: to each call's target when `aggregate3Value` passes it on (values
    /// that add up), otherwise all of it to Multicall3. Empty when the transaction sends none.
    var forwarded: [Outflow] = []

    /// A Multicall3 function the review reads.
    enum Form: CaseIterable {
        case aggregate, tryAggregate, blockAndAggregate, tryBlockAndAggregate, aggregate3, aggregate3Value

        /// The canonical signature, whose Keccak-256 begins with `selector` (a test holds them
        /// together).
        var signature: String {
            switch self {
            case .aggregate: "aggregate((address,bytes)[])"
            case .tryAggregate: "tryAggregate(bool,(address,bytes)[])"
            case .blockAndAggregate: "blockAndAggregate((address,bytes)[])"
            case .tryBlockAndAggregate: "tryBlockAndAggregate(bool,(address,bytes)[])"
            case .aggregate3: "aggregate3((address,bool,bytes)[])"
            case .aggregate3Value: "aggregate3Value((address,bool,uint256,bytes)[])"
            }
        }

        var selector: [UInt8] {
            switch self {
            case .aggregate: [0x25, 0x2d, 0xba, 0x42]
            case .tryAggregate: [0xbc, 0xe3, 0x8b, 0xd7]
            case .blockAndAggregate: [0xc3, 0x07, 0x7f, 0xa9]
            case .tryBlockAndAggregate: [0x39, 0x95, 0x42, 0xe9]
            case .aggregate3: [0x82, 0xad, 0x56, 0xcb]
            case .aggregate3Value: [0x17, 0x4d, 0xea, 0x71]
            }
        }

        var name: String { String(signature.prefix(while: { $0 != "(" })) }

        /// The arguments: `bool requireSuccess` first for the two `try…` forms, then the calls.
        var arguments: [ABIType] {
            let address = ABIParameter(type: .address), flag = ABIParameter(type: .bool),
                data = ABIParameter(type: .bytes)
            switch self {
            case .aggregate, .blockAndAggregate: return [.array(.tuple([address, data]))]
            case .tryAggregate, .tryBlockAndAggregate: return [.bool, .array(.tuple([address, data]))]
            case .aggregate3: return [.array(.tuple([address, flag, data]))]
            case .aggregate3Value: return [.array(.tuple([address, flag, ABIParameter(type: .uint(256)), data]))]
            }
        }
    }

    /// One decoded batch.
    struct Batch {
        struct Call {
            let target: EthereumAddress
            /// The batch goes on when this call reverts (`allowFailure`, or `requireSuccess` false).
            let mayFail: Bool
            /// The ether Multicall3 sends with the call (`aggregate3Value` only).
            let value: BigUInt
            let data: [UInt8]
        }

        let form: Form
        let calls: [Call]

        /// The batch `data` holds, or nil when it is not one of `Form`'s selectors followed by
        /// the strict encoding of its arguments.
        init?(_ data: [UInt8]) {
            guard data.count >= 4, let form = Form.allCases.first(where: { $0.selector == Array(data.prefix(4)) }),
                let decoded = try? ABIDecoder.decode(form.arguments, from: Array(data.dropFirst(4))),
                case let .array(items)? = decoded.last
            else { return nil }
            var requireSuccess = true
            if decoded.count == 2 {
                guard case let .bool(flag) = decoded[0] else { return nil }
                requireSuccess = flag
            }
            var calls: [Call] = []
            for item in items {
                guard case let .tuple(parts) = item, case let .address(target)? = parts.first,
                    case let .bytes(inner)? = parts.last
                else { return nil }
                switch form {
                case .aggregate3:
                    guard case let .bool(allowFailure) = parts[1] else { return nil }
                    calls.append(Call(target: target, mayFail: allowFailure, value: 0, data: inner))
                case .aggregate3Value:
                    guard case let .bool(allowFailure) = parts[1], case let .uint(value) = parts[2] else { return nil }
                    calls.append(Call(target: target, mayFail: allowFailure, value: value, data: inner))
                default:
                    calls.append(Call(target: target, mayFail: !requireSuccess, value: 0, data: inner))
                }
            }
            self.form = form
            self.calls = calls
        }
    }

    private let signer: EthereumAddress
    private let environment: ClearSigningEnvironment
    private let ether: Asset

    /// The review of `data` sent with `value` to `to`, or nil when it is not one of
    /// Multicall3's batches (or its arguments do not decode strictly: then the call is shown as
    /// any other).
    init?(
        _ data: [UInt8], to: EthereumAddress, value: BigUInt, signer: EthereumAddress,
        environment: ClearSigningEnvironment
    ) throws {
        guard to.checksummed == Self.multicall3, let batch = Batch(data) else { return nil }
        self.signer = signer
        self.environment = environment
        ether = Asset(
            chain: ChainID(Chain.ethereum), network: "eip155:\(environment.chainId)", symbol: environment.nativeSymbol,
            decimals: 18)
        forwarded = read(batch, at: to, received: value, path: [])
    }

    /// Reads `batch`, made by Multicall3 at `multicall` with `received` ether, as call `path` of
    /// the batches above it (empty for the transaction's own): its lines at level
    /// `path.count`. Returns where `received` goes, adding up to exactly it.
    private mutating func read(_ batch: Batch, at multicall: EthereumAddress, received: BigUInt, path: [Int])
        -> [Outflow]
    {
        let describe = environment.describe
        let level = path.count
        let count = batch.calls.count
        lines.append(
            ReviewLine(
                "call",
                "Multicall3 \(batch.form.name): \(count) call\(count == 1 ? "" : "s"), each made by Multicall3, not by your account",
                level: level))
        var sent: [Outflow] = []
        for (index, call) in batch.calls.enumerated() {
            let here = path + [index + 1]
            let name = here.map(String.init).joined(separator: ".")
            lines.append(
                ReviewLine(
                    "call \(index + 1)", describe(call.target) + (call.mayFail ? " (allowed to fail)" : ""),
                    level: level))
            if batch.form == .aggregate3Value {
                lines.append(
                    ReviewLine(
                        "value", "\(EtherAmount.format(call.value, decimals: 18)) \(environment.nativeSymbol)",
                        level: level + 1))
            }
            if call.target == multicall, let inner = Batch(call.data) {
                guard here.count < Self.depthBudget else {
                    lines.append(
                        ReviewLine(
                            "data",
                            "a Multicall3 \(inner.form.name) batch nested more than \(Self.depthBudget) deep: not read",
                            level: level + 1))
                    unknowns.append(
                        "call \(name) of the Multicall3 batch: a Multicall3 batch nested more than \(Self.depthBudget) deep, not read by the signer"
                    )
                    if call.value > 0 { sent.append(outflow(call.value, to: multicall)) }
                    continue
                }
                sent += read(inner, at: multicall, received: call.value, path: here)
                continue
            }
            let token = ReviewToken(
                contract: call.target, chainId: environment.chainId, knowledge: environment.knowledge)
            // Bytes after a token call's arguments do not stop the token from running it (as at
            // the top level): the call keeps its effects and the bytes are warned of.
            var data = CallData(call.data)
            var trailing = 0
            if case let .other(bytes) = data, let read = CallData.withTrailingBytes(bytes) { (data, trailing) = read }
            switch data {
            case let .erc20TransferFrom(owner, recipient, amount) where owner == signer:
                lines += [
                    ReviewLine(
                        "call", "ERC-20 transferFrom of your tokens, through an allowance you gave Multicall3",
                        level: level + 1),
                    token.line(level: level + 1), ReviewLine("token recipient", describe(recipient), level: level + 1),
                    token.amountOrTokenIdLine("token amount", amount, level: level + 1),
                ]
                totals.append(token.total(amount, maybeTokenId: true))
                if !token.isKnown { warnings.append(token.unknownWarning) }
                if trailing > 0 {
                    lines.append(
                        ReviewLine(
                            "extra data", "\(trailing) bytes after the arguments, which the token ignores",
                            level: level + 1))
                    warnings.append(
                        "call \(name) of the Multicall3 batch carries \(trailing) bytes after its arguments; the token ignores them and the call is counted as shown, but a wallet that sends such data may be hiding something"
                    )
                }
            case .empty where call.value > 0:
                // Ether forwarded with no call: counted below as sent to the target.
                lines.append(ReviewLine("data", "none: ether sent to the target", level: level + 1))
            case .empty:
                lines.append(ReviewLine("data", "none", level: level + 1))
                unknowns.append("a call with no data from Multicall3 to \(call.target.checksummed)")
            default:
                let head =
                    call.data.count >= 4 ? "selector \(Hex.encode(Array(call.data.prefix(4)), prefix: true)), " : ""
                lines.append(
                    ReviewLine(
                        "data", "\(head)\(call.data.count) bytes: Multicall3's own call, not read", level: level + 1))
                unknowns.append(
                    "call \(name) of the Multicall3 batch, to \(call.target.checksummed): made by Multicall3 with its own tokens or another's allowance, not read by the signer"
                )
            }
            if call.value > 0 { sent.append(outflow(call.value, to: call.target)) }
        }
        let native = environment.nativeSymbol
        let amount = { (wei: BigUInt) in "\(EtherAmount.format(wei, decimals: 18)) \(native)" }
        let caller = path.map(String.init).joined(separator: ".")
        if batch.form == .aggregate3Value {
            let sum = batch.calls.reduce(BigUInt(0)) { $0 + $1.value }
            guard sum == received else {
                // Multicall3 requires msg.value == the sum after the last call, and reverts.
                let whose = path.isEmpty ? "the transaction" : "call \(caller)"
                let counted =
                    received > 0 ? "; the \(amount(received)) \(whose) sends is counted as sent to Multicall3" : ""
                warnings.append(
                    "the Multicall3 aggregate3Value calls send \(amount(sum)) in all, but \(whose) sends it \(amount(received)): "
                        + "Multicall3 reverts a batch whose values do not add up to what it receives\(counted)")
                return received > 0 ? [outflow(received, to: multicall)] : []
            }
            return sent
        }
        // Every other batch keeps what it is sent: Multicall3 holds it for any caller to take.
        guard received > 0 else { return [] }
        warnings.append(
            "\(amount(received)) is sent to Multicall3\(path.isEmpty ? "" : " by call \(caller)"), which any caller can take from it"
        )
        return [outflow(received, to: multicall)]
    }

    /// `amount` of ether leaving the signing account to `target`, labelled.
    private func outflow(_ amount: BigUInt, to target: EthereumAddress) -> Outflow {
        Outflow(AssetAmount(asset: ether, amount: amount), to: environment.describe(target))
    }
}
