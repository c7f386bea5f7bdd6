import AirsignEthereum
import BigInt

/// What the person asked for on the command line of `airsign-watch ethereum transfer|
/// erc20-transfer|call|deploy`; every value already read strictly. Nil means "not given": the
/// builder fills it from the node with `--rpc`, or refuses.
///
/// The transaction type follows from the fee options: `--legacy` (with `--gas-price` or the
/// node's gas price) is a legacy EIP-155 transaction; `--gas-price` alone an EIP-2930 (type 1)
/// transaction, with the access list if one is given; with signed authorizations
/// (`--authorization`) an EIP-7702 (type 4) transaction; otherwise EIP-1559 (type 2).
public struct EthereumTransactionSpec: Sendable {
    public enum Action: Sendable, Equatable {
        /// ETH to an address.
        case transfer(to: EthereumAddress, value: BigUInt)
        /// ERC-20 `transfer`: `amount` is decimal text in the token's units.
        case erc20Transfer(token: EthereumAddress, to: EthereumAddress, amount: String, decimals: Int?)
        /// Any contract call, with optional ETH.
        case call(to: EthereumAddress, data: [UInt8], value: BigUInt)
        /// Contract creation from init code.
        case deploy(data: [UInt8], value: BigUInt)
    }

    public var action: Action
    /// The watch-only account's address.
    public var from: String
    public var chainId: BigUInt?
    public var nonce: UInt64?
    public var gas: UInt64?
    public var maxFee: BigUInt?
    public var priorityFee: BigUInt?
    public var gasPrice: BigUInt?
    public var legacy: Bool
    /// Nil: no `--access-list`.
    public var accessList: [AccessListEntry]?
    /// Free text for the signer to show as unverified (`--note`).
    public var note: String?
    /// The function a call was built from (`--sig`, `--abi`), carried in the request so the
    /// signer can name its arguments: it uses it only when the selector matches, and shows the
    /// names as the request's words.
    public var abi: ABIFunction?
    /// Signed EIP-7702 authorizations (`--authorization`): a type-4 transaction when any.
    public var authorizations: [SignedSetCodeAuthorization] = []

    public init(
        action: Action, from: String, chainId: BigUInt? = nil, nonce: UInt64? = nil, gas: UInt64? = nil,
        maxFee: BigUInt? = nil, priorityFee: BigUInt? = nil, gasPrice: BigUInt? = nil, legacy: Bool = false,
        accessList: [AccessListEntry]? = nil, note: String? = nil
    ) {
        self.action = action
        self.from = from
        self.chainId = chainId
        self.nonce = nonce
        self.gas = gas
        self.maxFee = maxFee
        self.priorityFee = priorityFee
        self.gasPrice = gasPrice
        self.legacy = legacy
        self.accessList = accessList
        self.note = note
    }

    /// The transaction type the fee options choose; refuses combinations that mean nothing.
    public func type() throws(EthereumWatchError) -> TransactionType {
        let feeMarket = maxFee != nil || priorityFee != nil
        if !authorizations.isEmpty {
            guard !legacy, gasPrice == nil else {
                throw .invalidInput(
                    "--authorization makes an EIP-7702 (type 4) transaction, with EIP-1559 fees: drop --legacy and --gas-price"
                )
            }
            if case .deploy = action {
                throw .invalidInput("an EIP-7702 (type 4) transaction cannot create a contract")
            }
            return .setCode
        }
        if legacy {
            guard !feeMarket else { throw .invalidInput("--legacy takes --gas-price, not --max-fee/--priority-fee") }
            guard accessList == nil else {
                throw .invalidInput("--legacy transactions have no access list (drop --legacy for EIP-2930)")
            }
            return .legacy
        }
        if gasPrice != nil {
            guard !feeMarket else {
                throw .invalidInput("--gas-price (EIP-2930) and --max-fee/--priority-fee (EIP-1559) exclude each other")
            }
            return .accessList
        }
        return .feeMarket
    }
}
