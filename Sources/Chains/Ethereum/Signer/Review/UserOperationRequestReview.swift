import AirsignEncoding
import AirsignMessages
import BigInt

extension EthereumChain {
    /// The review of an ERC-4337 user operation signed by the smart account's owner key.
    func userOperationReview(
        _ request: SignRequest, _ operation: PackedUserOperation, version: EntryPointVersion, item: SigningItem,
        from: EthereumAddress, key: KeyRequirement, chainId: BigUInt, context: ReviewContext
    ) throws -> Review {
        let labels = labels(context)
        let environment = ClearSigningEnvironment(
            chainId: chainId, knowledge: knowledge, now: context.now, describe: labels.describe,
            isKnown: labels.isKnown, isOwn: labels.isOwn, contactName: labels.contactName)
        let shown: UserOperationReview
        do {
            shown = try UserOperationReview(operation, version: version, signer: from, environment: environment)
        } catch {
            throw EthereumChainError.unreadable(field: "payload.userOperation", reason: "\(error)")
        }
        let hash = try operation.hash(version: version, chainId: chainId)
        let name = ChainNames.name(for: chainId)
        var lines = [
            ReviewLine(
                "network name", name.map { "\($0) (chain id \(chainId))" } ?? "chain id \(chainId) (unknown network)",
                source: name == nil ? .signed : .signerTable),
            ReviewLine("signed by", labels.describe(from)),
        ]
        lines += shown.lines
        lines.append(ReviewLine("userOpHash", Hex.encode(hash, prefix: true)))
        lines.append(
            ReviewLine(
                "signature",
                version == .v07
                    ? "an EIP-191 signature of the userOpHash (as EntryPoint v0.7 accounts verify it)"
                    : "the userOpHash, the operation's EIP-712 digest (EntryPoint v0.8)"))
        return Review(
            request: request, title: "Ethereum ERC-4337 user operation (EntryPoint v\(version.rawValue))",
            lines: lines, warnings: shown.warnings, key: key, effects: shown.effects, signing: [item])
    }
}
