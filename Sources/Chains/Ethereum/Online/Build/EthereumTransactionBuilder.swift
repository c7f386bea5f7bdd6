import AirsignEncoding
import AirsignEthereum
import AirsignMessages
import AirsignOnline
import AirsignWatch
import BigInt

/// Builds the sign request of an `EthereumTransactionSpec`: finds the watch-only account,
/// fills what was not given from the node (`rpc`), and refuses what it cannot fill. Options
/// given explicitly always win over the node's values; the node's chain id must agree with
/// `--chain-id` and with the account's network.
public struct EthereumTransactionBuilder: Sendable {
    public let store: WatchStore
    public let rpc: EthereumRPC?

    public init(store: WatchStore, rpc: EthereumRPC?) {
        self.store = store
        self.rpc = rpc
    }

    /// Gas of a plain ETH transfer to an account without code; used for `transfer` without
    /// `--gas` and `--rpc`.
    public static let transferGas: UInt64 = 21_000

    /// A built request and the transaction it carries.
    public struct Built: Sendable {
        public let request: SignRequest
        public let transaction: EthereumTransaction
        public let from: EthereumAddress
    }

    public func build(_ spec: EthereumTransactionSpec) throws -> Built {
        let type = try spec.type()
        if let rpc, let given = spec.chainId {
            let node = try rpc.chainId()
            guard node == given else {
                throw EthereumWatchError.mismatch(
                    "--chain-id is \(given) but the node at \(rpc.url) is on chain id \(node); nothing was issued")
            }
        }
        let account = try EthereumWatchAccount.find(spec.from, chainId: try chainId(spec), in: store)
        let (to, value, data, note) = try action(spec, account: account)
        let nonce = try spec.nonce ?? need("--nonce", { try $0.pendingNonce(account.address.checksummed) })
        let gas: UInt64
        if let given = spec.gas {
            gas = given
        } else if let rpc {
            gas = try rpc.estimateGas(
                from: account.address.checksummed, to: to?.checksummed, value: value, data: data,
                accessList: (spec.accessList ?? []).map {
                    (address: $0.address.checksummed, storageKeys: $0.storageKeys)
                }, authorizationList: spec.authorizations.map(\.json))
        } else if case .transfer = spec.action {
            gas = Self.transferGas
        } else {
            throw EthereumWatchError.missing("give --gas, or --rpc URL to estimate it")
        }
        let fees = try fees(spec, type: type)
        let transaction: EthereumTransaction
        do {
            transaction = try EthereumTransaction(
                type: type, chainId: account.chainId, nonce: nonce, fees: fees, gasLimit: gas,
                to: to, value: value, data: data, accessList: spec.accessList ?? [],
                authorizationList: spec.authorizations)
        } catch {
            throw EthereumWatchError.invalidInput(error.description)
        }
        let notes = [spec.note, note].compactMap { $0 }
        var members: [(key: String, value: JSONValue)] = [
            (key: "type", value: .string("transaction")),
            (key: "transaction", value: .string(Hex.encode(transaction.unsignedEncoding, prefix: true))),
        ]
        if let abi = spec.abi { members.append((key: "abi", value: abi.fragmentJSON)) }
        let payload: JSONValue = .object(members)
        let request = try SignRequest.make(
            chain: ChainID("ethereum"), network: account.network, account: account.account,
            payload: payload, note: notes.isEmpty ? nil : notes.joined(separator: "; "))
        return Built(request: request, transaction: transaction, from: account.address)
    }

    /// `--chain-id`, else the node's chain id when `--rpc` is given (which then must be the
    /// account's network), else nil (the account's only network).
    private func chainId(_ spec: EthereumTransactionSpec) throws -> BigUInt? {
        if let given = spec.chainId { return given }
        guard let rpc else { return nil }
        return try rpc.chainId()
    }

    private func need<T>(_ option: String, _ ask: (EthereumRPC) throws -> T) throws -> T {
        guard let rpc else { throw EthereumWatchError.missing("give \(option), or --rpc URL to ask the node") }
        return try ask(rpc)
    }

    private func action(_ spec: EthereumTransactionSpec, account: EthereumWatchAccount) throws
        -> (to: EthereumAddress?, value: BigUInt, data: [UInt8], note: String?)
    {
        switch spec.action {
        case let .transfer(to, value):
            return (to, value, [], nil)
        case let .call(to, data, value):
            return (to, value, data, nil)
        case let .deploy(data, value):
            guard !data.isEmpty else {
                throw EthereumWatchError.invalidInput("--data: a contract creation needs init code")
            }
            return (nil, value, data, nil)
        case let .erc20Transfer(token, recipient, amountText, givenDecimals):
            let info = try rpc.map { try EthereumTokenInfo.read(token, rpc: $0) }
            if let info, let givenDecimals, info.decimals != givenDecimals {
                throw EthereumWatchError.mismatch(
                    "--decimals is \(givenDecimals) but the token \(token) says \(info.decimals); nothing was issued")
            }
            guard let decimals = givenDecimals ?? info?.decimals else {
                throw EthereumWatchError.missing("give --decimals, or --rpc URL to ask the token")
            }
            let amount: BigUInt
            do { amount = try EtherAmount.parse(decimal: amountText, decimals: decimals) } catch {
                throw EthereumWatchError.invalidInput("--amount: \(EthereumInput.reason(error))")
            }
            let data = try CallData.encodeERC20Transfer(to: recipient, amount: amount)
            let symbol = info?.symbol ?? "units"
            let source = info == nil ? "--decimals" : "the token contract, via \(rpc?.url ?? "the node")"
            let note =
                "ERC-20 transfer of \(EtherAmount.format(amount, decimals: decimals)) \(symbol) = \(amount) base units "
                + "(\(decimals) decimals\(info?.symbol == nil ? "" : ", symbol \(symbol)") per \(source); unverified)"
            return (token, 0, data, note)
        }
    }

    private func fees(_ spec: EthereumTransactionSpec, type: TransactionType) throws -> TransactionFees {
        switch type {
        case .legacy, .accessList:
            return .gasPrice(try spec.gasPrice ?? need("--gas-price", { try $0.gasPrice() }))
        case .feeMarket, .setCode:
            if let maxFee = spec.maxFee, let priority = spec.priorityFee {
                return .feeMarket(maxPriorityFeePerGas: priority, maxFeePerGas: maxFee)
            }
            guard let rpc else {
                throw EthereumWatchError.missing("give --max-fee and --priority-fee, or --rpc URL to ask the node")
            }
            let priority = try spec.priorityFee ?? rpc.priorityFee()
            if let maxFee = spec.maxFee {
                // A node's tip above the user's cap would be refused; the cap is what they chose.
                return .feeMarket(maxPriorityFeePerGas: min(priority, maxFee), maxFeePerGas: maxFee)
            }
            guard let baseFee = try rpc.latestBaseFee() else {
                throw EthereumWatchError.missing(
                    "the node at \(rpc.url) reports no base fee (no EIP-1559): use --gas-price")
            }
            // Twice the base fee covers six full blocks of increases (12.5 % each) before the
            // transaction stops being includable; only what is used is paid.
            return .feeMarket(maxPriorityFeePerGas: priority, maxFeePerGas: baseFee * 2 + priority)
        }
    }
}
