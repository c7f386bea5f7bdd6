import AirsignEncoding
import BigInt

/// What the signer shows before signing a transaction, derived only from the decoded bytes:
/// a plain value, every amount exact, every address EIP-55.
public struct TransactionReview: Equatable, Sendable {
    public let type: String
    public let chainId: BigUInt
    /// The well-known network name, nil when the chain id is not in `ChainNames`.
    public let networkName: String?
    /// The signing account, when known (EIP-55).
    public let from: String?
    /// EIP-55 recipient, or "contract creation".
    public let to: String
    /// Exact ETH, e.g. "1.5 ETH".
    public let value: String
    public let gasLimit: UInt64
    /// Labelled fee caps: "gas price", or "max priority fee" and "max fee", in gwei.
    public let fees: [(label: String, value: String)]
    /// gasLimit × fee cap + value, in ETH.
    public let maxTotalCost: String
    public let nonce: UInt64
    public let data: CallData
    /// Things the user must notice (unlimited approval, malformed ERC-20 calldata, fee cap below tip).
    public let warnings: [String]

    /// Summarises `transaction`; `from` is the account that will sign, when the caller knows it.
    public init(_ transaction: EthereumTransaction, from: EthereumAddress? = nil) {
        type = transaction.type.name
        chainId = transaction.chainId
        networkName = ChainNames.name(for: transaction.chainId)
        self.from = from?.checksummed
        to = transaction.to?.checksummed ?? "contract creation"
        value = EtherAmount.ether(transaction.value)
        gasLimit = transaction.gasLimit
        nonce = transaction.nonce
        maxTotalCost = EtherAmount.ether(transaction.maxTotalCost)
        data = CallData(transaction.data)
        var warnings: [String] = []
        switch transaction.fees {
        case .gasPrice(let price):
            fees = [("gas price", EtherAmount.gwei(price))]
        case .feeMarket(let priority, let maxFee):
            fees = [("max priority fee", EtherAmount.gwei(priority)), ("max fee", EtherAmount.gwei(maxFee))]
            if maxFee < priority { warnings.append("the max fee is below the priority fee: nodes will reject this transaction") }
        }
        if data.isUnlimitedApproval {
            warnings.append("UNLIMITED token approval: the spender may move all of this token from the account, now and later")
        }
        if case .other(let selector, _, _) = data,
           [CallData.transferSelector, CallData.approveSelector, CallData.transferFromSelector].contains(selector) {
            warnings.append("the data starts with an ERC-20 selector but its arguments are malformed; not decoded")
        }
        self.warnings = warnings
    }

    /// The review as labelled lines, in the order a person reads them.
    public var lines: [(label: String, value: String)] {
        var out: [(String, String)] = [("type", type)]
        out.append(("network", networkName.map { "\($0) (chain id \(chainId))" } ?? "chain id \(chainId) (unknown network)"))
        if let from { out.append(("from", from)) }
        out.append(("to", to))
        out.append(("value", value))
        out.append(("nonce", String(nonce)))
        out.append(("gas limit", String(gasLimit)))
        out += fees
        out.append(("max total cost", maxTotalCost))
        out += dataLines
        out += warnings.map { ("WARNING", $0) }
        return out
    }

    private var dataLines: [(String, String)] {
        switch data {
        case .empty: return [("data", "none")]
        case let .erc20Transfer(to, amount):
            return [("call", "ERC-20 transfer"), ("token recipient", to.checksummed), ("token amount", "\(amount) base units")]
        case let .erc20Approve(spender, amount):
            return [("call", "ERC-20 approve"), ("spender", spender.checksummed),
                    ("allowance", amount == BigUInt.uint256Max ? "unlimited (2^256 − 1)" : "\(amount) base units")]
        case let .erc20TransferFrom(from, to, amount):
            return [("call", "ERC-20 transferFrom"), ("token owner", from.checksummed), ("token recipient", to.checksummed),
                    ("token amount", "\(amount) base units")]
        case let .other(selector, length, prefix):
            let more = length > prefix.count ? "…" : ""
            return [("call", "selector \(Hex.encode(selector, prefix: true)), \(length) bytes"),
                    ("data", Hex.encode(prefix, prefix: true) + more)]
        }
    }

    public static func == (lhs: TransactionReview, rhs: TransactionReview) -> Bool {
        lhs.lines.elementsEqual(rhs.lines) { $0.label == $1.label && $0.value == $1.value }
    }
}
