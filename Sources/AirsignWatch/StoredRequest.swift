import AirsignEncoding
import AirsignMessages

/// One request the watch issued, as its store file keeps it: the request itself, when it was
/// created, where it stands, and every response received for it.
///
/// File: `{"airsign":"watch-request","version":1,"created":"…Z","status":"issued"|"signed",
/// "request":{…},"responses":[{"received":"…Z","response":{…full response…}}]}`, one canonical line.
public struct StoredRequest: Sendable, Equatable {
    public static let kind = "watch-request"

    /// Where a request stands.
    public enum Status: String, Sendable {
        /// Handed to the signer; no response yet.
        case issued
        /// A response was received, verified and finalized.
        case signed
    }

    /// A received response (completed to full form and verified), and when it came.
    public struct Received: Sendable, Equatable {
        public let received: String
        public let response: SignResponse
    }

    public let request: SignRequest
    /// `YYYY-MM-DDTHH:MM:SSZ` (UTC).
    public let created: String
    public let status: Status
    public let responses: [Received]

    init(request: SignRequest, created: String, status: Status = .issued, responses: [Received] = []) {
        self.request = request
        self.created = created
        self.status = status
        self.responses = responses
    }

    /// The same record with one more verified response.
    func receiving(_ response: SignResponse, at time: String) -> StoredRequest {
        StoredRequest(
            request: request, created: created, status: .signed,
            responses: responses + [Received(received: time, response: response)])
    }

    var json: JSONValue {
        .object([
            (key: "airsign", value: .string(Self.kind)),
            (key: "version", value: .integer(1)),
            (key: "created", value: .string(created)),
            (key: "status", value: .string(status.rawValue)),
            (key: "request", value: request.json),
            (
                key: "responses",
                value: .array(
                    responses.map {
                        .object([
                            (key: "received", value: .string($0.received)), (key: "response", value: $0.response.json),
                        ])
                    })
            ),
        ])
    }

    /// The file's bytes: one canonical line.
    var fileBytes: [UInt8] { MessageFile.serialize([json]) }

    /// Reads a store file strictly; any fault is `.storeFileDamaged` naming `path`.
    static func parse(_ bytes: [UInt8], path: String) throws(WatchError) -> StoredRequest {
        do {
            let value = try JSONParser().parse(bytes)
            guard case let .object(members) = value else { throw Damage("not a JSON object") }
            let allowed = ["airsign", "version", "created", "status", "request", "responses"]
            if let unknown = members.first(where: { !allowed.contains($0.key) }) {
                throw Damage("unknown field \"\(unknown.key)\"")
            }
            guard value["airsign"] == .string(kind) else { throw Damage("not a watch request file") }
            guard value["version"] == .number("1") else { throw Damage("unknown version") }
            guard case let .string(created)? = value["created"], WatchTime.isValid(created) else {
                throw Damage("bad \"created\"")
            }
            guard case let .string(statusText)? = value["status"], let status = Status(rawValue: statusText) else {
                throw Damage("bad \"status\"")
            }
            guard let requestValue = value["request"] else { throw Damage("no \"request\"") }
            let request = try SignRequest.parse(requestValue)
            guard case let .array(items)? = value["responses"] else { throw Damage("bad \"responses\"") }
            var responses: [Received] = []
            for item in items {
                guard case let .object(fields) = item, fields.count == 2,
                    case let .string(received)? = item["received"], WatchTime.isValid(received),
                    let responseValue = item["response"]
                else { throw Damage("bad entry in \"responses\"") }
                let response = try SignResponse.parse(responseValue)
                guard response.id == request.id, !response.isCompact else {
                    throw Damage("a stored response is not a full response for this request")
                }
                responses.append(Received(received: received, response: response))
            }
            guard (status == .signed) == !responses.isEmpty else {
                throw Damage("status \(status.rawValue) with \(responses.count) responses")
            }
            let record = StoredRequest(request: request, created: created, status: status, responses: responses)
            // Written canonically, so anything else is an edit or damage.
            guard record.fileBytes == bytes else { throw Damage("not in the form airsign-watch writes") }
            return record
        } catch let damage as Damage {
            throw .storeFileDamaged(path: path, reason: damage.reason)
        } catch {
            throw .storeFileDamaged(path: path, reason: String(describing: error))
        }
    }

    private struct Damage: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
