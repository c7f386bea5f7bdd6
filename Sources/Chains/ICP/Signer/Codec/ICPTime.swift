import AirsignMessages

/// IC timestamps (nanoseconds since 1970) as UTC text for reviews.
public enum ICPTime {
    public static let nanosPerSecond: UInt64 = 1_000_000_000

    /// `2026-11-23 23:51:20 UTC` (seconds; the nanoseconds are dropped for reading).
    public static func utc(nanos: UInt64) -> String { utc(seconds: Int64(nanos / nanosPerSecond)) }

    public static func utc(seconds: Int64) -> String {
        UTCText.dateTime(seconds) ?? "\(seconds) s since 1970"
    }
}
