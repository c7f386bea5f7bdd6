/// IC timestamps (nanoseconds since 1970) as UTC text for reviews.
public enum ICPTime {
    public static let nanosPerSecond: UInt64 = 1_000_000_000

    /// `2026-11-23 23:51:20 UTC` (seconds; the nanoseconds are dropped for reading).
    public static func utc(nanos: UInt64) -> String { utc(seconds: Int64(nanos / nanosPerSecond)) }

    public static func utc(seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - days * 86_400
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)-\(two(month))-\(two(day)) \(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60)) UTC"
    }
}
