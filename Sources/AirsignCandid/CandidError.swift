/// The Candid module's refusals: of a binary message, of `.did` or value text, of a value that
/// does not fit its type. Each carries the place at fault and never secret bytes. The ICP module
/// reports them as its own `ICPError` cases of the same names and words (`ICPError(_:)`).
public enum CandidError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The input cannot be read as what `field` must be (text at a position, a value at a path).
    case malformed(field: String, reason: String)
    /// A binary Candid message that is not well formed, with the byte offset where reading stopped.
    case binary(offset: Int, reason: String)
    /// Reading or comparing Candid went over its work budget (`task` took more than `limit`).
    case workLimit(task: String, limit: String)
    /// Candid values nested deeper than the reader allows, at `path`.
    case tooDeep(path: String, limit: Int)

    public var description: String {
        switch self {
        case let .malformed(field, reason): return "\(field): \(reason)"
        case let .binary(offset, reason): return "Candid, at byte \(offset): \(reason)"
        case let .workLimit(task, limit): return "\(task) took more than \(limit)"
        case let .tooDeep(path, limit): return "\(path): Candid values nested deeper than \(limit) levels"
        }
    }
}
