/// Times in reviews, as `YYYY-MM-DD hh:mm:ss UTC`. Computed from the count of seconds with
/// Howard Hinnant's civil-from-days algorithm rather than the C library, so what the signer shows
/// cannot depend on a time zone database or locale on the offline machine.
public enum UTCText {
    /// The first second of year 1 and the last of year 9999: outside them a calendar date would
    /// mislead more than the plain number does.
    public static let range: ClosedRange<Int64> = -62_135_596_800...253_402_300_799

    /// `seconds` since 1970 as a UTC date and time; nil outside `range`.
    public static func dateTime(_ seconds: Int64) -> String? {
        guard range.contains(seconds) else { return nil }
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - days * 86_400
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        // Written as digits into bytes, not interpolated: every field is a non-negative number
        // of at most four digits here (year 1…9999, as `range` guarantees).
        var text: [UInt8] = []
        text.reserveCapacity(23)
        func digits(_ n: Int64, _ count: Int) {
            for place in (0..<count).reversed() {
                var power: Int64 = 1
                for _ in 0..<place { power *= 10 }
                text.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: n / power % 10))
            }
        }
        digits(year, 4)
        text.append(UInt8(ascii: "-"))
        digits(month, 2)
        text.append(UInt8(ascii: "-"))
        digits(day, 2)
        text.append(UInt8(ascii: " "))
        digits(rest / 3600, 2)
        text.append(UInt8(ascii: ":"))
        digits(rest / 60 % 60, 2)
        text.append(UInt8(ascii: ":"))
        digits(rest % 60, 2)
        text += " UTC".utf8
        return String(decoding: text, as: UTF8.self)
    }
}
