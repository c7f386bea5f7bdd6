import AirsignCrypto
import AirsignEncoding
import BigInt

/// What a transaction's data does, decoded for review: the token calls a signer must show
/// exactly (transfers and the approvals that let others move the account's tokens), or any
/// other data, kept whole so a blind review can show every byte.
public enum CallData: Equatable, Sendable {
    case empty
    /// `transfer(address,uint256)`, selector a9059cbb: token amount in base units.
    case erc20Transfer(to: EthereumAddress, amount: BigUInt)
    /// `approve(address,uint256)`, selector 095ea7b3.
    case erc20Approve(spender: EthereumAddress, amount: BigUInt)
    /// `increaseAllowance(address,uint256)`, selector 39509351 (OpenZeppelin's ERC-20).
    case erc20IncreaseAllowance(spender: EthereumAddress, added: BigUInt)
    /// `transferFrom(address,address,uint256)`, selector 23b872dd.
    case erc20TransferFrom(from: EthereumAddress, to: EthereumAddress, amount: BigUInt)
    /// `setApprovalForAll(address,bool)`, selector a22cb465 (ERC-721 and ERC-1155): the operator
    /// may move every token of the collection.
    case setApprovalForAll(operator: EthereumAddress, approved: Bool)
    /// Permit2's `approve(address token,address spender,uint160 amount,uint48 expiration)`,
    /// selector 87517c45: an allowance through Permit2 (meaningful only when the call goes to
    /// Permit2; the review checks the contract).
    case permit2Approve(token: EthereumAddress, spender: EthereumAddress, amount: BigUInt, expiration: BigUInt)
    /// Anything else (or a known selector whose arguments are malformed), whole: shown, not
    /// interpreted.
    case other([UInt8])

    static let transferSelector: [UInt8] = [0xa9, 0x05, 0x9c, 0xbb]
    static let approveSelector: [UInt8] = [0x09, 0x5e, 0xa7, 0xb3]
    static let increaseAllowanceSelector: [UInt8] = [0x39, 0x50, 0x93, 0x51]
    static let transferFromSelector: [UInt8] = [0x23, 0xb8, 0x72, 0xdd]
    static let setApprovalForAllSelector: [UInt8] = [0xa2, 0x2c, 0xb4, 0x65]
    static let permit2ApproveSelector: [UInt8] = [0x87, 0x51, 0x7c, 0x45]

    /// The selectors decoded here: data that starts with one but does not decode is suspect.
    static let knownSelectors = [
        transferSelector, approveSelector, increaseAllowanceSelector, transferFromSelector, setApprovalForAllSelector,
        permit2ApproveSelector,
    ]

    /// Decodes `data`. A call is recognised only when the length is exactly 4 + 32·args, every
    /// address word has its 12 high bytes zero and a bool word is 0 or 1; otherwise `.other`.
    public init(_ data: [UInt8]) {
        guard !data.isEmpty else { self = .empty; return }
        self = CallData.known(data) ?? .other(data)
    }

    private static func known(_ data: [UInt8]) -> CallData? {
        guard data.count >= 4, let w = words(Array(data.dropFirst(4))) else { return nil }
        switch Array(data.prefix(4)) {
        case transferSelector where w.count == 2:
            return address(w[0]).map { .erc20Transfer(to: $0, amount: BigUInt(bigEndian: w[1])) }
        case approveSelector where w.count == 2:
            return address(w[0]).map { .erc20Approve(spender: $0, amount: BigUInt(bigEndian: w[1])) }
        case increaseAllowanceSelector where w.count == 2:
            return address(w[0]).map { .erc20IncreaseAllowance(spender: $0, added: BigUInt(bigEndian: w[1])) }
        case transferFromSelector where w.count == 3:
            guard let from = address(w[0]), let to = address(w[1]) else { return nil }
            return .erc20TransferFrom(from: from, to: to, amount: BigUInt(bigEndian: w[2]))
        case setApprovalForAllSelector where w.count == 2:
            guard let grantee = address(w[0]), w[1].prefix(31).allSatisfy({ $0 == 0 }), let last = w[1].last, last <= 1
            else { return nil }
            return .setApprovalForAll(operator: grantee, approved: last == 1)
        case permit2ApproveSelector where w.count == 4:
            // uint160 and uint48 words with their high bytes zero, as the ABI requires.
            guard let token = address(w[0]), let spender = address(w[1]), w[2].prefix(12).allSatisfy({ $0 == 0 }),
                w[3].prefix(26).allSatisfy({ $0 == 0 })
            else { return nil }
            return .permit2Approve(
                token: token, spender: spender, amount: BigUInt(bigEndian: w[2]), expiration: BigUInt(bigEndian: w[3]))
        default:
            return nil
        }
    }

    /// A token call the signer reads followed by bytes its arguments do not use, and how many:
    /// Solidity's ABI decoder ignores such bytes, so the chain runs the call as if they were not
    /// there. Nil for anything else (a call of exact length is `init`'s).
    public static func withTrailingBytes(_ data: [UInt8]) -> (call: CallData, trailing: Int)? {
        let argumentWords: [[UInt8]: Int] = [
            transferSelector: 2, approveSelector: 2, increaseAllowanceSelector: 2, transferFromSelector: 3,
            setApprovalForAllSelector: 2, permit2ApproveSelector: 4,
        ]
        guard data.count > 4, let words = argumentWords[Array(data.prefix(4))] else { return nil }
        let length = 4 + 32 * words
        guard data.count > length, let call = known(Array(data.prefix(length))) else { return nil }
        return (call, data.count - length)
    }

    /// The calldata of ERC-20 `transfer(to, amount)`: selector, then the address and amount as
    /// 32-byte ABI words. `amount` must fit 256 bits (callers parse it with `EtherAmount`).
    public static func encodeERC20Transfer(to: EthereumAddress, amount: BigUInt) throws(EthereumError) -> [UInt8] {
        guard amount.bitWidth <= 256 else { throw .invalidAmount("a token amount fits 256 bits") }
        return transferSelector + [UInt8](repeating: 0, count: 12) + to.bytes + amount.bigEndian(width: 32)
    }

    /// The ABI words, or nil when the arguments are not a whole number of 32-byte words.
    private static func words(_ args: [UInt8]) -> [[UInt8]]? {
        guard args.count % 32 == 0 else { return nil }
        return stride(from: 0, to: args.count, by: 32).map { Array(args[$0..<$0 + 32]) }
    }

    /// The address in an ABI word, nil when its 12 high bytes are not zero.
    private static func address(_ word: [UInt8]) -> EthereumAddress? {
        guard word.count == 32, word.prefix(12).allSatisfy({ $0 == 0 }) else { return nil }
        return try? EthereumAddress(bytes: Array(word.suffix(20)))
    }
}
