/// Everything that can go wrong in airsign-watch's own store (watch-only accounts, issued
/// requests, received responses), in words meant for the person at the online machine.
public enum WatchError: Error, Equatable, CustomStringConvertible, Sendable {
    // MARK: Watch-only accounts

    // MARK: Requests and responses

    public var description: String {
        switch self {
        }
    }
}
