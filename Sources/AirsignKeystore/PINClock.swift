import Glibc

/// One reading of the clocks the PIN back-off measures waits with.
public struct ClockReading: Sendable, Equatable {
    /// Wall-clock time, seconds since 1970 (CLOCK_REALTIME): survives reboots, but anyone with
    /// the machine can set it.
    public var wallSeconds: Int64
    /// This boot's ID (`/proc/sys/kernel/random/boot_id`); empty when unknown.
    public var bootID: String
    /// Seconds since boot (CLOCK_BOOTTIME): keeps counting through suspend and cannot be set,
    /// but restarts at every boot.
    public var secondsSinceBoot: Int64

    public init(wallSeconds: Int64, bootID: String, secondsSinceBoot: Int64) {
        self.wallSeconds = wallSeconds
        self.bootID = bootID
        self.secondsSinceBoot = secondsSinceBoot
    }
}

/// Time as the PIN back-off sees it, injectable so tests neither sleep nor depend on the date.
public protocol PINClock: Sendable {
    func now() -> ClockReading
    /// Blocks for `seconds` (the back-off wait before a PIN is checked).
    func sleep(seconds: Int)
}

/// The real clocks and a real sleep.
public struct SystemPINClock: PINClock {
    public init() {}

    public func now() -> ClockReading {
        var wall = timespec()
        var boot = timespec()
        clock_gettime(CLOCK_REALTIME, &wall)
        clock_gettime(CLOCK_BOOTTIME, &boot)
        return ClockReading(wallSeconds: Int64(wall.tv_sec), bootID: Self.bootID, secondsSinceBoot: Int64(boot.tv_sec))
    }

    public func sleep(seconds: Int) {
        var request = timespec(tv_sec: max(0, seconds), tv_nsec: 0)
        var remaining = timespec()
        // nanosleep returns early on a signal; keep sleeping for what is left.
        while nanosleep(&request, &remaining) != 0 && errno == EINTR {
            request = remaining
        }
    }

    /// Read once per process; a missing file (not Linux, no /proc) gives "", which the back-off
    /// treats as "maybe rebooted", the cautious reading.
    private static let bootID: String = {
        let fd = Glibc.open("/proc/sys/kernel/random/boot_id", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return "" }
        let text = buffer.prefix(count).filter { $0 != 0x0a }
        guard text.allSatisfy({ (0x21...0x7e).contains($0) }) else { return "" }
        return String(decoding: text, as: UTF8.self)
    }()
}
