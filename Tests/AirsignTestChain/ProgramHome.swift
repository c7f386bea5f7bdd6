import AirsignTestSupport
import Foundation

/// A throwaway directory with a home for each program, and the built programs run on it the way
/// a script runs them (`ProgramRun`): the one way the Swift tests run airsign-signer and
/// airsign-watch. Suites add their own setup (a keystore, watch accounts) in extensions.
public struct ProgramHome {
    public let dir = ScratchDirectory()

    public init() {}

    /// `AIRSIGN_SIGNER_HOME`.
    public var signerHome: String { dir.path + "/signer" }
    /// `AIRSIGN_WATCH_HOME`.
    public var watchHome: String { dir.path + "/watch" }
    /// Where `pin(_:)` writes the PIN, for `--pin-file`.
    public var pinFile: String { dir.path + "/pin" }

    /// The built `airsign-signer` on this home.
    public func signer(_ arguments: [String], stdin: String = "", environment: [String: String] = [:]) throws
        -> ProgramRun.Result
    {
        try Self.run(
            "airsign-signer", arguments, environment: ["AIRSIGN_SIGNER_HOME": signerHome].merging(environment) { $1 },
            stdin: stdin)
    }

    /// The built `airsign-watch` on this home.
    public func watch(_ arguments: [String], stdin: String = "", environment: [String: String] = [:]) throws
        -> ProgramRun.Result
    {
        try Self.run(
            "airsign-watch", arguments, environment: ["AIRSIGN_WATCH_HOME": watchHome].merging(environment) { $1 },
            stdin: stdin)
    }

    /// The built program `name` (beside the test bundle) with the test process's environment
    /// plus `environment`, for a run on homes of the caller's choosing.
    public static func run(_ name: String, _ arguments: [String], environment: [String: String], stdin: String = "")
        throws -> ProgramRun.Result
    {
        try ProgramRun.start(ProgramRun.besideTests(name), arguments, environment: environment, stdin: stdin).wait()
    }

    /// A file `name` in the directory holding `text`, private unless `mode` says otherwise; its path.
    @discardableResult
    public func file(_ name: String, _ text: String, mode: Int = 0o600) -> String {
        let path = dir.path + "/" + name
        _ = FileManager.default.createFile(
            atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: mode])
        return path
    }

    /// Writes `pin` and a line break to `pinFile` (mode 600).
    public func pin(_ pin: String = "correct horse") {
        file("pin", pin + "\n", mode: 0o600)
    }
}
