/// What the watch's Ethereum commands refuse or report, in words for the person at the online
/// machine. Exit codes: bad input and disagreements 3, a node that misbehaves 9, a transaction
/// the chain reverted 1 (docs/chains/ethereum.md).
public enum EthereumWatchError: Error, Equatable, CustomStringConvertible, Sendable {
    /// An option or input file that does not read (address, amount, hex, access list, JSON).
    case invalidInput(String)
    /// A value neither given nor obtainable without `--rpc`.
    case missing(String)
    /// The watch-only account cannot be chosen (another chain, several networks, none on the chain id).
    case account(String)
    /// Two sources disagree: `--chain-id` and the node, `--decimals` and the token.
    case mismatch(String)
    /// The node accepted the transaction under another hash than ours.
    case hashMismatch(ours: String, node: String)
    /// Mined, but the EVM reverted it (receipt status 0).
    case reverted(hash: String, block: String, gasUsed: String)

    public var description: String {
        switch self {
        case let .invalidInput(why), let .missing(why), let .account(why), let .mismatch(why): return why
        case let .hashMismatch(ours, node):
            return "the node reports the transaction hash \(node), but the signed transaction's hash is \(ours)"
        case let .reverted(hash, block, gasUsed):
            return "transaction \(hash) was mined in block \(block) but reverted (status 0, gas used \(gasUsed))"
        }
    }
}
