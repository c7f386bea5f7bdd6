import Foundation
import Glibc

/// Runs a built program (`airsign-signer`, `airsign-watch`) the way a script would: in a
/// session of its own (setsid: no controlling terminal, so a prompt fails instead of waiting for
/// a person), standard input from a string, output to files that can be watched while it runs.
public enum ProgramRun {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        /// Everything the run printed, for checks that no secret leaked.
        public var all: String { stdout + stderr }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// The executable `name` beside the test bundle, in SwiftPM's build directory.
    public static func besideTests(_ name: String) -> String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// A started run.
    public final class Running: @unchecked Sendable {
        public let pid: pid_t
        private let scratch: String
        private var reaped: Int32?

        init(pid: pid_t, scratch: String) {
            self.pid = pid
            self.scratch = scratch
        }

        deinit { try? FileManager.default.removeItem(atPath: scratch) }

        public var stderrSoFar: String { (try? String(contentsOfFile: scratch + "/err", encoding: .utf8)) ?? "" }

        /// Waits until stderr contains `marker` (true), or the process exits or `seconds` pass
        /// (false; a process still running is then killed).
        public func waitForStderr(_ marker: String, seconds: Double = 60) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if stderrSoFar.contains(marker) { return true }
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid {
                    reaped = status
                    return false
                }
                usleep(20_000)
            }
            kill(pid, SIGKILL)
            return false
        }

        /// Waits for the exit; a process killed by a signal reports 128 + the signal, as shells do.
        public func wait() -> Result {
            var status: Int32 = reaped ?? 0
            if reaped == nil {
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            }
            let low = status & 0x7f
            return Result(
                status: low == 0 ? (status >> 8) & 0xff : 128 + low,
                stdout: (try? String(contentsOfFile: scratch + "/out", encoding: .utf8)) ?? "",
                stderr: stderrSoFar)
        }
    }

    /// Starts `program` with `arguments`, the test process's environment plus `environment`, and
    /// `stdin` as standard input.
    public static func start(
        _ program: String, _ arguments: [String], environment extra: [String: String] = [:],
        stdin: String = ""
    ) throws -> Running {
        guard FileManager.default.isExecutableFile(atPath: program) else {
            throw Failure("no program at \(program): run `swift build` first")
        }
        var template = Array((NSTemporaryDirectory() + "/airsign-run-XXXXXX").utf8CString)
        guard
            let made = template.withUnsafeMutableBufferPointer({ buffer in buffer.baseAddress.flatMap { mkdtemp($0) } })
        else {
            throw Failure("mkdtemp failed: \(errno)")
        }
        let scratch = String(cString: made)
        _ = FileManager.default.createFile(atPath: scratch + "/in", contents: Data(stdin.utf8))
        var environment = ProcessInfo.processInfo.environment
        environment.merge(extra) { $1 }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, scratch + "/in", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, scratch + "/out", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, scratch + "/err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // glibc's POSIX_SPAWN_SETSID: defined only under _GNU_SOURCE, so Swift does not import it.
        let spawnSetsid: Int16 = 0x80
        posix_spawnattr_setflags(&attributes, spawnSetsid)

        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let failed = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
        guard failed == 0 else { throw Failure("posix_spawn failed: \(failed)") }
        return Running(pid: pid, scratch: scratch)
    }
}
