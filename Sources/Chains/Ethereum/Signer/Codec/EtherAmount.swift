import AirsignMessages
import BigInt

/// Exact conversions between wei and decimal text; nothing here goes through floating point.
public enum EtherAmount {
    /// The units the watch accepts after a number, with their decimal places.
    public static let units: [(name: String, decimals: Int)] = [("ether", 18), ("gwei", 9), ("wei", 0)]

    /// `1.5ether`, `2gwei`, `123wei` → wei. Digits, at most one point, then a unit; more decimals
    /// than the unit has (e.g. `0.5wei`) and results beyond 2^256 − 1 are refused.
    public static func parse(_ text: String) throws(EthereumError) -> BigUInt {
        guard let unit = units.first(where: { text.hasSuffix($0.name) }) else {
            throw .invalidAmount("\"\(text)\" needs a unit: ether, gwei or wei (e.g. 1.5ether)")
        }
        return try digits(String(text.dropLast(unit.name.count)), decimals: unit.decimals, shown: text, unit: unit.name)
    }

    /// A plain decimal number (`1.5`, `42`) of a token with `decimals` places (0…255) → base
    /// units: digits, at most one point, no more places than `decimals`, at most 2^256 − 1.
    public static func parse(decimal number: String, decimals: Int) throws(EthereumError) -> BigUInt {
        guard (0...255).contains(decimals) else { throw .invalidAmount("\(decimals) decimals is outside 0…255") }
        return try digits(number, decimals: decimals, shown: number, unit: "the token")
    }

    private static func digits(_ number: String, decimals: Int, shown: String, unit: String) throws(EthereumError)
        -> BigUInt
    {
        let parts = number.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        let isDigits = { (s: Substring) in
            !s.isEmpty && s.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        }
        guard parts.count <= 2, let whole = parts.first, isDigits(whole), parts.count == 1 || isDigits(parts[1]) else {
            throw .invalidAmount(
                "\"\(shown)\" is not a plain decimal number\(unit == "the token" ? "" : " followed by a unit")")
        }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.count <= decimals else {
            throw .invalidAmount("\"\(shown)\" has more than \(decimals) decimal places, the most \(unit) allows")
        }
        let padded = String(whole) + fraction + String(repeating: "0", count: decimals - fraction.count)
        guard padded.count <= 400, let amount = BigUInt(padded, radix: 10), amount <= BigUInt.uint256Max else {
            throw .invalidAmount("\"\(shown)\" is larger than 2^256 − 1 base units")
        }
        return amount
    }

    /// An integer amount of base units as an exact decimal: `format(1500000000000000000,
    /// decimals: 18)` is "1.5" (trailing zeros dropped, no exponent).
    public static func format(_ amount: BigUInt, decimals: Int) -> String {
        AmountFormat.decimal(amount, decimals: decimals)
    }

    /// Wei as ETH text: "1.5 ETH".
    public static func ether(_ wei: BigUInt) -> String { "\(format(wei, decimals: 18)) ETH" }

    /// Wei per gas as gwei text: "20 gwei", "0.000000001 gwei".
    public static func gwei(_ wei: BigUInt) -> String { "\(format(wei, decimals: 9)) gwei" }
}
