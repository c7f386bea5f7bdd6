import AirsignMessages

extension MessagesError: ExitStatusProviding {
    /// Almost every message error is about input the person gave: the file, a request in it,
    /// or a contact; a request the signer refuses is refused input too (exit 3).
    public var exitStatus: ExitStatus {
        switch self {
        case .accountNotInKeystore:
            return .keystoreState
        case .derivedKeyMismatch:
            return .keystoreDamaged
        case .signingFailed, .signingKeyUnavailable:
            return .failure
        default:
            return .invalidInput
        }
    }
}
