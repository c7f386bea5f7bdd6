#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reading corpus files for replays (test-only tooling; the production readers are in
/// AirsignCLI and AirsignFiles).
public enum FuzzInputFiles {
    /// The bytes of the file at `path`, nil when it cannot be read.
    public static func read(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { Array($0) }
    }

    /// Writes `bytes` to a new file at `path`; false when that fails.
    public static func write(_ bytes: [UInt8], to path: String) -> Bool {
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
    }

    /// Every regular file directly inside `directory`, by name; empty when there is none.
    public static func files(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.sorted().map { directory + "/" + $0 }.filter { !$0.hasSuffix("/.gitkeep") }
    }
}
