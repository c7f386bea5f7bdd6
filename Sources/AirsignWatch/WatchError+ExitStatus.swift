import AirsignCLI

extension WatchError: ExitStatusProviding {
    /// Bad responses and requests are refused input (3); a damaged store file is damage (5),
    /// as for the keystore.
    public var exitStatus: ExitStatus {
        switch self {
        case .storeFileDamaged: return .keystoreDamaged
        case .unknownRequest, .requestExists, .responseMismatch, .responseRejected, .requestRefused: return .invalidInput
        case .noHome: return .failure
        }
    }
}
