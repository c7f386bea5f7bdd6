import AirsignEncoding
import AirsignEthereum
import AirsignMessages
import BigInt

extension FuzzTarget {
    /// ERC-4337 user operations whose call data is built from the fuzzer's bytes in one of the
    /// account interfaces the signer reads (BaseAccount `execute`/`executeBatch`, SimpleAccount
    /// v0.7's arrays, ERC-7579 single and batch), sometimes mutated, or taken raw; then read as
    /// the account's calls and reviewed. Properties: an unmutated build reads back as exactly
    /// the calls built; whatever is read re-encodes to exactly the call data (one reading of
    /// the bytes); call data not read is an unknown effect; the JSON form reads back the same
    /// operation; both versions hash it.
    static let ethereumUserOperation = FuzzTarget(
        name: "ethereum-user-operation",
        summary:
            "ERC-4337 user operations: the account's call data read as its calls (execute, executeBatch, ERC-7579), reviewed"
    ) { input throws(FuzzViolation) in
        guard let account = EthereumFuzzAccount.account, let sender = EthereumFuzzAccount.address else { return }
        var source = FuzzByteSource(input)
        let form = source.below(6)
        var built: [UserOperationFuzz.Call] = []
        for _ in 0..<source.below(4) {
            guard let target = try? EthereumAddress(bytes: source.take(20)) else { return }
            built.append(
                UserOperationFuzz.Call(
                    target: target, value: BigUInt(source.byte()) << source.below(200),
                    data: source.take(source.below(48))))
        }
        var data: [UInt8]
        if form < 5, let encoded = UserOperationFuzz.encode(built, form: form) {
            data = encoded
        } else {
            data = source.take(source.below(300))
        }
        let mutated = source.below(3) == 0
        if mutated { data = FuzzMutation.apply(data, source: &source) }
        let read = UserOperationFuzz.read(data)
        if form < 5, !mutated, !(form == 0 && built.count != 1), !(form == 3 && built.count != 1) {
            try FuzzViolation.check(read == built, "call data built in form \(form) did not read back as its calls")
        }
        if let read {
            try FuzzViolation.check(
                UserOperationFuzz.reencodings(read, of: data).contains(data),
                "call data read as calls that re-encode otherwise")
        }
        guard
            let operation = try? PackedUserOperation(
                sender: sender, nonce: BigUInt(source.byte()), initCode: [], callData: data,
                accountGasLimits: source.take(32), preVerificationGas: BigUInt(source.byte()),
                gasFees: source.take(32), paymasterAndData: [])
        else { throw FuzzViolation("a user operation of valid parts was refused") }
        let review: Review
        do { review = try UserOperationFuzz.review(operation, account: account) } catch {
            throw FuzzViolation("a user operation's review failed: \(error)")
        }
        if read == nil, !data.isEmpty {
            try FuzzViolation.check(
                review.unknowns.contains { $0.contains("call data") }, "call data not read is not an unknown effect")
        }
        do {
            try FuzzViolation.check(
                try PackedUserOperation(json: operation.json) == operation, "the JSON form reads another operation")
            for version in EntryPointVersion.allCases { _ = try operation.hash(version: version, chainId: 1) }
        } catch let violation as FuzzViolation {
            throw violation
        } catch {
            throw FuzzViolation("a user operation did not hash or read back: \(error)")
        }
    }
}
