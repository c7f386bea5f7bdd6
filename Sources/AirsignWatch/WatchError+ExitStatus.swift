import AirsignCLI

extension WatchError: ExitStatusProviding {
    /// An address that is not there or a conflicting import is the user's input, refused; a
    /// damaged or unusable store is a failure of the machine's files.
    public var exitStatus: ExitStatus {
        switch self {
        case .accountNotFound, .accountConflict: return .invalidInput
        case .storeFileCorrupt, .storeUnavailable: return .failure
        }
    }
}
