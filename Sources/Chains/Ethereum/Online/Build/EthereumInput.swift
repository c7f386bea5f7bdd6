import AirsignEncoding
import AirsignEthereum
import BigInt

/// Readers for the Ethereum command-line values; each refusal names the option.
public enum EthereumInput {
    /// `0x` + 40 hex digits; mixed case must carry a valid EIP-55 checksum.
    public static func address(_ text: String, option: String) throws(EthereumWatchError) -> EthereumAddress {
        guard text.hasPrefix("0x") || text.hasPrefix("0X") else {
            throw .invalidInput("\(option): \(text.debugDescription) is not a 0x address")
        }
        do { return try EthereumAddress(text) } catch {
            throw .invalidInput("\(option): \(text.debugDescription): \(reason(error))")
        }
    }

    /// An amount of ETH with its unit: `1.5ether`, `2gwei`, `123wei`.
    public static func wei(_ text: String, option: String) throws(EthereumWatchError) -> BigUInt {
        do { return try EtherAmount.parse(text) } catch { throw .invalidInput("\(option): \(reason(error))") }
    }

    /// `0x` hex of whole bytes (`0x` alone is empty data).
    public static func data(_ text: String, option: String) throws(EthereumWatchError) -> [UInt8] {
        guard text.hasPrefix("0x") else { throw .invalidInput("\(option): hex data starts with 0x") }
        do { return try Hex.decode(text) } catch { throw .invalidInput("\(option): \(error)") }
    }

    /// A decimal chain id, 1 … 2^256 − 1.
    public static func chainId(_ text: String) throws(EthereumWatchError) -> BigUInt {
        guard let id = EthereumWatchAccount.chainId(of: "eip155:" + text), id.bitWidth <= 256 else {
            throw .invalidInput("--chain-id: \(text.debugDescription) is not a decimal chain id (1, 11155111, …)")
        }
        return id
    }

    /// The message without the "Ethereum transaction: " prefix EthereumError puts first.
    static func reason(_ error: EthereumError) -> String {
        switch error {
        case let .invalidField(_, why): return why
        case let .invalidAmount(why): return why
        default: return error.description
        }
    }
}
