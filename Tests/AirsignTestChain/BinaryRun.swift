import AirsignTestSupport

/// Runs a built program (`airsign-signer`, `airsign-watch`) as a script would; see `ProgramRun`.
public enum BinaryRun {
    public typealias Result = ProgramRun.Result

    /// The executable `name` beside the test bundle, in SwiftPM's build directory.
    public static func path(_ name: String) -> String { ProgramRun.besideTests(name) }

    public static func run(_ name: String, _ arguments: [String], environment extra: [String: String], stdin: String = "") throws -> Result {
        try ProgramRun.start(path(name), arguments, environment: extra, stdin: stdin).wait()
    }
}
