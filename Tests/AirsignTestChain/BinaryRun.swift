import Foundation
import Glibc

/// Runs a built program (`airsign-signer`, `airsign-watch`) the way a script would: in a
/// session of its own (no controlling terminal, so a prompt fails instead of waiting), with
/// standard input from a string and its output captured.
public enum BinaryRun {
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String
    }

    /// The executable `name` beside the test bundle, in SwiftPM's build directory.
    public static func path(_ name: String) -> String {
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return me.deletingLastPathComponent().appendingPathComponent(name).path
    }

    public static func run(_ name: String, _ arguments: [String], environment extra: [String: String], stdin: String = "") throws -> Result {
        let executable = path(name)
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw RunError("no \(name) at \(executable): run `swift build` first")
        }
        let scratch = ScratchDirectory()
        _ = FileManager.default.createFile(atPath: scratch.path + "/in", contents: Data(stdin.utf8))
        var environment = ProcessInfo.processInfo.environment
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
        posix_spawnattr_setflags(&attributes, 0x80)  // POSIX_SPAWN_SETSID
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let failed = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard failed == 0 else { throw RunError("posix_spawn failed: \(failed)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let low = status & 0x7f
        return Result(
            status: low == 0 ? (status >> 8) & 0xff : 128 + low,
            stdout: (try? String(contentsOfFile: scratch.path + "/out", encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: scratch.path + "/err", encoding: .utf8)) ?? "")
    }

    public struct RunError: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}
