import AirsignEncoding
import AirsignOnline

/// The IC's HTTPS interface for already signed messages (interface spec, "HTTPS Interface"):
/// `POST /api/v2/canister/<id>/call` with a call envelope, `POST …/read_state` with a
/// read_state envelope. It holds no keys: the envelopes come signed from the signer.
public struct ICPClient: Sendable {
    public let baseURL: String
    public let transport: any HTTPTransport

    public init(baseURL: String, transport: any HTTPTransport = URLSessionTransport()) throws(OnlineError) {
        guard baseURL.hasPrefix("https://") || baseURL.hasPrefix("http://") else { throw .badURL(baseURL) }
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.transport = transport
    }

    /// What the boundary node said to a call.
    public enum CallOutcome: Equatable, Sendable {
        /// 202: accepted for processing; poll its status.
        case accepted
        /// 200 with a reject: refused before execution.
        case rejected(code: UInt64, message: String, errorCode: String?)
    }

    func url(_ canister: Principal, _ endpoint: String) -> String { "\(baseURL)/api/v2/canister/\(canister.text)/\(endpoint)" }

    func post(_ url: String, _ body: [UInt8]) throws(OnlineError) -> HTTPResponse {
        let response = try transport.send(HTTPRequest(method: .post, url: url, headers: [("Content-Type", "application/cbor")], body: body))
        guard (200 ..< 300).contains(response.status) else {
            throw .httpStatus(url: url, status: response.status, body: response.excerpt())
        }
        return response
    }

    public func call(canister: Principal, envelope: [UInt8]) throws(OnlineError) -> CallOutcome {
        let url = url(canister, "call")
        let response = try post(url, envelope)
        if response.status == 202 { return .accepted }
        let reply = try ICPReply.map(response.body, url: url)
        guard case let .unsigned(code)? = reply["reject_code"] else {
            throw .badReply(url: url, reason: "a 200 answer to a call must be a reject (v2 calls are asynchronous)")
        }
        let message = (try? reply["reject_message"]?.asText()) ?? ""
        return .rejected(code: code, message: message, errorCode: try? reply["error_code"]?.asText())
    }

    /// The request's status from a read_state answer's certificate. The certificate's BLS
    /// signature is not verified: the status is what this node claims.
    public func requestStatus(canister: Principal, envelope: [UInt8], requestID: [UInt8]) throws(OnlineError) -> ICPRequestStatus {
        let url = url(canister, "read_state")
        let response = try post(url, envelope)
        let reply = try ICPReply.map(response.body, url: url)
        guard case let .bytes(certificate)? = reply["certificate"] else { throw .badReply(url: url, reason: "no certificate") }
        return try ICPRequestStatus(certificate: certificate, requestID: requestID, url: url)
    }
}

/// The status of a request in the state tree (`/request_status/<id>/…`).
public enum ICPRequestStatus: Equatable, Sendable {
    case unknown
    case received
    case processing
    case replied(reply: [UInt8])
    case rejected(code: UInt64, message: String, errorCode: String?)
    case done

    public var name: String {
        switch self {
        case .unknown: return "unknown"
        case .received: return "received"
        case .processing: return "processing"
        case .replied: return "replied"
        case .rejected: return "rejected"
        case .done: return "done"
        }
    }

    /// Reads the status from a certificate (CBOR `{tree, signature, delegation?}`).
    public init(certificate: [UInt8], requestID: [UInt8], url: String) throws(OnlineError) {
        let value: CBORValue
        do { value = try CBORDecoder(options: .init(maxDepth: 96, maxLength: 1 << 22)).decode(certificate) } catch {
            throw .badReply(url: url, reason: "the certificate is not CBOR (\(error))")
        }
        let map = (try? value.untagged(55799)) ?? value
        guard let tree = map["tree"] else { throw .badReply(url: url, reason: "the certificate has no tree") }
        let base: [[UInt8]] = [Array("request_status".utf8), requestID]
        func leaf(_ name: String) throws(OnlineError) -> [UInt8]? {
            try ICPHashTree.lookup(tree, path: base + [Array(name.utf8)], url: url)
        }
        guard let status = try leaf("status") else {
            self = .unknown
            return
        }
        switch String(decoding: status, as: UTF8.self) {
        case "received": self = .received
        case "processing": self = .processing
        case "done": self = .done
        case "replied":
            guard let reply = try leaf("reply") else { throw .badReply(url: url, reason: "status replied without a reply") }
            self = .replied(reply: reply)
        case "rejected":
            let codeBytes = try leaf("reject_code") ?? []
            let code: UInt64
            do { code = try LEB128.decode(UInt64.self, from: codeBytes).value } catch {
                throw .badReply(url: url, reason: "reject_code is not a number")
            }
            let message = String(decoding: try leaf("reject_message") ?? [], as: UTF8.self)
            let errorCode = try leaf("error_code").map { String(decoding: $0, as: UTF8.self) }
            self = .rejected(code: code, message: message, errorCode: errorCode)
        case let other:
            throw .badReply(url: url, reason: "unknown request status \"\(other.prefix(40))\"")
        }
    }
}

/// Lookups in a certificate's hash tree (interface spec, "Certificate"): `[0]` empty, `[1, l, r]`
/// fork, `[2, label, t]` labeled, `[3, v]` leaf, `[4, h]` pruned.
public enum ICPHashTree {
    /// The leaf at `path`, or nil when the tree does not hold it (absent or pruned).
    public static func lookup(_ tree: CBORValue, path: [[UInt8]], url: String) throws(OnlineError) -> [UInt8]? {
        guard let first = path.first else {
            guard case let .array(node) = tree, node.count == 2, case .unsigned(3)? = node.first, case let .bytes(value) = node[1] else {
                return nil
            }
            return value
        }
        var labeled: [(label: [UInt8], subtree: CBORValue)] = []
        try collect(tree, into: &labeled, url: url, depth: 0)
        guard let match = labeled.first(where: { $0.label == first }) else { return nil }
        return try lookup(match.subtree, path: Array(path.dropFirst()), url: url)
    }

    /// The labeled nodes at one level (forks flattened).
    static func collect(_ tree: CBORValue, into out: inout [(label: [UInt8], subtree: CBORValue)], url: String, depth: Int) throws(OnlineError) {
        guard depth < 64, case let .array(node) = tree, case let .unsigned(tag)? = node.first else {
            throw .badReply(url: url, reason: "the certificate's tree is malformed")
        }
        switch (tag, node.count) {
        case (0, 1), (3, 2), (4, 2): return
        case (1, 3):
            try collect(node[1], into: &out, url: url, depth: depth + 1)
            try collect(node[2], into: &out, url: url, depth: depth + 1)
        case (2, 3):
            guard case let .bytes(label) = node[1] else { throw .badReply(url: url, reason: "a tree label is not bytes") }
            out.append((label, node[2]))
        default:
            throw .badReply(url: url, reason: "the certificate's tree has an unknown node")
        }
    }
}

/// Decoding the CBOR maps boundary nodes answer with.
enum ICPReply {
    static func map(_ body: [UInt8], url: String) throws(OnlineError) -> CBORValue {
        let value: CBORValue
        do { value = try CBORDecoder(options: .init(maxDepth: 16, maxLength: 1 << 22)).decode(body) } catch {
            throw .badReply(url: url, reason: "not CBOR (\(error))")
        }
        let map = (try? value.untagged(55799)) ?? value
        guard case .map = map else { throw .badReply(url: url, reason: "not a CBOR map") }
        return map
    }
}
