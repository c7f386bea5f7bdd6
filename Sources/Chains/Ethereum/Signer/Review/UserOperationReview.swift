import AirsignEncoding
import AirsignKeys
import AirsignMessages
import BigInt

/// An ERC-4337 user operation as its owner signs it: the smart account `sender` performs the
/// calls its `callData` asks for once a bundler submits the operation to the EntryPoint. The
/// calls are read as the account's (`AccountCalls`, then each by `InnerCall` with the sender as
/// the caller); the fees are the sender's prefund unless a paymaster pays them; a factory's
/// deployment, a paymaster's terms and calls the signer cannot read are unknown effects.
struct UserOperationReview {
    var lines: [ReviewLine] = []
    var warnings: [String] = []
    var effects: [Effect] = []

    init(
        _ operation: PackedUserOperation, version: EntryPointVersion, signer: EthereumAddress,
        environment: ClearSigningEnvironment
    ) throws {
        let describe = environment.describe
        let native = environment.nativeSymbol
        let sender = operation.sender
        let senderText = describe(sender)
        let ether = Asset(
            chain: ChainID(Chain.ethereum), network: "eip155:\(environment.chainId)", symbol: native, decimals: 18)
        let actor = sender == signer ? nil : senderText
        lines = [
            ReviewLine(
                "user operation", "ERC-4337, EntryPoint v\(version.rawValue) \(version.address.checksummed)",
                source: .signerTable),
            ReviewLine("sender", sender == signer ? "\(senderText), the signing account itself" : senderText),
            ReviewLine("nonce", "key \(operation.nonceKey), sequence \(operation.nonceSequence)"),
            ReviewLine("call gas limit", String(operation.callGasLimit)),
            ReviewLine("verification gas limit", String(operation.verificationGasLimit)),
            ReviewLine("pre-verification gas", String(operation.preVerificationGas)),
            ReviewLine("max priority fee", EtherAmount.gwei(operation.maxPriorityFeePerGas)),
            ReviewLine("max fee", EtherAmount.gwei(operation.maxFeePerGas)),
        ]
        if sender != signer, !environment.isOwn(sender) {
            warnings.append(
                "the operation is for the account \(sender.checksummed), which is not one of your accounts: what it does is done by that account, which must be one this key controls"
            )
        }
        if let factory = operation.factory {
            lines.append(
                ReviewLine(
                    "factory",
                    "\(describe(factory.address)), called with \(factory.data.count) bytes to deploy the account"))
            effects.append(
                .unknown(
                    what:
                        "the deployment of \(sender.checksummed) by the factory \(factory.address.checksummed), whose data (who will control the account) the signer does not read"
                ))
        } else {
            lines.append(ReviewLine("factory", "none: the account exists"))
        }
        if let paymaster = operation.paymaster {
            lines += [
                ReviewLine("paymaster", describe(paymaster.address)),
                ReviewLine("paymaster verification gas", String(paymaster.verificationGasLimit), level: 1),
                ReviewLine("paymaster post-op gas", String(paymaster.postOpGasLimit), level: 1),
                ReviewLine("paymaster data", "\(paymaster.data.count) bytes", level: 1),
            ]
            effects.append(
                .unknown(
                    what:
                        "the paymaster \(paymaster.address.checksummed) pays the fees on terms its data sets (an ERC-20 paymaster takes tokens from the account), which the signer does not read"
                ))
        } else {
            let fee = operation.maxCost
            lines.append(
                ReviewLine("max fees", "\(EtherAmount.format(fee, decimals: 18)) \(native), paid by the sender"))
            if fee > 0 { effects.append(.outflow(Outflow(AssetAmount(asset: ether, amount: fee), from: actor))) }
        }
        if let calls = AccountCalls(operation.callData) {
            let count = calls.calls.count
            lines.append(
                ReviewLine(
                    "calls", "\(count) call\(count == 1 ? "" : "s") the account makes (\(calls.form))"))
            if calls.mayFail {
                warnings.append("try mode: a call that reverts does not undo the others, which still take effect")
            }
            for (index, call) in calls.calls.enumerated() {
                lines.append(ReviewLine("call \(index + 1)", "", level: 1))
                lines.append(ReviewLine("to", describe(call.target), level: 2))
                lines.append(
                    ReviewLine("value", "\(EtherAmount.format(call.value, decimals: 18)) \(native)", level: 2))
                let inner = try InnerCall(
                    call.data, to: call.target, value: call.value, actor: sender, signer: signer, countValue: true,
                    level: 2, environment: environment)
                lines += inner.lines
                warnings += inner.warnings
                effects += inner.effects
            }
        } else {
            lines.append(
                ReviewLine(
                    "call data",
                    operation.callData.isEmpty ? "none" : "\(operation.callData.count) bytes the signer does not read"))
            if !operation.callData.isEmpty {
                let selector = Hex.encode(Array(operation.callData.prefix(4)), prefix: true)
                effects.append(
                    .unknown(
                        what:
                            "the account's call data (selector \(selector)), which is none of the account interfaces the signer reads"
                    ))
            }
        }
        effects.append(
            .deferred(
                DeferredSignature(
                    "a user operation any bundler may submit to the EntryPoint",
                    until: "the account's nonce for key \(operation.nonceKey) passes \(operation.nonceSequence)")))
    }
}
