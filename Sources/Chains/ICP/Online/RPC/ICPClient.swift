import AirsignEncoding
import AirsignICP
import AirsignOnline

/// The IC's HTTPS interface for already signed messages (interface spec, "HTTPS Interface"):
/// `POST /api/v2/canister/<id>/call` with a call envelope, `POST …/read_state` with a
/// read_state envelope. It holds no keys: the envelopes come signed from the signer. Every
/// certificate in an answer is verified (`ICPCertificateVerifier`) before it is read.
public struct ICPClient: Sendable {
    public let baseURL: String
    /// Checks every certificate an answer carries before anything in it is used.
    public let verifier: ICPCertificateVerifier
    public let transport: any HTTPTransport

    public init(baseURL: String, verifier: ICPCertificateVerifier, transport: any HTTPTransport = URLSessionTransport())
        throws(OnlineError)
    {
        guard baseURL.hasPrefix("https://") || baseURL.hasPrefix("http://") else { throw .badURL(baseURL) }
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.verifier = verifier
        self.transport = transport
    }

    /// What the boundary node said to a call.
    public enum CallOutcome: Equatable, Sendable {
        /// 202: accepted for processing; poll its status.
        case accepted
        /// 200 with a reject: refused before execution.
        case rejected(code: UInt64, message: String, errorCode: String?)
    }

    func url(_ canister: Principal, _ endpoint: String) -> String {
        "\(baseURL)/api/v2/canister/\(canister.text)/\(endpoint)"
    }

    func post(_ url: String, _ body: [UInt8]) throws(OnlineError) -> HTTPResponse {
        let response = try transport.send(
            HTTPRequest(method: .post, url: url, headers: [("Content-Type", "application/cbor")], body: body))
        guard (200..<300).contains(response.status) else {
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

    /// The request's status from a read_state answer, read only from a certificate that
    /// verifies (`verifier`, for `canister` at `now`): the node's word alone is never taken.
    public func requestStatus(canister: Principal, envelope: [UInt8], requestID: [UInt8], now: Int64) throws
        -> ICPRequestStatus
    {
        let url = url(canister, "read_state")
        let certificate = try readState(url, envelope: envelope, canister: canister, now: now)
        return try ICPRequestStatus(certificate: certificate, requestID: requestID)
    }

    /// Posts a read_state envelope and returns the answer's certificate, verified.
    func readState(_ url: String, envelope: [UInt8], canister: Principal, now: Int64) throws -> ICPCertificate {
        try verifier.verify(
            try readStateCertificate(url, envelope: envelope, canister: canister, now: now), canister: canister,
            now: now)
    }

    /// The certificate's bytes a read_state answer carries, not yet verified.
    func readStateCertificate(_ url: String, envelope: [UInt8], canister: Principal, now: Int64) throws -> [UInt8] {
        let reply = try ICPReply.map(try post(url, envelope).body, url: url)
        guard case let .bytes(certificate)? = reply["certificate"] else {
            throw OnlineError.badReply(url: url, reason: "no certificate")
        }
        return certificate
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
