import BigInt

/// Exact decimal token amounts ↔ base units (e8s for ICP); no floating point.
public enum TokenAmount {
    /// The most decimals a token may have here (the watch's `--decimals` range).
    public static let maxDecimals = 38

    /// `1.25` with 8 decimals → 125000000. Digits with at most one point; more decimal places
    /// than the token has, and results beyond 2^128, are refused.
    public static func parse(_ text: String, decimals: Int, field: String) throws(ICPError) -> BigUInt {
        // Bounded first: `whole.count + decimals` below must not overflow, nor the padding go negative.
        guard (0...maxDecimals).contains(decimals) else {
            throw .malformed(field: "--decimals", reason: "\(decimals) is not 0 to \(maxDecimals)")
        }
        let parts = text.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        let isDigits = { (s: Substring) in
            !s.isEmpty && s.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        }
        guard parts.count <= 2, let whole = parts.first, isDigits(whole), parts.count == 1 || isDigits(parts[1]) else {
            throw .malformed(field: field, reason: "\"\(text)\" is not a plain decimal number (e.g. 1.25)")
        }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.count <= decimals else {
            throw .malformed(field: field, reason: "\"\(text)\" has more than \(decimals) decimal places")
        }
        guard whole.count + decimals <= 60,
            let value = BigUInt(
                String(whole) + fraction + String(repeating: "0", count: decimals - fraction.count), radix: 10),
            value.bitWidth <= 128
        else {
            throw .malformed(field: field, reason: "\"\(text)\" is too large")
        }
        return value
    }
}
