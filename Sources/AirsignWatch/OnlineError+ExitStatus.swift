import AirsignCLI
import AirsignOnline

extension OnlineError: ExitStatusProviding {
    /// A URL that is not one is a usage mistake the user can fix on the command line (3); every
    /// other failure happened on the network side (9).
    public var exitStatus: ExitStatus {
        switch self {
        case .badURL: return .invalidInput
        default: return .network
        }
    }
}
