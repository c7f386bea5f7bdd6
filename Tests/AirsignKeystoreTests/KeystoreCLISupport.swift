import AirsignFiles
import Foundation
import AirsignTestSupport
import Testing

/// Runs the built `airsign-signer` the way a user or script would.
enum Signer {
    /// The executable beside the test bundle (both live in SwiftPM's build directory);
    /// `AIRSIGN_SIGNER_BIN` overrides.
    static let executable: String = {
        if let path = ProcessInfo.processInfo.environment["AIRSIGN_SIGNER_BIN"] { return path }
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return me.deletingLastPathComponent().appendingPathComponent("airsign-signer").path
    }()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Everything the run printed, for checks that no secret leaked.
        var all: String { stdout + stderr }
    }

    /// Runs with `AIRSIGN_SIGNER_HOME=home`, `stdin` as standard input (empty when nil) and no
    /// controlling terminal, so every prompt must be answered by a file.
    static func run(_ arguments: [String], home: String, stdin: String = "", environment extra: [String: String] = [:]) throws -> Result {
        let running = try start(arguments, home: home, stdin: stdin, environment: extra)
        return running.wait()
    }

    /// A started run whose output goes to files, so it can be watched while it runs.
    final class Running {
        let pid: pid_t
        private let scratch: TemporaryDirectory

        init(pid: pid_t, scratch: TemporaryDirectory) {
            self.pid = pid
            self.scratch = scratch
        }

        var stderrSoFar: String { (try? String(contentsOfFile: scratch.path + "/err", encoding: .utf8)) ?? "" }

        private var reaped: Int32?

        /// Waits until stderr contains `marker` (true), or the process exits or `seconds` pass
        /// (false; a process still running is then killed).
        func waitForStderr(_ marker: String, seconds: Double = 60) -> Bool {
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
        func wait() -> Result {
            var status: Int32 = reaped ?? 0
            if reaped == nil {
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            }
            let low = status & 0x7f
            let code = low == 0 ? (status >> 8) & 0xff : 128 + low
            return Result(
                status: code,
                stdout: (try? String(contentsOfFile: scratch.path + "/out", encoding: .utf8)) ?? "",
                stderr: stderrSoFar)
        }
    }

    /// Starts the signer in a session of its own (setsid), so it has no controlling terminal
    /// even when the tests run in one: a prompt must fail instead of waiting for a person.
    static func start(_ arguments: [String], home: String, stdin: String = "", environment extra: [String: String] = [:]) throws -> Running {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw CLITestError("no airsign-signer at \(executable): run `swift build` first")
        }
        let scratch = TemporaryDirectory()
        _ = FileManager.default.createFile(atPath: scratch.path + "/in", contents: Data(stdin.utf8))
        var environment = ProcessInfo.processInfo.environment
        environment["AIRSIGN_SIGNER_HOME"] = home
        environment.merge(extra) { $1 }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, scratch.path + "/in", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, scratch.path + "/out", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, scratch.path + "/err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // glibc's POSIX_SPAWN_SETSID: defined only under _GNU_SOURCE, so Swift does not import it.
        let spawnSetsid: Int16 = 0x80
        posix_spawnattr_setflags(&attributes, spawnSetsid)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let failed = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard failed == 0 else { throw CLITestError("posix_spawn failed: \(failed)") }
        return Running(pid: pid, scratch: scratch)
    }
}

struct CLITestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A file holding `text` (mode 600), for `--pin-file`.
func pinFile(_ dir: TemporaryDirectory, _ name: String, _ text: String, mode: mode_t = 0o600) -> String {
    let path = dir.path + "/" + name
    _ = FileManager.default.createFile(atPath: path, contents: Data((text + "\n").utf8))
    chmod(path, mode)
    return path
}
