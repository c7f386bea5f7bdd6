#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How `airsign-watch` finds its store: `AIRSIGN_WATCH_HOME` or `~/.airsign-watch`.
public enum WatchContext {
    /// The store of this process's environment.
    public static func store(environment: [String: String] = ProcessInfo.processInfo.environment) throws(WatchError)
        -> WatchStore
    {
        WatchStore(directory: try WatchStore.defaultDirectory(environment: environment))
    }
}
