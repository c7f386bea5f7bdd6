import AirsignEncoding
import AirsignOnline
import BigInt

/// The Ethereum JSON-RPC calls the watch makes, with their replies read strictly: quantities
/// are `0x` hex of at most 256 bits, data is `0x` hex of whole bytes. Addresses go in and come
/// out as `0x` hex text, so this module needs nothing of AirsignEthereum.
public struct EthereumRPC: Sendable {
    public let client: JSONRPCClient

    public init(url: String, transport: any HTTPTransport = URLSessionTransport()) {
        client = JSONRPCClient(url: url, transport: transport)
    }

    public var url: String { client.url }

    /// `eth_chainId`.
    public func chainId() throws(OnlineError) -> BigUInt {
        try quantity(try client.call("eth_chainId"), "eth_chainId")
    }

    /// `eth_getTransactionCount(address, "pending")`: the next nonce, counting transactions the
    /// node holds but has not mined.
    public func pendingNonce(_ address: String) throws(OnlineError) -> UInt64 {
        let value = try quantity(
            try client.call("eth_getTransactionCount", [.string(address), .string("pending")]),
            "eth_getTransactionCount")
        guard value.bitWidth <= 64 else {
            throw .badReply(url: url, reason: "eth_getTransactionCount: nonce beyond 64 bits")
        }
        return UInt64(value)
    }

    /// The latest block's `baseFeePerGas`; nil on a chain without EIP-1559.
    public func latestBaseFee() throws(OnlineError) -> BigUInt? {
        let block = try client.call("eth_getBlockByNumber", [.string("latest"), .bool(false)])
        guard case .object = block else { throw .badReply(url: url, reason: "eth_getBlockByNumber: no latest block") }
        guard let fee = block["baseFeePerGas"], fee != .null else { return nil }
        return try quantity(fee, "eth_getBlockByNumber.baseFeePerGas")
    }

    /// `eth_gasPrice`, for legacy and EIP-2930 transactions.
    public func gasPrice() throws(OnlineError) -> BigUInt {
        try quantity(try client.call("eth_gasPrice"), "eth_gasPrice")
    }

    /// `eth_maxPriorityFeePerGas`; a node without it (an RPC error) is asked for
    /// `eth_feeHistory` over the last 5 blocks at the 50th percentile, and the median of those
    /// rewards is used.
    public func priorityFee() throws(OnlineError) -> BigUInt {
        do {
            return try quantity(try client.call("eth_maxPriorityFeePerGas"), "eth_maxPriorityFeePerGas")
        } catch .rpcError {
            return try priorityFeeFromHistory()
        }
    }

    /// The median 50th-percentile reward of the last 5 blocks (`eth_feeHistory`); zero when the
    /// blocks paid no rewards at all.
    public func priorityFeeFromHistory() throws(OnlineError) -> BigUInt {
        let history = try client.call("eth_feeHistory", [.string("0x5"), .string("latest"), .array([.number("50")])])
        guard case let .array(rows)? = history["reward"] else { return 0 }
        var rewards: [BigUInt] = []
        for row in rows {
            guard case let .array(cells) = row, let first = cells.first else {
                throw .badReply(url: url, reason: "eth_feeHistory: a reward row is not a list of quantities")
            }
            rewards.append(try quantity(first, "eth_feeHistory.reward"))
        }
        let sorted = rewards.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    /// `eth_estimateGas` for a call from `from` (to nil: contract creation). `accessList` is
    /// sent when not empty (it costs intrinsic gas), in the JSON-RPC shape
    /// `[{"address":"0x…","storageKeys":["0x…"]}]`.
    public func estimateGas(
        from: String, to: String?, value: BigUInt, data: [UInt8],
        accessList: [(address: String, storageKeys: [[UInt8]])] = [], authorizationList: [JSONValue] = []
    ) throws(OnlineError) -> UInt64 {
        var call: [(key: String, value: JSONValue)] = [(key: "from", value: .string(from))]
        if let to { call.append((key: "to", value: .string(to))) }
        call.append((key: "value", value: .string(Self.quantityText(value))))
        call.append((key: "data", value: .string(Hex.encode(data, prefix: true))))
        if !accessList.isEmpty {
            call.append(
                (
                    key: "accessList",
                    value: .array(
                        accessList.map { entry in
                            .object([
                                (key: "address", value: .string(entry.address)),
                                (
                                    key: "storageKeys",
                                    value: .array(entry.storageKeys.map { .string(Hex.encode($0, prefix: true)) })
                                ),
                            ])
                        })
                ))
        }
        // EIP-7702 tuples, in the JSON-RPC form nodes take (geth, reth, anvil estimate with them).
        if !authorizationList.isEmpty { call.append((key: "authorizationList", value: .array(authorizationList))) }
        let gas = try quantity(try client.call("eth_estimateGas", [.object(call)]), "eth_estimateGas")
        guard gas.bitWidth <= 64 else { throw .badReply(url: url, reason: "eth_estimateGas: beyond 64 bits") }
        return UInt64(gas)
    }

    /// `eth_call` of `data` on `to` at the latest block; the returned bytes.
    public func call(to: String, data: [UInt8]) throws(OnlineError) -> [UInt8] {
        let call: JSONValue = .object([
            (key: "to", value: .string(to)), (key: "data", value: .string(Hex.encode(data, prefix: true))),
        ])
        return try bytes(try client.call("eth_call", [call, .string("latest")]), "eth_call")
    }

    /// `eth_getBalance(address, "latest")` in wei.
    public func balance(_ address: String) throws(OnlineError) -> BigUInt {
        try quantity(try client.call("eth_getBalance", [.string(address), .string("latest")]), "eth_getBalance")
    }

    /// `eth_sendRawTransaction`: the hash the node reports.
    public func sendRawTransaction(_ raw: [UInt8]) throws(OnlineError) -> [UInt8] {
        let hash = try bytes(
            try client.call("eth_sendRawTransaction", [.string(Hex.encode(raw, prefix: true))]),
            "eth_sendRawTransaction")
        guard hash.count == 32 else {
            throw .badReply(url: url, reason: "eth_sendRawTransaction: a hash is 32 bytes, not \(hash.count)")
        }
        return hash
    }

    /// A mined transaction's outcome.
    public struct Receipt: Sendable, Equatable {
        public let blockNumber: BigUInt
        /// 1 success, 0 reverted (post-Byzantium receipts).
        public let status: BigUInt
        public let gasUsed: BigUInt
        /// What each unit of gas cost; nil when the node does not report it.
        public let effectiveGasPrice: BigUInt?
        /// The address of a created contract, as the node wrote it.
        public let contractAddress: String?
    }

    /// `eth_getTransactionReceipt`; nil while the transaction is not mined.
    public func receipt(_ hash: [UInt8]) throws(OnlineError) -> Receipt? {
        let value = try client.call("eth_getTransactionReceipt", [.string(Hex.encode(hash, prefix: true))])
        if value == .null { return nil }
        guard case .object = value else {
            throw .badReply(url: url, reason: "eth_getTransactionReceipt: not an object")
        }
        func field(_ name: String) throws(OnlineError) -> BigUInt {
            guard let item = value[name] else {
                throw .badReply(url: url, reason: "eth_getTransactionReceipt: no \(name)")
            }
            return try quantity(item, "eth_getTransactionReceipt.\(name)")
        }
        var price: BigUInt?
        if let item = value["effectiveGasPrice"], item != .null {
            price = try quantity(item, "eth_getTransactionReceipt.effectiveGasPrice")
        }
        var created: String?
        if case let .string(text)? = value["contractAddress"] { created = text }
        return Receipt(
            blockNumber: try field("blockNumber"), status: try field("status"), gasUsed: try field("gasUsed"),
            effectiveGasPrice: price, contractAddress: created)
    }

    /// `0x` hex without leading zeros, as JSON-RPC writes quantities.
    public static func quantityText(_ value: BigUInt) -> String {
        "0x" + String(value, radix: 16)
    }

    private func quantity(_ value: JSONValue, _ what: String) throws(OnlineError) -> BigUInt {
        guard case let .string(text) = value, text.hasPrefix("0x"), text.count > 2, text.count <= 66 else {
            throw .badReply(url: url, reason: "\(what): expected a 0x hex quantity")
        }
        let digits = text.dropFirst(2)
        guard digits.allSatisfy(\.isHexDigit), let number = BigUInt(digits, radix: 16) else {
            throw .badReply(url: url, reason: "\(what): \(text.prefix(80).debugDescription) is not a hex quantity")
        }
        return number
    }

    private func bytes(_ value: JSONValue, _ what: String) throws(OnlineError) -> [UInt8] {
        guard case let .string(text) = value, text.hasPrefix("0x") else {
            throw .badReply(url: url, reason: "\(what): expected 0x hex data")
        }
        do {
            return try Hex.decode(text)
        } catch {
            throw .badReply(url: url, reason: "\(what): \(error)")
        }
    }
}
