import AirsignEncoding

/// An update call's content map (interface spec `call-request-content`).
public struct ICPCallContent: Equatable, Sendable {
    public var sender: Principal
    public var canisterID: Principal
    public var methodName: String
    public var arg: [UInt8]
    /// Nanoseconds since 1970.
    public var ingressExpiry: UInt64
    public var nonce: [UInt8]?

    public init(
        sender: Principal, canisterID: Principal, methodName: String, arg: [UInt8], ingressExpiry: UInt64,
        nonce: [UInt8]? = nil
    ) {
        self.sender = sender
        self.canisterID = canisterID
        self.methodName = methodName
        self.arg = arg
        self.ingressExpiry = ingressExpiry
        self.nonce = nonce
    }

    /// The same call with another expiry (one window of a series).
    public func expiring(at expiry: UInt64) -> ICPCallContent {
        var copy = self
        copy.ingressExpiry = expiry
        return copy
    }
}

/// A read_state content map; the signer builds only `request_status` reads.
public struct ICPReadStateContent: Equatable, Sendable {
    public var sender: Principal
    public var ingressExpiry: UInt64
    public var paths: [[[UInt8]]]

    public init(sender: Principal, ingressExpiry: UInt64, paths: [[[UInt8]]]) {
        self.sender = sender
        self.ingressExpiry = ingressExpiry
        self.paths = paths
    }

    /// The read of `/request_status/<request id>` for `call`, with the call's sender and expiry.
    public static func requestStatus(of call: ICPCallContent) -> ICPReadStateContent {
        ICPReadStateContent(
            sender: call.sender, ingressExpiry: call.ingressExpiry,
            paths: [[Array("request_status".utf8), call.requestID]])
    }
}

/// The content of an ingress message, strictly decoded: exactly the keys the spec names for
/// its request type, each of its type, nothing after the map.
public enum ICPRequestContent: Equatable, Sendable {
    case call(ICPCallContent)
    case readState(ICPReadStateContent)

    static let nonceLimit = 32
    static let pathsLimit = 1000
    static let labelsLimit = 127

    public var sender: Principal {
        switch self {
        case let .call(c): return c.sender
        case let .readState(r): return r.sender
        }
    }

    public var ingressExpiry: UInt64 {
        switch self {
        case let .call(c): return c.ingressExpiry
        case let .readState(r): return r.ingressExpiry
        }
    }

    /// The map in ic-agent's field order (`request_type` first).
    public var cbor: CBORValue {
        switch self {
        case let .call(c):
            var entries: [(key: CBORValue, value: CBORValue)] = [(.text("request_type"), .text("call"))]
            if let nonce = c.nonce { entries.append((.text("nonce"), .bytes(nonce))) }
            entries += [
                (.text("ingress_expiry"), .unsigned(c.ingressExpiry)), (.text("sender"), .bytes(c.sender.bytes)),
                (.text("canister_id"), .bytes(c.canisterID.bytes)), (.text("method_name"), .text(c.methodName)),
                (.text("arg"), .bytes(c.arg)),
            ]
            return .map(entries)
        case let .readState(r):
            return .map([
                (.text("request_type"), .text("read_state")), (.text("ingress_expiry"), .unsigned(r.ingressExpiry)),
                (.text("sender"), .bytes(r.sender.bytes)),
                (.text("paths"), .array(r.paths.map { .array($0.map { .bytes($0) }) })),
            ])
        }
    }

    /// The CBOR encoding of `cbor` (no self-describe tag: that belongs to the envelope).
    public var encoded: [UInt8] {
        // Only text, bytes, unsigned integers and arrays of them: the encoder cannot refuse.
        (try? CBOREncoder().encode(cbor)) ?? []
    }

    /// The request id: the representation-independent hash of the content map.
    public var requestID: [UInt8] {
        switch self {
        case let .call(c): return c.requestID
        case let .readState(r): return r.requestID
        }
    }

    /// Decodes one content map from CBOR bytes (no tag).
    public static func decode(_ bytes: [UInt8], field: String = "content") throws(ICPError) -> ICPRequestContent {
        let value: CBORValue
        do { value = try CBORDecoder(options: .init(maxDepth: 8, maxLength: 1 << 21)).decode(bytes) } catch {
            throw .malformed(field: field, reason: "\(error)")
        }
        return try decode(value, field: field)
    }

    /// Decodes one content map from an already decoded CBOR value.
    public static func decode(_ value: CBORValue, field: String) throws(ICPError) -> ICPRequestContent {
        guard case let .map(entries) = value else {
            throw .malformed(field: field, reason: "the content is \(value.kindDescription), not a map")
        }
        var members: [String: CBORValue] = [:]
        for entry in entries {
            guard case let .text(key) = entry.key else {
                throw .malformed(field: field, reason: "a key is \(entry.key.kindDescription), not text")
            }
            members[key] = entry.value
        }
        let reader = ContentReader(members: members, field: field)
        let requestType = try reader.text("request_type")
        let sender = try reader.principal("sender")
        let expiry = try reader.unsigned("ingress_expiry")
        switch requestType {
        case "call":
            try reader.onlyKeys([
                "request_type", "nonce", "ingress_expiry", "sender", "canister_id", "method_name", "arg",
            ])
            let nonce = try reader.optionalBytes("nonce")
            if let nonce, nonce.count > nonceLimit {
                throw .malformed(field: "\(field).nonce", reason: "at most \(nonceLimit) bytes, not \(nonce.count)")
            }
            return .call(
                ICPCallContent(
                    sender: sender, canisterID: try reader.principal("canister_id"),
                    methodName: try reader.text("method_name"),
                    arg: try reader.bytes("arg"), ingressExpiry: expiry, nonce: nonce))
        case "read_state":
            try reader.onlyKeys(["request_type", "ingress_expiry", "sender", "paths"])
            guard case let .array(paths)? = members["paths"] else {
                throw .malformed(field: "\(field).paths", reason: "an array of paths is required")
            }
            guard paths.count <= pathsLimit else {
                throw .malformed(field: "\(field).paths", reason: "more than \(pathsLimit) paths")
            }
            var decoded: [[[UInt8]]] = []
            for path in paths {
                guard case let .array(labels) = path, labels.count <= labelsLimit else {
                    throw .malformed(
                        field: "\(field).paths", reason: "each path is an array of at most \(labelsLimit) byte strings")
                }
                var out: [[UInt8]] = []
                for label in labels {
                    guard case let .bytes(b) = label else {
                        throw .malformed(field: "\(field).paths", reason: "a path label is not a byte string")
                    }
                    out.append(b)
                }
                decoded.append(out)
            }
            return .readState(ICPReadStateContent(sender: sender, ingressExpiry: expiry, paths: decoded))
        default:
            throw .malformed(
                field: "\(field).request_type",
                reason: "\"\(requestType)\" is not a request this signer handles (call, read_state)")
        }
    }
}

extension ICPCallContent {
    public var requestID: [UInt8] { Self.hash(ICPRequestContent.call(self).cbor) }

    static func hash(_ value: CBORValue) -> [UInt8] {
        // Built from text, bytes and unsigned integers only: hashing cannot refuse it.
        guard case let .map(entries) = value, let id = try? RepresentationIndependentHash.hashOfMap(entries) else {
            return []
        }
        return id
    }
}

extension ICPReadStateContent {
    public var requestID: [UInt8] { ICPCallContent.hash(ICPRequestContent.readState(self).cbor) }
}

/// Typed access to a content map's members, with the field named in every error.
private struct ContentReader {
    let members: [String: CBORValue]
    let field: String

    func onlyKeys(_ allowed: Set<String>) throws(ICPError) {
        if let unknown = members.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw .malformed(field: field, reason: "unknown key \"\(unknown)\"")
        }
    }

    func required(_ key: String) throws(ICPError) -> CBORValue {
        guard let value = members[key] else { throw .malformed(field: "\(field).\(key)", reason: "missing") }
        return value
    }

    func text(_ key: String) throws(ICPError) -> String {
        guard case let .text(t) = try required(key) else {
            throw .malformed(field: "\(field).\(key)", reason: "not a text string")
        }
        return t
    }

    func bytes(_ key: String) throws(ICPError) -> [UInt8] {
        guard case let .bytes(b) = try required(key) else {
            throw .malformed(field: "\(field).\(key)", reason: "not a byte string")
        }
        return b
    }

    func optionalBytes(_ key: String) throws(ICPError) -> [UInt8]? {
        members[key] == nil ? nil : try bytes(key)
    }

    func unsigned(_ key: String) throws(ICPError) -> UInt64 {
        guard case let .unsigned(n) = try required(key) else {
            throw .malformed(field: "\(field).\(key)", reason: "not an unsigned integer")
        }
        return n
    }

    func principal(_ key: String) throws(ICPError) -> Principal {
        do { return try Principal(bytes: try bytes(key)) } catch let error as ICPError { throw error } catch {
            throw .malformed(field: "\(field).\(key)", reason: "\(error)")
        }
    }
}
