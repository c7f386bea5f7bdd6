import BigInt

/// When an allowance stops being a budget and becomes "Unlimited", and how such a value is
/// written.
public enum Allowance {
    /// 2^128 − 1 base units: at or above it an allowance is shown as "Unlimited" with a warning.
    ///
    /// One bound serves ERC-20's uint256 amounts and Permit2's uint160 ones, because it is about
    /// tokens, not about the field's width: 2^128 − 1 (the largest uint128, itself a common
    /// "infinite") is 3.4 × 10^38 base units, 3.4 × 10^20 whole tokens at 18 decimals, more than
    /// any token's supply, so nothing at or above it limits anything. It lies far below both
    /// maxima (2^160 − 1, 2^256 − 1), so the maximum minus a little (2^256 − 2) or half the range
    /// is caught as well. The exact value is always shown next to the word.
    public static let unlimitedThreshold = (BigUInt(1) << 128) - 1

    /// Whether `amount` base units is at or above `unlimitedThreshold`.
    public static func isUnlimited(_ amount: BigUInt) -> Bool { amount >= unlimitedThreshold }

    /// Base units as exact text: "2^256 − 2" when a large value sits just below (within 2^32) a
    /// power of two, so the eye sees what 78 digits hide; else the decimal digits.
    public static func baseUnits(_ amount: BigUInt) -> String {
        let width = amount.bitWidth
        if isUnlimited(amount), width <= 256 {
            let power = BigUInt(1) << width
            let below = power - amount
            if below < (BigUInt(1) << 32) { return "2^\(width) − \(below)" }
            if amount == power >> 1 { return "2^\(width - 1)" }
        }
        return String(amount)
    }
}
