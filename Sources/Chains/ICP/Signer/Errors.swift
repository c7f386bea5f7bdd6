/// Why an ICP request, envelope, Candid value or account text was refused. Messages are written
/// for the person at the signer or the watch: they name the field at fault and never hold
/// secret bytes.
public enum ICPError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The input cannot be decoded as what `field` must be.
    case malformed(field: String, reason: String)
    /// The input decodes but must not be signed or sent (wrong sender, expired, not a ledger…).
    case refused(String)
    /// A Candid message that is not well formed, with the byte offset where reading stopped.
    case candid(offset: Int, reason: String)

    public var description: String {
        switch self {
        case let .malformed(field, reason): return "\(field): \(reason)"
        case let .refused(reason): return reason
        case let .candid(offset, reason): return "Candid, at byte \(offset): \(reason)"
        }
    }
}
