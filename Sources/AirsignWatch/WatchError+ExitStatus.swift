import AirsignCLI

extension WatchError: ExitStatusProviding {
    /// Bad responses and requests (and what submit refused to send), an address that is not
    /// there, a conflicting import: refused input (3). A damaged store file is damage (5), as
    /// for the keystore; a store that cannot be reached at all is a failure (1).
    public var exitStatus: ExitStatus {
        switch self {
        case .storeFileDamaged: return .keystoreDamaged
        case .unknownRequest, .requestExists, .responseMismatch, .responseRejected, .requestRefused, .notSent,
            .accountNotFound, .accountConflict:
            return .invalidInput
        case .noHome, .storeUnavailable: return .failure
        }
    }
}
