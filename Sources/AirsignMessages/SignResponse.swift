import AirsignEncoding

/// A sign response (docs/formats.md): the signer's answer to one request, in full form (with the
/// request's chain, network and account, and the chain's broadcastable `result`) or compact
/// form (id and signature only, to fit one QR code), which the watch completes from the
/// request it stored.
public struct SignResponse: Sendable, Equatable {
    /// The value of `airsign`.
    public static let kind = "sign-response"
    /// Most signatures one response may carry (an ICP series of expiry windows has two per window).
    public static let maximumSignatures = 1024

    public let id: RequestID
    /// The request's chain, network and account; nil in compact form.
    public let chain: ChainID?
    public let network: String?
    public let account: MessageAccount?
    /// The signatures as hex in the chain's native form (`0x…` for Ethereum), usually one;
    /// several for a request that signs several messages (ICP expiry windows). Written as a
    /// string when there is one, as an array otherwise.
    public let signatures: [String]
    /// The chain's broadcastable artifact (full form only; absent when the chain has none,
    /// as for an Ethereum message).
    public let result: JSONValue?

    /// A full response.
    public init(
        id: RequestID, chain: ChainID, network: String, account: MessageAccount, signatures: [String],
        result: JSONValue?
    ) throws(MessagesError) {
        try MessageText.token(network, field: "network", maximum: 128)
        try Self.checkSignatures(signatures)
        if let result, case .object = result {
        } else if let result {
            throw .invalidField(
                message: nil, field: "result", reason: "must be an object, not \(result.kindDescription)")
        }
        self.id = id
        self.chain = chain
        self.network = network
        self.account = account
        self.signatures = signatures
        self.result = result.map(MessageFile.canonical)
    }

    /// A compact response: id and signatures.
    public init(id: RequestID, signatures: [String]) throws(MessagesError) {
        try Self.checkSignatures(signatures)
        self.id = id
        self.chain = nil
        self.network = nil
        self.account = nil
        self.signatures = signatures
        self.result = nil
    }

    /// Whether this is the compact form.
    public var isCompact: Bool { chain == nil }

    /// The compact form of this response.
    public var compact: SignResponse {
        // Same id and already-checked signatures: cannot fail.
        guard let short = try? SignResponse(id: id, signatures: signatures) else {
            preconditionFailure("compact form of a valid response")
        }
        return short
    }

    /// Reads one response; `message` is its 1-based place in a batch (nil for a lone message).
    public static func parse(_ value: JSONValue, message: Int? = nil) throws(MessagesError) -> SignResponse {
        try MessageHeader.check(value, expected: kind, message: message)
        let compact = value["chain"] == nil && value["network"] == nil && value["account"] == nil
        let fields = try MessageFields(
            value, message: message,
            required: compact
                ? ["airsign", "version", "id", "signature"]
                : ["airsign", "version", "id", "chain", "network", "account", "signature"],
            optional: compact ? [] : ["result"])
        do throws(MessagesError) {
            let id = try RequestID(try fields.string("id"))
            let signatures = try Self.readSignatures(fields)
            if compact { return try SignResponse(id: id, signatures: signatures) }
            guard let accountValue = fields.value("account") else {
                throw .missingField(message: message, field: "account")
            }
            let result = fields.value("result")
            if let result, case .object = result {
            } else if result != nil {
                throw fields.invalid("result", "must be an object, not \(result?.kindDescription ?? "")")
            }
            return try SignResponse(
                id: id, chain: try ChainID(try fields.string("chain")), network: try fields.string("network"),
                account: try MessageAccount(json: accountValue, reader: fields), signatures: signatures, result: result)
        } catch {
            throw fields.locate(error)
        }
    }

    /// The response as JSON (`MessageFile.serialize` writes it canonically).
    public var json: JSONValue {
        var members = MessageHeader.members(Self.kind)
        members.append((key: "id", value: .string(id.text)))
        if let chain, let network, let account {
            members += [
                (key: "chain", value: .string(chain.rawValue)),
                (key: "network", value: .string(network)),
                (key: "account", value: account.json),
            ]
        }
        members.append(
            (
                key: "signature",
                value: signatures.count == 1 ? .string(signatures[0]) : .array(signatures.map { .string($0) })
            ))
        if let result { members.append((key: "result", value: result)) }
        return .object(members)
    }

    /// The full response for `request`: a compact response gets the request's chain, network and
    /// account; a full one must name the same ones. The id must match too.
    public func completed(from request: SignRequest) throws(MessagesError) -> SignResponse {
        guard id == request.id else {
            throw .invalidField(
                message: nil, field: "id", reason: "the response's id \(id) is not the request's \(request.id)")
        }
        if let chain, chain != request.chain {
            throw .invalidField(
                message: nil, field: "chain", reason: "the response is for \(chain), the request for \(request.chain)")
        }
        if let network, network != request.network {
            throw .invalidField(
                message: nil, field: "network",
                reason: "the response is for \(network), the request for \(request.network)")
        }
        if let account, account != request.account {
            throw .invalidField(
                message: nil, field: "account",
                reason: "the response is for \(account.address), the request was for \(request.account.address)")
        }
        return try SignResponse(
            id: id, chain: request.chain, network: request.network, account: request.account, signatures: signatures,
            result: result)
    }

    /// `signature`: one hex string, or a non-empty array of them.
    private static func readSignatures(_ fields: MessageFields) throws(MessagesError) -> [String] {
        guard let value = fields.value("signature") else {
            throw .missingField(message: fields.message, field: "signature")
        }
        switch value {
        case let .string(text): return [text]
        case let .array(items):
            var out: [String] = []
            for (index, item) in items.enumerated() {
                guard case let .string(text) = item else {
                    throw fields.invalid("signature[\(index)]", "must be a hex string, not \(item.kindDescription)")
                }
                out.append(text)
            }
            return out
        default:
            throw fields.invalid("signature", "must be a hex string or an array of them, not \(value.kindDescription)")
        }
    }

    /// Each signature is hex (an optional `0x`, an even number of digits, 1 to 8192 bytes).
    private static func checkSignatures(_ signatures: [String]) throws(MessagesError) {
        guard !signatures.isEmpty, signatures.count <= maximumSignatures else {
            throw .invalidField(
                message: nil, field: "signature", reason: "must hold 1 to \(maximumSignatures) signatures")
        }
        for (index, text) in signatures.enumerated() {
            let field = signatures.count == 1 ? "signature" : "signature[\(index)]"
            let digits = text.hasPrefix("0x") ? text.utf8.dropFirst(2) : text.utf8.dropFirst(0)
            let isHex = { (c: UInt8) in
                (0x30...0x39).contains(c) || (0x61...0x66).contains(c) || (0x41...0x46).contains(c)
            }
            guard !digits.isEmpty, digits.count % 2 == 0, digits.count <= 16384, digits.allSatisfy(isHex) else {
                throw .invalidField(
                    message: nil, field: field, reason: "must be hex (optionally 0x-prefixed), 1 to 8192 bytes")
            }
        }
    }
}
