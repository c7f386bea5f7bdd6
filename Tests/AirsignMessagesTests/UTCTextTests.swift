import AirsignMessages
import AirsignTestSupport
import Glibc
import Testing

/// The review's calendar arithmetic against the C library's gmtime_r, an implementation we did
/// not write, over the whole range it claims and its edges.
@Suite struct UTCTextTests {
    private func gmtime(_ seconds: Int64) -> String {
        var time = time_t(seconds)
        var parts = tm()
        guard gmtime_r(&time, &parts) != nil else { return "gmtime_r failed" }
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let year = String(Int(parts.tm_year) + 1900)
        return String(repeating: "0", count: max(0, 4 - year.count)) + year
            + "-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) \(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) UTC"
    }

    @Test func edgesAndLeapDays() {
        #expect(UTCText.dateTime(0) == "1970-01-01 00:00:00 UTC")
        #expect(UTCText.dateTime(-1) == "1969-12-31 23:59:59 UTC")
        #expect(UTCText.dateTime(951_782_400) == "2000-02-29 00:00:00 UTC")
        #expect(UTCText.dateTime(UTCText.range.upperBound) == "9999-12-31 23:59:59 UTC")
        #expect(UTCText.dateTime(UTCText.range.lowerBound) == "0001-01-01 00:00:00 UTC")
        #expect(UTCText.dateTime(UTCText.range.upperBound + 1) == nil)
        #expect(UTCText.dateTime(UTCText.range.lowerBound - 1) == nil)
        #expect(UTCText.dateTime(.max) == nil && UTCText.dateTime(.min) == nil)
    }

    @Test func randomSecondsAgreeWithGmtime() {
        var random = SeededRandom.forTest("UTCTextTests.randomSecondsAgreeWithGmtime")
        let width = UInt64(UTCText.range.upperBound - UTCText.range.lowerBound) + 1
        for _ in 0..<20_000 {
            let seconds = UTCText.range.lowerBound + Int64(random.next() % width)
            #expect(UTCText.dateTime(seconds) == gmtime(seconds), "\(seconds)")
        }
    }
}
