/// Stellar amounts: `int64` stroops, 10^7 to the unit, written as exact decimal strings with at
/// most 7 fractional digits. Never a floating-point value in between.
public enum StellarAmount {
    /// Stroops per unit (lumen or asset unit).
    public static let stroopsPerUnit: Int64 = 10_000_000

    /// Parses `"1.5"` → 15000000. Accepts `digits[.digits]` with 1–7 fractional digits and, only
    /// when `allowNegative`, a leading `-`; refuses anything else, more precision than a stroop,
    /// and values beyond int64.
    public static func parse(_ text: String, allowNegative: Bool = false) throws(StellarError) -> Int64 {
        var chars = Substring(text)
        let negative = chars.first == "-"
        if negative {
            guard allowNegative else { throw .invalidAmount(text, reason: "negative amounts are not allowed here") }
            chars = chars.dropFirst()
        }
        let parts = chars.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = parts.first, !whole.isEmpty else {
            throw .invalidAmount(text, reason: "expected digits with an optional decimal point, like 12.5")
        }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard parts.count == 1 || !fraction.isEmpty else {
            throw .invalidAmount(text, reason: "digits must follow the decimal point")
        }
        guard (whole + fraction).allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw .invalidAmount(text, reason: "only digits and one decimal point are allowed")
        }
        guard fraction.count <= 7 else {
            throw .invalidAmount(text, reason: "more than 7 decimal places (1 stroop = 0.0000001)")
        }
        let digits = whole + fraction + String(repeating: "0", count: 7 - fraction.count)
        var value: Int64 = 0
        for d in digits.utf8 {
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = times10.addingReportingOverflow(Int64(d - 0x30))
            guard !o1, !o2 else { throw .invalidAmount(text, reason: "too large (the most is 922337203685.4775807)") }
            value = next
        }
        return negative ? -value : value
    }

    /// The exact decimal of `stroops`, trailing fractional zeros dropped: 15000000 → `"1.5"`.
    public static func format(_ stroops: Int64) -> String {
        // Int64.min has no positive counterpart; work on the magnitude as UInt64.
        let magnitude = stroops.magnitude
        let unit = UInt64(stroopsPerUnit)
        let whole = (stroops < 0 ? "-" : "") + String(magnitude / unit)
        // The trailing zeros dropped as digits of the number, not as characters of its text
        // (a review formats a fee and an amount a request).
        var fraction = magnitude % unit
        var places = 7
        while places > 0, fraction % 10 == 0 {
            fraction /= 10
            places -= 1
        }
        guard places > 0 else { return whole }
        let digits = String(fraction)
        return whole + "." + String(repeating: "0", count: places - digits.utf8.count) + digits
    }
}
