import AirsignCrypto
import AirsignEncoding
import BigInt

/// What a transaction's data does, decoded for review: the ERC-20 calls a signer must show
/// exactly, or any other call as selector, length and first bytes.
public enum CallData: Equatable, Sendable {
    case empty
    /// `transfer(address,uint256)`, selector a9059cbb: token amount in base units.
    case erc20Transfer(to: EthereumAddress, amount: BigUInt)
    /// `approve(address,uint256)`, selector 095ea7b3.
    case erc20Approve(spender: EthereumAddress, amount: BigUInt)
    /// `transferFrom(address,address,uint256)`, selector 23b872dd.
    case erc20TransferFrom(from: EthereumAddress, to: EthereumAddress, amount: BigUInt)
    /// Anything else (or ERC-20 selectors whose arguments are malformed): shown, not interpreted.
    case other(selector: [UInt8], length: Int, prefix: [UInt8])

    /// How many leading bytes `.other` keeps for display.
    public static let prefixLength = 36

    static let transferSelector: [UInt8] = [0xa9, 0x05, 0x9c, 0xbb]
    static let approveSelector: [UInt8] = [0x09, 0x5e, 0xa7, 0xb3]
    static let transferFromSelector: [UInt8] = [0x23, 0xb8, 0x72, 0xdd]

    /// Decodes `data`. ERC-20 is recognised only when the length is exactly 4 + 32·args and every
    /// address word has its 12 high bytes zero; otherwise it is `.other`.
    public init(_ data: [UInt8]) {
        guard !data.isEmpty else { self = .empty; return }
        let selector = Array(data.prefix(4))
        let words = CallData.words(Array(data.dropFirst(4)))
        switch (selector, words) {
        case (CallData.transferSelector, let w?) where w.count == 2:
            if let to = CallData.address(w[0]) { self = .erc20Transfer(to: to, amount: BigUInt(bigEndian: w[1])); return }
        case (CallData.approveSelector, let w?) where w.count == 2:
            if let spender = CallData.address(w[0]) { self = .erc20Approve(spender: spender, amount: BigUInt(bigEndian: w[1])); return }
        case (CallData.transferFromSelector, let w?) where w.count == 3:
            if let from = CallData.address(w[0]), let to = CallData.address(w[1]) {
                self = .erc20TransferFrom(from: from, to: to, amount: BigUInt(bigEndian: w[2])); return
            }
        default: break
        }
        self = .other(selector: selector, length: data.count, prefix: Array(data.prefix(CallData.prefixLength)))
    }

    /// The calldata of ERC-20 `transfer(to, amount)`: selector, then the address and amount as
    /// 32-byte ABI words. `amount` must fit 256 bits (callers parse it with `EtherAmount`).
    public static func encodeERC20Transfer(to: EthereumAddress, amount: BigUInt) throws(EthereumError) -> [UInt8] {
        guard amount.bitWidth <= 256 else { throw .invalidAmount("a token amount fits 256 bits") }
        return transferSelector + [UInt8](repeating: 0, count: 12) + to.bytes + amount.bigEndian(width: 32)
    }

    /// An approve of 2^256 − 1: the spender may move every token, now and later.
    public var isUnlimitedApproval: Bool {
        if case .erc20Approve(_, let amount) = self { return amount == BigUInt.uint256Max }
        return false
    }

    /// The ABI words, or nil when the arguments are not a whole number of 32-byte words.
    private static func words(_ args: [UInt8]) -> [[UInt8]]? {
        guard args.count % 32 == 0 else { return nil }
        return stride(from: 0, to: args.count, by: 32).map { Array(args[$0 ..< $0 + 32]) }
    }

    /// The address in an ABI word, nil when its 12 high bytes are not zero.
    private static func address(_ word: [UInt8]) -> EthereumAddress? {
        guard word.count == 32, word.prefix(12).allSatisfy({ $0 == 0 }) else { return nil }
        return try? EthereumAddress(bytes: Array(word.suffix(20)))
    }
}
