import AirsignFiles
import AirsignTestSupport
import Foundation
import Testing

/// Runs the built `airsign-signer` the way a user or script would.
enum Signer {
    /// The executable beside the test bundle (both live in SwiftPM's build directory);
    /// `AIRSIGN_SIGNER_BIN` overrides.
    static let executable =
        ProcessInfo.processInfo.environment["AIRSIGN_SIGNER_BIN"] ?? ProgramRun.besideTests("airsign-signer")

    typealias Result = ProgramRun.Result
    typealias Running = ProgramRun.Running

    /// Runs with `AIRSIGN_SIGNER_HOME=home`, `stdin` as standard input (empty when nil) and no
    /// controlling terminal, so every prompt must be answered by a file.
    static func run(_ arguments: [String], home: String, stdin: String = "", environment extra: [String: String] = [:])
        throws -> Result
    {
        try start(arguments, home: home, stdin: stdin, environment: extra).wait()
    }

    /// The program beside this one in the build directory (`airsign-watch`).
    static func sibling(_ name: String) -> String {
        URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// Starts `program` (the signer unless told) with its home variable set to `home`.
    static func start(
        _ arguments: [String], home: String, stdin: String = "", environment extra: [String: String] = [:],
        program: String = executable, homeVariable: String = "AIRSIGN_SIGNER_HOME"
    ) throws -> Running {
        try ProgramRun.start(program, arguments, environment: [homeVariable: home].merging(extra) { $1 }, stdin: stdin)
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
