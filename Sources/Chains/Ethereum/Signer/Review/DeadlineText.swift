import AirsignMessages
import BigInt

/// Deadlines and expiries of permits (Unix seconds in a uint) as review text: the exact number,
/// its UTC date, and how far it is from the signer's clock, so a permit valid for decades
/// stands out as much as one already expired.
public enum DeadlineText {
    /// "1767312000 (2026-01-02 00:00:00 UTC, in 24 hours)"; past year 9999, "never, in practice".
    public static func describe(_ seconds: BigUInt, now: Int64) -> String {
        guard let value = Int64(exactly: seconds), let date = UTCText.dateTime(value) else {
            return "\(Allowance.baseUnits(seconds)) (after the year 9999: never, in practice)"
        }
        // The clock is the signer's own; the guard only keeps a wild one from trapping.
        let (ahead, overflow) = value.subtractingReportingOverflow(now)
        return "\(seconds) (\(date), \(relative(overflow ? Int64.max : ahead)))"
    }

    /// The time alone in RFC 3339 ("2026-01-02 00:00:00Z"), as ERC-7730 recommends a date be
    /// shown; the number itself past year 9999.
    public static func rfc3339(_ seconds: BigUInt) -> String {
        guard let value = Int64(exactly: seconds), let date = UTCText.dateTime(value), date.hasSuffix(" UTC") else {
            return String(seconds)
        }
        return date.dropLast(" UTC".count) + "Z"
    }

    /// "already passed", "in 5 minutes", "in 30 hours", "in 12 days", "in about 30 years".
    static func relative(_ seconds: Int64) -> String {
        let minute: Int64 = 60, hour: Int64 = 3600, day: Int64 = 86400
        func count(_ n: Int64, _ unit: String) -> String { "\(n) \(unit)\(n == 1 ? "" : "s")" }
        switch seconds {
        case ..<1: return "already passed"
        case ..<hour: return "in " + count(max(1, seconds / minute), "minute")
        case ..<(2 * day): return "in " + count(seconds / hour, "hour")
        case ..<(730 * day): return "in " + count(seconds / day, "day")
        default: return "in about " + count(seconds / (365 * day + day / 4), "year")
        }
    }
}
