import AirsignEncoding

/// A sign request (docs/formats.md, "Sign requests and responses"): what the watch asks the signer to sign.
///
/// Parsing checks the envelope only; `payload` stays JSON for the chain module, whose `review`
/// decodes all of it (docs/security.md, signer rule 2) before anything is shown or signed.
public struct SignRequest: Sendable, Equatable {
    /// The value of `airsign`.
    public static let kind = "sign-request"
    /// Longest `note`, in UTF-8 bytes.
    public static let maximumNoteLength = 1024

    public let id: RequestID
    public let chain: ChainID
    /// CAIP-2 where defined (`eip155:1`, `polkadot:<genesis prefix>`, `stellar:pubnet`, `icp:mainnet`).
    public let network: String
    public let account: MessageAccount
    /// The chain-specific payload, an object with a string `type`, its members (at every
    /// level) in canonical order.
    public let payload: JSONValue
    /// Free text from the watch, shown by the signer marked as unverified.
    public let note: String?

    /// A request from its parts, checked as parsing would check them.
    public init(
        id: RequestID, chain: ChainID, network: String, account: MessageAccount, payload: JSONValue, note: String? = nil
    ) throws(MessagesError) {
        try MessageText.token(network, field: "network", maximum: 128)
        try Self.checkPayload(payload)
        if let note { try MessageText.shown(note, field: "note", maximum: Self.maximumNoteLength) }
        self.id = id
        self.chain = chain
        self.network = network
        self.account = account
        self.payload = MessageFile.canonical(payload)
        self.note = note
    }

    /// A new request with a fresh random id, for the watch's builders.
    public static func make(
        chain: ChainID, network: String, account: MessageAccount, payload: JSONValue, note: String? = nil
    ) throws(MessagesError) -> SignRequest {
        try SignRequest(id: .random(), chain: chain, network: network, account: account, payload: payload, note: note)
    }

    /// The payload's `type` (`transaction`, `personal_message`, `extrinsic`, `call`, …).
    public var payloadType: String {
        if case let .string(type)? = payload["type"] { return type }
        return ""
    }

    /// Reads one request; `message` is its 1-based place in a batch (nil for a lone message),
    /// used in error messages.
    public static func parse(_ value: JSONValue, message: Int? = nil) throws(MessagesError) -> SignRequest {
        try MessageHeader.check(value, expected: kind, message: message)
        let fields = try MessageFields(
            value, message: message,
            required: ["airsign", "version", "id", "chain", "network", "account", "payload"], optional: ["note"])
        do throws(MessagesError) {
            let id = try RequestID(try fields.string("id"))
            let chain = try ChainID(try fields.string("chain"))
            let network = try fields.string("network")
            guard let accountValue = fields.value("account") else {
                throw .missingField(message: message, field: "account")
            }
            let account = try MessageAccount(json: accountValue, reader: fields)
            let payload = try fields.jsonObject("payload")
            return try SignRequest(
                id: id, chain: chain, network: network, account: account, payload: payload,
                note: try fields.optionalString("note"))
        } catch {
            throw fields.locate(error)
        }
    }

    /// The request as JSON (`MessageFile.serialize` writes it canonically).
    public var json: JSONValue {
        var members = MessageHeader.members(Self.kind)
        members += [
            (key: "id", value: .string(id.text)),
            (key: "chain", value: .string(chain.rawValue)),
            (key: "network", value: .string(network)),
            (key: "account", value: account.json),
            (key: "payload", value: payload),
        ]
        if let note { members.append((key: "note", value: .string(note))) }
        return .object(members)
    }

    /// The payload must be an object whose `type` is a short identifier; the rest is the
    /// chain module's to check.
    private static func checkPayload(_ payload: JSONValue) throws(MessagesError) {
        guard case .object = payload else {
            throw .invalidField(
                message: nil, field: "payload", reason: "must be an object, not \(payload.kindDescription)")
        }
        guard let type = payload["type"] else { throw .missingField(message: nil, field: "payload.type") }
        guard case let .string(text) = type else {
            throw .invalidField(
                message: nil, field: "payload.type", reason: "must be a string, not \(type.kindDescription)")
        }
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 64,
            bytes.allSatisfy({
                (0x61...0x7a).contains($0) || (0x41...0x5a).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5f
            })
        else {
            throw .invalidField(
                message: nil, field: "payload.type",
                reason: "must be an identifier such as \"transaction\" (letters, digits, _)")
        }
    }
}
