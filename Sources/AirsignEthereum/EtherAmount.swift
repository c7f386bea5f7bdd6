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
        let number = text.dropLast(unit.name.count)
        let parts = number.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        let isDigits = { (s: Substring) in !s.isEmpty && s.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } }
        guard parts.count <= 2, let whole = parts.first, isDigits(whole), parts.count == 1 || isDigits(parts[1]) else {
            throw .invalidAmount("\"\(text)\" is not a plain decimal number followed by a unit")
        }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.count <= unit.decimals else {
            throw .invalidAmount("\"\(text)\" has more than \(unit.decimals) decimal places, the most \(unit.name) allows")
        }
        let padded = String(whole) + fraction + String(repeating: "0", count: unit.decimals - fraction.count)
        guard let wei = BigUInt(padded, radix: 10), wei <= BigUInt.uint256Max else {
            throw .invalidAmount("\"\(text)\" is larger than 2^256 − 1 wei")
        }
        return wei
    }

    /// An integer amount of base units as an exact decimal: `format(1500000000000000000,
    /// decimals: 18)` is "1.5" (trailing zeros dropped, no exponent).
    public static func format(_ amount: BigUInt, decimals: Int) -> String {
        let digits = String(amount, radix: 10)
        guard decimals > 0 else { return digits }
        let padded = String(repeating: "0", count: digits.count <= decimals ? decimals + 1 - digits.count : 0) + digits
        let whole = padded.dropLast(decimals)
        var fraction = padded.suffix(decimals)
        while fraction.last == "0" { fraction = fraction.dropLast() }
        return fraction.isEmpty ? String(whole) : "\(whole).\(fraction)"
    }

    /// Wei as ETH text: "1.5 ETH".
    public static func ether(_ wei: BigUInt) -> String { "\(format(wei, decimals: 18)) ETH" }

    /// Wei per gas as gwei text: "20 gwei", "0.000000001 gwei".
    public static func gwei(_ wei: BigUInt) -> String { "\(format(wei, decimals: 9)) gwei" }
}
