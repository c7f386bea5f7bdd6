import AirsignEncoding
import AirsignKeys
import AirsignMessages
import BigInt

/// What the signer shows before signing a transaction, derived only from the decoded bytes and
/// the signer's own tables: every amount exact, every address EIP-55 and labelled, token
/// amounts in the token's units only when the signer's list knows the token.
public struct TransactionReview: Sendable {
    /// "EIP-1559 (type 2)".
    public let type: String
    public let lines: [ReviewLine]
    /// Things the person must notice (an unlimited approval, lost ether, a fee cap below the tip).
    public private(set) var warnings: [String]
    /// What signing lets happen: the ether cost (value plus the maximum fee) to the recipient,
    /// the token amounts and approvals of the token calls the signer reads, and an unknown
    /// effect for any other call.
    public let effects: [Effect]
    /// What leaves, per asset, from the effects.
    public var totals: [AssetAmount] { effects.totals }
    /// The allowances granted, from the effects.
    public var approvals: [Approval] { effects.approvals }
    /// Why the data cannot be shown as a known call; nil when it can.
    public let blindReason: String?
    public let data: CallData
    /// The call as the descriptor that showed it states it; nil when none did.
    public let intent: ReviewIntent?

    /// Reviews `transaction`, signed by `from`: `labels` names addresses (own account, contact,
    /// or neither; by default the bare address), `knowledge` is what the person installed,
    /// `request` the ABI fragment the request carried, `now` the signer's clock. Throws when an
    /// installed descriptor or the request's fragment claims the call and the data does not
    /// decode under it, or the fragment is for another function.
    public init(
        _ transaction: EthereumTransaction, from: EthereumAddress, labels: AddressLabels = .bare,
        knowledge: EthereumKnowledge = .none, request: ABIFunction? = nil, now: Int64 = 0
    ) throws {
        type = transaction.type.name
        let chainId = transaction.chainId
        let describe = labels.describe
        let native = ChainNames.nativeSymbol(for: chainId)
        let name = ChainNames.name(for: chainId)
        var lines = [
            // The chain id is signed; its name is the signer's table's.
            ReviewLine(
                "network name", name.map { "\($0) (chain id \(chainId))" } ?? "chain id \(chainId) (unknown network)",
                source: name == nil ? .signed : .signerTable),
            ReviewLine("from", describe(from)),
            ReviewLine("to", transaction.to.map(describe) ?? "contract creation"),
            ReviewLine("value", "\(EtherAmount.format(transaction.value, decimals: 18)) \(native)"),
            ReviewLine("nonce", String(transaction.nonce)),
            ReviewLine("gas limit", String(transaction.gasLimit)),
        ]
        var warnings: [String] = []
        switch transaction.fees {
        case .gasPrice(let price):
            lines.append(ReviewLine("gas price", EtherAmount.gwei(price)))
        case .feeMarket(let priority, let maxFee):
            lines += [
                ReviewLine("max priority fee", EtherAmount.gwei(priority)),
                ReviewLine("max fee", EtherAmount.gwei(maxFee)),
            ]
            if maxFee < priority {
                warnings.append("the max fee is below the priority fee: nodes will reject this transaction")
            }
        }
        // The fee alone (gas limit × fee cap), then the worst case with the value.
        lines.append(
            ReviewLine(
                "max fees",
                "\(EtherAmount.format(transaction.maxTotalCost - transaction.value, decimals: 18)) \(native)"))
        lines.append(
            ReviewLine("max total cost", "\(EtherAmount.format(transaction.maxTotalCost, decimals: 18)) \(native)"))
        if transaction.type != .legacy { lines += Self.accessList(transaction.accessList, describe: describe) }
        let delegations =
            transaction.type == .setCode
            ? try AuthorizationListReview(transaction, from: from, knowledge: knowledge, describe: describe) : nil
        lines += delegations?.lines ?? []
        warnings += delegations?.warnings ?? []
        let environment = ClearSigningEnvironment(
            chainId: chainId, knowledge: knowledge, now: now, describe: describe,
            isKnown: labels.isKnown, isOwn: labels.isOwn, contactName: labels.contactName)
        let call = try CallDataReview(
            transaction.data, to: transaction.to, value: transaction.value, from: from, request: request,
            environment: environment)
        self.lines = lines + call.lines
        self.warnings = warnings + call.warnings
        let ether = Asset(chain: ChainID(Chain.ethereum), network: "eip155:\(chainId)", symbol: native, decimals: 18)
        // The ether total is the worst case: value plus gas limit × fee cap, as "max total cost" says.
        var effects: [Effect] = [
            .outflow(
                Outflow(
                    AssetAmount(asset: ether, amount: transaction.maxTotalCost),
                    to: transaction.value > 0 ? transaction.to.map(describe) : nil))
        ]
        // A Multicall3 batch says where the value goes (aggregate3Value pays it on to its calls'
        // targets): the fees alone, then each part to its target, the same sum.
        let forwarded = call.forwarded.reduce(BigUInt(0)) { $0 + $1.amount.amount }
        if !call.forwarded.isEmpty, forwarded == transaction.value {
            effects =
                [.outflow(Outflow(AssetAmount(asset: ether, amount: transaction.maxTotalCost - transaction.value)))]
                + call.forwarded.map {
                    .outflow(Outflow(AssetAmount(asset: ether, amount: $0.amount.amount), to: $0.to))
                }
        }
        effects += delegations?.effects ?? []
        effects += call.totals.map { .outflow(Outflow($0)) }
        effects += call.approvals.map { .allowance($0) }
        effects += (call.blindReason.map { [$0] } ?? []).map { .unknown(what: $0) }
        effects += call.unknowns.map { .unknown(what: $0) }
        self.effects = effects
        let maxFees = transaction.maxTotalCost - transaction.value
        if maxFees >= Self.highFee, maxFees > transaction.value {
            self.warnings.append(
                "the fees may reach \(EtherAmount.format(maxFees, decimals: 18)) \(native), more than the \(EtherAmount.format(transaction.value, decimals: 18)) \(native) the transaction sends"
            )
        }
        blindReason = call.blindReason
        data = call.data
        intent = call.intent
    }

    /// Fees from this many wei (0.05 of the native token) up are warned about when they exceed
    /// the value sent.
    static let highFee = BigUInt(50_000_000_000_000_000)

    /// EIP-2930 access list: how many addresses and keys, then each address (labelled) with its
    /// storage-key count. The keys cost gas and warm storage; they move nothing.
    static func accessList(_ entries: [AccessListEntry], describe: (EthereumAddress) -> String) -> [ReviewLine] {
        let keys = entries.reduce(0) { $0 + $1.storageKeys.count }
        guard !entries.isEmpty else { return [ReviewLine("access list", "none")] }
        let addresses = entries.count == 1 ? "1 address" : "\(entries.count) addresses"
        return [ReviewLine("access list", "\(addresses), \(storageKeys(keys))")]
            + entries.map {
                ReviewLine("address", "\(describe($0.address)): \(storageKeys($0.storageKeys.count))", level: 1)
            }
    }

    private static func storageKeys(_ count: Int) -> String {
        "\(count) storage key\(count == 1 ? "" : "s")"
    }
}

/// How a review names addresses: with the signer's accounts and contacts (`describe`), and
/// whether an address is one of them.
public struct AddressLabels: Sendable {
    public let describe: @Sendable (EthereumAddress) -> String
    public let isKnown: @Sendable (EthereumAddress) -> Bool
    public let isOwn: @Sendable (EthereumAddress) -> Bool
    /// The person's name for the address in their contacts, nil for any other.
    public let contactName: @Sendable (EthereumAddress) -> String?

    public init(
        describe: @escaping @Sendable (EthereumAddress) -> String,
        isKnown: @escaping @Sendable (EthereumAddress) -> Bool,
        isOwn: @escaping @Sendable (EthereumAddress) -> Bool,
        contactName: @escaping @Sendable (EthereumAddress) -> String? = { _ in nil }
    ) {
        self.describe = describe
        self.isKnown = isKnown
        self.isOwn = isOwn
        self.contactName = contactName
    }

    /// The bare EIP-55 address, nobody known.
    public static let bare = AddressLabels(describe: { $0.checksummed }, isKnown: { _ in false }, isOwn: { _ in false })
}
