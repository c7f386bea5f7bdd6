import AirsignEncoding
import AirsignEthereum
import AirsignMessages
import BigInt

extension FuzzTarget {
    /// Random bytes are almost never a Multicall3 batch; this target builds one from the
    /// fuzzer's bytes (every form, batches nested up to six deep, pulls of the account's tokens
    /// with and without bytes after their arguments, other owners' pulls, Multicall3's own token
    /// calls, random calls, ether with and without data, values that do and do not add up) and
    /// reviews it as the signer does. Properties: no trap, no refusal, the account's USDC counted
    /// is exactly the pulls within the depth budget, and the ether counted is exactly the fees
    /// plus what the transaction sends, however the batches pass it on.
    static let ethereumMulticallStructured = FuzzTarget(
        name: "ethereum-multicall-structured",
        summary:
            "structure-aware: Multicall3 batches of every form built from the bytes, nested, reviewed; the account's tokens and ether counted exactly"
    ) { input throws(FuzzViolation) in
        guard let signer = EthereumFuzzAccount.address,
            let token = try? EthereumAddress(bytes: EthereumFuzzAccount.listedToken),
            let multicall = try? EthereumAddress(MulticallFuzzBatch.multicall3)
        else { return }
        var source = FuzzByteSource(input)
        let built: MulticallFuzzBatch
        do {
            built = try MulticallFuzzBatch(&source, depth: 1, signer: signer, token: token, multicall: multicall)
        } catch {
            throw FuzzViolation("the generator could not encode a batch: \(error)")
        }
        // The transaction sends what an aggregate3Value batch passes on, or (chosen by the
        // bytes) some other amount.
        let value = source.below(4) == 0 ? BigUInt(source.below(1000)) : built.received
        let transaction: EthereumTransaction
        do {
            transaction = try EthereumTransaction(
                type: .feeMarket, chainId: 1, nonce: 0, fees: .feeMarket(maxPriorityFeePerGas: 1, maxFeePerGas: 2),
                gasLimit: 21000, to: multicall, value: value, data: built.data)
        } catch { throw FuzzViolation("the generator built an invalid transaction: \(error)") }
        let review: TransactionReview
        do { review = try TransactionReview(transaction, from: signer) } catch {
            throw FuzzViolation("the built-in review refused a Multicall3 batch: \(error)")
        }
        let own = review.effects.compactMap { effect -> Outflow? in
            guard case let .outflow(outflow) = effect, outflow.from == nil else { return nil }
            return outflow
        }
        let usdc = own.filter { $0.amount.asset.symbol == "USDC" }.reduce(BigUInt(0)) { $0 + $1.amount.amount }
        try FuzzViolation.check(
            usdc == built.pulled, "counted \(usdc) of the account's USDC, the batch pulls \(built.pulled)")
        let ether = own.filter { $0.amount.asset.symbol == "ETH" }.reduce(BigUInt(0)) { $0 + $1.amount.amount }
        try FuzzViolation.check(
            ether == transaction.maxTotalCost,
            "counted \(ether) wei leaving, the transaction can cost \(transaction.maxTotalCost)")
        let unknown = review.effects.contains { if case .unknown = $0 { true } else { false } }
        try FuzzViolation.check(!built.unknown || unknown, "a call the signer cannot read left no unknown effect")
    }
}

/// A Multicall3 batch built from the fuzzer's bytes, and what the signer must count of it.
struct MulticallFuzzBatch {
    static let multicall3 = "0xcA11bde05977b3631167028862bE2a173976CA11"
    /// The review reads this many batches deep (`MulticallReview.depthBudget`); deeper ones are
    /// unknown and their pulls not counted.
    static let depthBudget = 4
    static let forms = [
        "aggregate((address,bytes)[])", "tryAggregate(bool,(address,bytes)[])", "blockAndAggregate((address,bytes)[])",
        "tryBlockAndAggregate(bool,(address,bytes)[])", "aggregate3((address,bool,bytes)[])",
        "aggregate3Value((address,bool,uint256,bytes)[])",
    ]

    var data: [UInt8] = []
    /// The account's USDC its calls pull within the depth budget.
    var pulled = BigUInt(0)
    /// The ether an aggregate3Value batch passes on (the sum of its calls' values); 0 otherwise.
    var received = BigUInt(0)
    /// Whether some call is one the signer cannot read.
    var unknown = false

    init(
        _ source: inout FuzzByteSource, depth: Int, signer: EthereumAddress, token: EthereumAddress,
        multicall: EthereumAddress
    ) throws {
        let form = source.below(Self.forms.count)
        let withValue = form == 5
        let counted = depth <= Self.depthBudget
        var calls: [(target: EthereumAddress, value: BigUInt, data: [UInt8])] = []
        for _ in 0..<source.below(5) {
            var value = withValue ? BigUInt(source.below(3) == 0 ? 0 : source.below(1000)) : 0
            switch source.below(7) {
            case 0, 1:
                // transferFrom(<the account>, someone, amount), sometimes with bytes after it.
                let amount = BigUInt(bigEndian: source.take(source.below(9)))
                var call = try ABIEncoder.call(
                    try ABIFunction(signature: "transferFrom(address,address,uint256)"),
                    [.address(signer), .address(try EthereumAddress(bytes: source.take(20))), .uint(amount)])
                if source.below(4) == 0 { call += source.take(1 + source.below(40)) }
                calls.append((token, value, call))
                if counted { pulled += amount } else { unknown = true }
            case 2:
                // Another owner's tokens, or Multicall3's own: not the account's, unknown.
                var owner = source.take(20)
                if owner == signer.bytes { owner[0] ^= 1 }
                let call =
                    source.bool()
                    ? try ABIEncoder.call(
                        try ABIFunction(signature: "transferFrom(address,address,uint256)"),
                        [.address(try EthereumAddress(bytes: owner)), .address(signer), .uint(1)])
                    : try ABIEncoder.call(
                        try ABIFunction(signature: "transfer(address,uint256)"), [.address(signer), .uint(2)])
                calls.append((token, value, call))
                unknown = true
            case 3:
                // A call the signer has no meaning for.
                calls.append(
                    (
                        try Self.stranger(&source, multicall: multicall), value,
                        [0xde, 0xad, 0xbe, 0xef] + source.take(source.below(70))
                    ))
                unknown = true
            case 4:
                // Ether alone (a payment when it carries value), or an empty call.
                calls.append((try Self.stranger(&source, multicall: multicall), value, []))
                if value == 0 { unknown = true }
            default:
                guard depth < 6 else { continue }
                let inner = try MulticallFuzzBatch(
                    &source, depth: depth + 1, signer: signer, token: token, multicall: multicall)
                // The value sent to a nested value batch is usually what it passes on.
                if withValue, source.below(3) != 0 { value = inner.received }
                calls.append((multicall, value, inner.data))
                pulled += inner.pulled
                unknown = unknown || inner.unknown || depth + 1 > Self.depthBudget
            }
            received += value
        }
        if !withValue { received = 0 }
        let allowFailure = source.bool()
        let items: [ABIValue] = calls.map { call in
            switch form {
            case 4: .tuple([.address(call.target), .bool(allowFailure), .bytes(call.data)])
            case 5: .tuple([.address(call.target), .bool(allowFailure), .uint(call.value), .bytes(call.data)])
            default: .tuple([.address(call.target), .bytes(call.data)])
            }
        }
        let function = try ABIFunction(signature: Self.forms[form])
        data =
            form == 1 || form == 3
            ? try ABIEncoder.call(function, [.bool(allowFailure), .array(items)])
            : try ABIEncoder.call(function, [.array(items)])
    }

    /// An address that is not Multicall3.
    static func stranger(_ source: inout FuzzByteSource, multicall: EthereumAddress) throws -> EthereumAddress {
        var bytes = source.take(20)
        if bytes == multicall.bytes { bytes[19] ^= 1 }
        return try EthereumAddress(bytes: bytes)
    }
}
