/// Everything that can go wrong in airsign-watch's own store (watch-only accounts, issued
/// requests, received responses), in words meant for the person at the online machine.
public enum WatchError: Error, Equatable, CustomStringConvertible, Sendable {
    // MARK: Watch-only accounts

    /// The store could not be read or written (a file-system error). A damaged file is
    /// `storeFileDamaged`, below.
    case storeUnavailable(path: String, reason: String)
    /// No stored account has this address.
    case accountNotFound(String)
    /// An account with this address and network is stored with other details (another key,
    /// name or xpub); `--replace` replaces it.
    case accountConflict(address: String, network: String)

    // MARK: Requests and responses

    /// A store file that does not parse: reported by name, never replaced or skipped.
    case storeFileDamaged(path: String, reason: String)
    /// No stored request has this id (the response is not for a request this watch issued).
    case unknownRequest(id: String)
    /// A request with this id is already stored.
    case requestExists(id: String)
    /// The response does not fit its stored request (another account, chain or network).
    case responseMismatch(id: String, reason: String)
    /// The chain module rejected the response (a signature that does not verify, a result
    /// that differs from the request).
    case responseRejected(id: String, reason: String)
    /// The watch was about to issue a request its own chain module refuses to review.
    case requestRefused(id: String, reason: String)
    /// `substrate submit` or `stellar submit` refused what it was given: not a response for a
    /// stored request of that chain, for another account, or a signature or artifact that does
    /// not verify. Nothing was sent.
    case notSent(reason: String)
    /// No home directory to keep the store in.
    case noHome

    public var description: String {
        switch self {
        case let .storeUnavailable(path, reason):
            return "the watch store at \(path) is not usable: \(reason)"
        case let .accountNotFound(address):
            return
                "no watch-only account with the address \(address.debugDescription) (see: airsign-watch account list)"
        case let .accountConflict(address, network):
            return "\(address) on \(network) is already imported with other details; add --replace to replace it"
        case let .storeFileDamaged(path, reason):
            return
                "the watch store file \(path) is damaged (\(reason)); it was left as it is: restore it from a backup or move it away"
        case .unknownRequest, .responseMismatch, .responseRejected:
            return (responseProblem ?? "") + "; nothing was written"
        case let .requestExists(id):
            return "a request with the id \(id) is already stored"
        case let .requestRefused(id, reason):
            return "request \(id) would be refused by the signer: \(reason); nothing was issued"
        case let .notSent(reason):
            return "\(reason); nothing was sent"
        case .noHome:
            return "no home directory for the watch store; set AIRSIGN_WATCH_HOME"
        }
    }

    /// What is wrong with a response that does not fit its stored request, without what the
    /// command then did (`finalize` writes nothing, `submit` sends nothing); nil for other errors.
    var responseProblem: String? {
        switch self {
        case let .unknownRequest(id):
            return "no stored request has the id \(id): this response is not for a request this watch issued"
        case let .responseMismatch(id, reason):
            return "the response for \(id) does not fit the stored request: \(reason)"
        case let .responseRejected(id, reason): return "the response for \(id) is rejected: \(reason)"
        default: return nil
        }
    }
}
