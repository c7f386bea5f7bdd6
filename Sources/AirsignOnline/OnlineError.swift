/// Everything that can go wrong between airsign-watch and a node, Horizon or boundary node, in
/// words for the person at the online machine. Each case names the endpoint so a user with
/// several configured can tell which one failed.
public enum OnlineError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The address given is not an http(s) URL.
    case badURL(String)
    /// No answer at all: connection refused, DNS, TLS or a timeout.
    case unreachable(url: String, reason: String)
    /// An HTTP status other than the ones the protocol expects; `body` is the start of the reply.
    case httpStatus(url: String, status: Int, body: String)
    /// A reply that is not what the protocol promises (not JSON, a field missing or of the wrong type).
    case badReply(url: String, reason: String)
    /// A JSON-RPC error object from the node.
    case rpcError(method: String, code: Int64, message: String)
    /// The node answered, but what it said fails a check of ours (another chain, a nonce in the past).
    case unexpected(url: String, reason: String)
    /// Waited for a transaction's outcome and gave up.
    case timedOut(what: String, seconds: Int)

    public var description: String {
        switch self {
        case let .badURL(text):
            return "\(text.debugDescription) is not an http:// or https:// URL"
        case let .unreachable(url, reason):
            return "could not reach \(url): \(reason)"
        case let .httpStatus(url, status, body):
            return body.isEmpty ? "\(url) answered HTTP \(status)" : "\(url) answered HTTP \(status): \(body)"
        case let .badReply(url, reason):
            return "\(url) sent a reply that does not read: \(reason)"
        case let .rpcError(method, code, message):
            return "the node refused \(method) (error \(code)): \(message)"
        case let .unexpected(url, reason):
            return "\(url): \(reason)"
        case let .timedOut(what, seconds):
            return "gave up waiting for \(what) after \(seconds) s"
        }
    }
}
