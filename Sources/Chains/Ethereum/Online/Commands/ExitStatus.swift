import AirsignCLI

extension EthereumWatchError: ExitStatusProviding {
    public var exitStatus: ExitStatus {
        switch self {
        case .invalidInput, .missing, .account, .mismatch: return .invalidInput
        case .hashMismatch: return .network
        case .reverted: return .failure
        }
    }
}
