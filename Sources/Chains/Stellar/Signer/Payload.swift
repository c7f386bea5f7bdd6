import AirsignEncoding

/// A Stellar sign request's payload, read strictly (docs/formats.md):
///
/// - `{"type":"transaction","envelope":"<base64 TransactionEnvelope>","networkPassphrase":"…"}`,
///   optionally with `"assets":["native"|"CODE:ISSUER",…]` (assets whose Stellar Asset Contract
///   the transaction calls) and `"liquidityPools":["<base64 LiquidityPoolParameters>",…]` (the
///   pools it deposits to or withdraws from). These hints name contracts and pools; each is
///   used only because its hash is an id in the signed transaction, and one that is not is refused.
/// - `{"type":"authorization","entry":"<base64 SorobanAuthorizationEntry>","networkPassphrase":"…"}`:
///   a Soroban authorization for the request's account to sign on its own.
/// - `{"type":"message","message":"<base64 bytes>"}`: a SEP-53 message, 1 to 8192 bytes. It has
///   no passphrase: its signature names no network.
///
/// Any other member, a passphrase of another network than the request's, or bytes that do not
/// decode are refused.
public enum StellarPayload: Sendable {
    case transaction(TransactionEnvelope, assets: [Asset], pools: [LiquidityPoolParameters])
    case authorization(SorobanAuthorizationEntry)
    /// A SEP-53 message: its bytes, signed as `SHA-256("Stellar Signed Message:\n" ‖ message)`.
    case message([UInt8])

    public init(_ payload: JSONValue, network: StellarNetwork) throws(StellarError) {
        guard case let .object(members) = payload, case let .string(type)? = payload["type"] else {
            throw .payload(.notObject)
        }
        let allowed: Set<String>
        switch type {
        case "transaction": allowed = ["type", "networkPassphrase", "envelope", "assets", "liquidityPools"]
        case "authorization": allowed = ["type", "networkPassphrase", "entry"]
        case "message": allowed = ["type", "message"]
        default: throw .payload(.unknownType(type))
        }
        for (key, _) in members where !allowed.contains(key) {
            throw .payload(.unknownMember(key: key, type: type))
        }
        if type == "message" {
            self = .message(try Self.message(payload["message"]))
            return
        }
        guard case let .string(passphrase)? = payload["networkPassphrase"] else {
            throw .payload(.missingPassphrase(type: type))
        }
        guard passphrase == network.passphrase else {
            throw .wrongNetwork(
                expected: network.description, found: StellarNetwork(passphrase: passphrase).description)
        }
        if type == "authorization" {
            guard case let .string(base64)? = payload["entry"] else { throw .payload(.missingBase64(field: "entry")) }
            do { self = .authorization(try SorobanAuthorizationEntry(base64: base64)) } catch {
                throw .unreadable(field: "payload.entry", reason: "\(error)")
            }
            return
        }
        guard case let .string(base64)? = payload["envelope"] else { throw .payload(.missingBase64(field: "envelope")) }
        let envelope: TransactionEnvelope
        do { envelope = try TransactionEnvelope(base64: base64) } catch {
            throw .unreadable(field: "payload.envelope", reason: "\(error)")
        }
        let assets = try Self.list(payload["assets"], "assets") { (text: String) throws(StellarError) in try Asset(text)
        }
        let pools = try Self.list(payload["liquidityPools"], "liquidityPools") { (text: String) throws(StellarError) in
            try LiquidityPoolParameters(xdr: try StellarBase64.decode(text))
        }
        self = .transaction(envelope, assets: assets, pools: pools)
    }

    /// A message payload's bytes: canonical base64 of 1 to `SEP53.maximumBytes` bytes.
    private static func message(_ value: JSONValue?) throws(StellarError) -> [UInt8] {
        guard case let .string(base64)? = value else { throw .payload(.missingBase64(field: "message")) }
        // Checked before decoding, so no more than the limit is ever allocated.
        guard base64.utf8.count <= (SEP53.maximumBytes + 2) / 3 * 4 else {
            throw .payload(.messageTooLong(limit: SEP53.maximumBytes))
        }
        let bytes: [UInt8]
        do { bytes = try StellarBase64.decode(base64) } catch {
            throw .unreadable(field: "payload.message", reason: "\(error)")
        }
        guard !bytes.isEmpty else { throw .payload(.emptyMessage) }
        guard bytes.count <= SEP53.maximumBytes else { throw .payload(.messageTooLong(limit: SEP53.maximumBytes)) }
        return bytes
    }

    /// The JSON of a SEP-53 message payload.
    public static func json(message: [UInt8]) throws(StellarError) -> JSONValue {
        guard !message.isEmpty, message.count <= SEP53.maximumBytes else {
            throw .messageLength(bytes: message.count)
        }
        return .object([
            (key: "message", value: .string(StellarBase64.encode(message))), (key: "type", value: .string("message")),
        ])
    }

    /// A list of strings, each parsed by `parse`; absent is empty.
    private static func list<T>(_ value: JSONValue?, _ field: String, _ parse: (String) throws(StellarError) -> T)
        throws(StellarError) -> [T]
    {
        guard let value else { return [] }
        guard case let .array(items) = value, !items.isEmpty, items.count <= 16 else {
            throw .payload(.listShape(field: field))
        }
        var out: [T] = []
        for (index, item) in items.enumerated() {
            guard case let .string(text) = item else { throw .payload(.listItemNotString(field: field, index: index)) }
            do { out.append(try parse(text)) } catch {
                throw .unreadable(field: "payload.\(field)[\(index)]", reason: "\(error)")
            }
        }
        return out
    }

    /// The JSON of a transaction payload; hints only when there are some.
    public static func json(
        _ envelope: TransactionEnvelope, network: StellarNetwork, assets: [Asset] = [],
        pools: [LiquidityPoolParameters] = []
    ) throws(StellarError) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if !assets.isEmpty { members.append((key: "assets", value: .array(assets.map { .string($0.text) }))) }
        members.append((key: "envelope", value: .string(try envelope.base64())))
        if !pools.isEmpty {
            var encoded: [JSONValue] = []
            for pool in pools { encoded.append(.string(StellarBase64.encode(try pool.xdr()))) }
            members.append((key: "liquidityPools", value: .array(encoded)))
        }
        members.append((key: "networkPassphrase", value: .string(network.passphrase)))
        members.append((key: "type", value: .string("transaction")))
        return .object(members)
    }

    /// The JSON of an authorization payload.
    public static func json(_ entry: SorobanAuthorizationEntry, network: StellarNetwork) throws(StellarError)
        -> JSONValue
    {
        .object([
            (key: "entry", value: .string(try entry.base64())),
            (key: "networkPassphrase", value: .string(network.passphrase)),
            (key: "type", value: .string("authorization")),
        ])
    }
}

extension Asset {
    /// `native` or `CODE:ISSUER`, as the watch's options and payload hints write assets.
    public init(_ text: String) throws(StellarError) {
        if text == "native" { self = .native; return }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw .assetText(text) }
        self = try .credit(String(parts[0]), issuer: String(parts[1]))
    }

    /// `native` or `CODE:ISSUER`.
    public var text: String {
        switch self {
        case .native: return "native"
        case let .credit(code, issuer): return "\(code):\(issuer)"
        }
    }
}
