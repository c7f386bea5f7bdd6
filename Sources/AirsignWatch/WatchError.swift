/// Everything that can go wrong in airsign-watch's own store (watch-only accounts, issued
/// requests, received responses), in words meant for the person at the online machine.
public enum WatchError: Error, Equatable, CustomStringConvertible, Sendable {
    // MARK: Watch-only accounts

    /// A file in the store that does not read as what it should be; it is left as it is.
    case storeFileCorrupt(path: String, reason: String)
    /// The store could not be read or written (a file-system error, no home directory).
    case storeUnavailable(path: String, reason: String)
    /// No stored account has this address.
    case accountNotFound(String)
    /// An account with this address and network is stored with other details (another key,
    /// name or xpub); `--replace` replaces it.
    case accountConflict(address: String, network: String)

    // MARK: Requests and responses

    public var description: String {
        switch self {
        case let .storeFileCorrupt(path, reason):
            return "\(path) is damaged (\(reason)); it was left untouched: restore it, or move it away and import the account again"
        case let .storeUnavailable(path, reason):
            return "the watch store at \(path) is not usable: \(reason)"
        case let .accountNotFound(address):
            return "no watch-only account with the address \(address.debugDescription) (see: airsign-watch account list)"
        case let .accountConflict(address, network):
            return "\(address) on \(network) is already imported with other details; add --replace to replace it"
        }
    }
}
