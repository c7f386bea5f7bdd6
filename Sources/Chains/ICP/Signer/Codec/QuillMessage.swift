import AirsignEncoding

/// The signed-message JSON `quill send` reads: an array of `IngressWithRequestId`,
/// `{ingress:{call_type,request_id,content,role?}, request_status:{canister_id,request_id,content}}`
/// with lower-case hex (no `0x`) request ids and CBOR envelopes (quill `src/lib/signing.rs`).
public struct QuillMessage: Equatable, Sendable {
    public let call: ICPEnvelope
    public let readState: ICPEnvelope
    public let canisterID: Principal
    public let role: String?

    public init(call: ICPEnvelope, readState: ICPEnvelope, canisterID: Principal, role: String?) {
        self.call = call
        self.readState = readState
        self.canisterID = canisterID
        self.role = role
    }

    public var requestID: [UInt8] { call.content.requestID }

    /// Keys in sorted order, as sign responses store their results (so the two compare equal).
    public var json: JSONValue {
        let id = JSONValue.string(Hex.encode(requestID))
        var ingress: [(key: String, value: JSONValue)] = [
            ("call_type", .string("update")), ("content", .string(Hex.encode(call.encoded))), ("request_id", id),
        ]
        if let role { ingress.append(("role", .string(role))) }
        return .object([
            ("ingress", .object(ingress)),
            (
                "request_status",
                .object([
                    ("canister_id", .string(canisterID.text)), ("content", .string(Hex.encode(readState.encoded))),
                    ("request_id", id),
                ])
            ),
        ])
    }

    /// Reads one element of the array strictly: the envelopes must decode, the call's request
    /// id and canister must be the ones named, and the read_state must poll that request.
    public init(json: JSONValue, field: String) throws(ICPError) {
        guard case let .object(ingress)? = json["ingress"], case let .object(status)? = json["request_status"],
            case let .object(top) = json, top.count == 2
        else {
            throw .malformed(field: field, reason: "needs exactly \"ingress\" and \"request_status\" objects")
        }
        func string(_ members: [(key: String, value: JSONValue)], _ key: String, _ where_: String) throws(ICPError)
            -> String
        {
            guard let member = members.first(where: { $0.key == key }), case let .string(s) = member.value else {
                throw .malformed(field: "\(where_).\(key)", reason: "a string is required")
            }
            return s
        }
        func bytes(_ hex: String, _ where_: String) throws(ICPError) -> [UInt8] {
            do { return try Hex.decode(hex) } catch { throw .malformed(field: where_, reason: "\(error)") }
        }
        let allowedIngress: Set<String> = ["call_type", "request_id", "content", "role"]
        if let extra = ingress.first(where: { !allowedIngress.contains($0.key) }) {
            throw .malformed(field: "\(field).ingress", reason: "unknown key \"\(extra.key)\"")
        }
        if let extra = status.first(where: { !["canister_id", "request_id", "content"].contains($0.key) }) {
            throw .malformed(field: "\(field).request_status", reason: "unknown key \"\(extra.key)\"")
        }
        guard try string(ingress, "call_type", "\(field).ingress") == "update" else {
            throw .malformed(field: "\(field).ingress.call_type", reason: "only update calls are sent")
        }
        call = try ICPEnvelope.decode(
            try bytes(try string(ingress, "content", "\(field).ingress"), "\(field).ingress.content"),
            field: "\(field).ingress.content")
        readState = try ICPEnvelope.decode(
            try bytes(try string(status, "content", "\(field).request_status"), "\(field).request_status.content"),
            field: "\(field).request_status.content")
        guard case let .call(content) = call.content else {
            throw .malformed(field: "\(field).ingress.content", reason: "not a call")
        }
        let canisterText = try string(status, "canister_id", "\(field).request_status")
        do { canisterID = try Principal(text: canisterText) } catch {
            throw .malformed(field: "\(field).request_status.canister_id", reason: "\(error)")
        }
        guard canisterID == content.canisterID else {
            throw .malformed(
                field: "\(field).request_status.canister_id",
                reason: "\(canisterText) is not the call's canister \(content.canisterID.text)")
        }
        let id = Hex.encode(content.requestID)
        if ingress.contains(where: { $0.key == "request_id" }) {
            guard try string(ingress, "request_id", "\(field).ingress").lowercased() == id else {
                throw .malformed(
                    field: "\(field).ingress.request_id", reason: "does not match the request id of the content (\(id))"
                )
            }
        }
        guard try string(status, "request_id", "\(field).request_status").lowercased() == id else {
            throw .malformed(
                field: "\(field).request_status.request_id",
                reason: "does not match the request id of the content (\(id))")
        }
        guard
            readState.content == .readState(.requestStatus(of: content))
                || Self.pollsRequest(readState.content, id: content.requestID)
        else {
            throw .malformed(field: "\(field).request_status.content", reason: "does not read this request's status")
        }
        if let member = ingress.first(where: { $0.key == "role" }) {
            guard case let .string(r) = member.value else {
                throw .malformed(field: "\(field).ingress.role", reason: "a string is required")
            }
            role = r
        } else {
            role = nil
        }
    }

    /// Whether a read_state content reads `/request_status/<id>` (quill's has its own expiry).
    static func pollsRequest(_ content: ICPRequestContent, id: [UInt8]) -> Bool {
        guard case let .readState(r) = content else { return false }
        return r.paths == [[Array("request_status".utf8), id]]
    }

    /// A sign response's result: `{"messages": <quill's array>}`.
    public static func result(_ messages: [QuillMessage]) -> JSONValue {
        .object([("messages", .array(messages.map(\.json)))])
    }

    /// Parses quill's array (one element per expiry window), or a response result or a whole
    /// sign response holding it under `messages`.
    public static func parseArray(_ json: JSONValue) throws(ICPError) -> [QuillMessage] {
        if case .object = json {
            if let result = json["result"] { return try parseArray(result) }
            if let messages = json["messages"] { return try parseArray(messages) }
        }
        guard case let .array(items) = json, !items.isEmpty else {
            throw .malformed(
                field: "messages", reason: "an array of ingress messages with their request_status is required")
        }
        var out: [QuillMessage] = []
        for (i, item) in items.enumerated() { out.append(try QuillMessage(json: item, field: "messages[\(i)]")) }
        return out
    }
}
