/// The PIN back-off: after 3 wrong PINs in a row, each further try waits 2^(n-3) seconds
/// (n = wrong PINs so far), at most an hour, before its key derivation runs.
///
/// The wait is measured from the last try. Within one boot it uses CLOCK_BOOTTIME, which
/// setting the clock does not change. Across a reboot only the wall clock links the two
/// readings, and it can be set at will, so the elapsed time is taken as the wall-clock
/// difference but never more than the time since this boot: setting the clock back only makes
/// the wait longer, setting it forward or rebooting cannot shorten it below a fresh wait.
///
/// A missing counter file is the worst case: the longest wait before every try until a right
/// PIN (see `PINAttemptState`).
///
/// This slows guessing through airsign-signer. Someone who can write the keystore directory can
/// still reset the count (a forged or older copy of the counter file), and someone who copies
/// the files can guess offline, where only the Argon2id cost and the PIN's length help, so a
/// long PIN matters.
public enum PINBackoff {
    /// Wrong PINs allowed in a row before waits begin.
    public static let freeFailures = 3
    /// The longest wait, in seconds.
    public static let maximumWait = 3600

    /// Seconds the next try waits after `failures` wrong PINs in a row.
    public static func wait(afterFailures failures: Int) -> Int {
        guard failures >= freeFailures else { return 0 }
        let exponent = failures - freeFailures
        // 2^12 = 4096 is already past the cap.
        guard exponent < 12 else { return maximumWait }
        return min(1 << exponent, maximumWait)
    }

    /// Seconds the next try waits (from the last one) in `state`.
    static func wait(after state: PINAttemptState) -> Int {
        state.counterLost ? maximumWait : wait(afterFailures: state.failures)
    }

    /// Seconds between `last` and `now` by the rules above; 0 when the clocks disagree.
    static func elapsed(from last: ClockReading, to now: ClockReading) -> Int64 {
        let elapsed: Int64
        if !last.bootID.isEmpty, last.bootID == now.bootID {
            let (difference, overflow) = now.secondsSinceBoot.subtractingReportingOverflow(last.secondsSinceBoot)
            elapsed = overflow ? 0 : difference
        } else {
            let (difference, overflow) = now.wallSeconds.subtractingReportingOverflow(last.wallSeconds)
            elapsed = overflow ? 0 : min(difference, now.secondsSinceBoot)
        }
        return max(0, elapsed)
    }

    /// Seconds still to wait before the next try, given the persisted state.
    static func remainingWait(_ state: PINAttemptState, now: ClockReading) -> Int {
        let wait = Int64(self.wait(after: state))
        guard wait > 0, let last = state.lastAttempt else { return 0 }
        return Int(max(0, wait - min(wait, elapsed(from: last, to: now))))
    }
}
