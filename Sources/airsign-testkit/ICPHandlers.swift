import AirsignCandid
import AirsignCrypto
import AirsignEncoding
import AirsignICP
import AirsignKeys
import AirsignMessages
import BigInt
import Foundation

// ICP: a ledger transfer or icrc1_transfer built, reviewed (clock pinned to `now`) and signed by
// ICPChain exactly as the signer does, so the suite can decode and verify what comes out.
// Integers cross as decimal strings (amounts exceed 2^53); absent options as "".

private func decimal(_ request: Request, _ key: String) throws -> BigUInt? {
    let text = try request.string(key)
    if text.isEmpty { return nil }
    guard let value = BigUInt(text, radix: 10) else {
        throw TestkitError.badRequest("\(request.op): \(key) is not a decimal integer")
    }
    return value
}

private func optionalBytes(_ request: Request, _ key: String) throws -> [UInt8]? {
    try request.string(key).isEmpty ? nil : try request.bytes(key)
}

private func uint64(_ value: BigUInt?, _ key: String) throws -> UInt64 {
    guard let value, value.bitWidth <= 64 else { throw TestkitError.badRequest("icp: \(key) must be a 64-bit integer") }
    return UInt64(value)
}

/// A decoded Candid value as JSON the suite compares with ic-py's: `[kind, payload…]`, integers
/// as decimal strings, floats as their bit patterns in hex, blobs in hex, fields as `[id, value]`.
private func candidJSON(_ value: CandidValue) -> Any {
    switch value {
    case .null: return ["null"]
    case let .bool(b): return ["bool", b]
    case let .nat(n): return ["nat", String(n)]
    case let .int(n): return ["int", String(n)]
    case let .nat8(n): return ["nat8", String(n)]
    case let .nat16(n): return ["nat16", String(n)]
    case let .nat32(n): return ["nat32", String(n)]
    case let .nat64(n): return ["nat64", String(n)]
    case let .int8(n): return ["int8", String(n)]
    case let .int16(n): return ["int16", String(n)]
    case let .int32(n): return ["int32", String(n)]
    case let .int64(n): return ["int64", String(n)]
    case let .float32(f): return ["float32", String(f.bitPattern, radix: 16)]
    case let .float64(f): return ["float64", String(f.bitPattern, radix: 16)]
    case let .text(t): return ["text", t]
    case .reserved: return ["reserved"]
    case let .principal(p): return ["principal", p.text]
    case let .opt(inner): return ["opt", inner.map(candidJSON) ?? NSNull()]
    case let .vec(items): return ["vec", items.map(candidJSON)]
    case let .blob(bytes): return ["blob", Hex.encode(bytes)]
    case let .record(fields): return ["record", fields.map { [Int($0.id), candidJSON($0.value)] }]
    case let .variant(field): return ["variant", [Int(field.id), candidJSON(field.value)]]
    case let .function(service, method): return ["func", service.text, method]
    case let .service(p): return ["service", p.text]
    }
}

let icpHandlers: [String: Handler] = [
    // Candid text → bytes: `args` checked against `types` (a tuple type, e.g. "(nat, Rec)") in
    // the definitions `defs`, then encoded.
    "candid_encode": { request in
        let interface = try CandidInterface(
            parsing: try request.string("defs") + "\nservice : { m : \(try request.string("types")) -> () }",
            origin: "defs")
        guard let method = interface.method("m") else { throw TestkitError.badRequest("candid_encode: types") }
        let environment = interface.environment
        let values = try CandidTextTyping(environment: environment, origin: "args").arguments(
            try request.string("args"), types: method.arguments)
        let bytes = try CandidEncoder.encode(
            Array(zip(method.arguments, values)).map { (type: $0.0, value: $0.1) }, environment: environment)
        return [
            "hex": Hex.encode(bytes), "text": CandidText.arguments(values, types: method.arguments, in: environment),
        ]
    },
    // Candid bytes → the values as the wire types have them, and our text of them. The
    // signer's strict reading unless `mode` is "spec" (Limits.spec: redundant LEB128 and
    // future types accepted, as the spec says), which the differential test holds against ic-py.
    "candid_decode": { request in
        let limits: CandidDecoder.Limits
        switch request.fields["mode"] as? String {
        case nil, "signer": limits = CandidDecoder.Limits()
        case "spec": limits = .spec
        default: throw TestkitError.badRequest("candid_decode: mode is \"signer\" or \"spec\"")
        }
        let message = try CandidDecoder(limits: limits).decode(try request.bytes("hex"))
        return ["values": message.values.map(candidJSON), "text": CandidText.arguments(message.values)]
    },

    "icp_sign": { request in
        let (signingKey, publicKey) = try icpKey(request, "icp_sign")
        let identity = try ICPIdentity(publicKey: publicKey)
        let created = try decimal(request, "created_at").map { try uint64($0, "created_at") }
        let arg: [UInt8]
        let method = try request.string("method")
        switch method {
        case "transfer":
            arg = try ICPLedgerTransfer(
                to: try ICPAccountIdentifier(hex: try request.string("to")),
                amount: try uint64(try decimal(request, "amount"), "amount"),
                fee: try uint64(try decimal(request, "fee"), "fee"),
                memo: try uint64(try decimal(request, "memo"), "memo"),
                fromSubaccount: try optionalBytes(request, "from_subaccount"), createdAtTime: created
            ).argumentBytes()
        case "icrc1_transfer":
            guard let amount = try decimal(request, "amount") else { throw TestkitError.badRequest("icp_sign: amount") }
            arg = try ICRC1Transfer(
                to: try ICRC1Account(text: try request.string("to")), amount: amount, fee: try decimal(request, "fee"),
                memo: try optionalBytes(request, "memo"), fromSubaccount: try optionalBytes(request, "from_subaccount"),
                createdAtTime: created
            ).argumentBytes()
        default: throw TestkitError.badRequest("icp_sign: method")
        }
        let expiry = try uint64(try decimal(request, "expiry"), "expiry")
        let windows = try request.int("windows")
        let calls = (0..<windows).map {
            ICPCallContent(
                sender: identity.principal, canisterID: ICPLedger.icp.canister, methodName: method, arg: arg,
                ingressExpiry: expiry + UInt64($0) * 300 * ICPTime.nanosPerSecond)
        }
        let payload: JSONValue = .object([
            ("type", .string("call")),
            ("contents", .array(calls.map { .string(Hex.encode(ICPRequestContent.call($0).encoded)) })),
        ])
        let signRequest = try SignRequest.make(
            chain: ChainID(Chain.icp), network: ICPChain.network,
            account: try MessageAccount(address: identity.principal.text, publicKey: publicKey), payload: payload)
        let chain = ICPChain()
        let review = try chain.review(signRequest, context: ReviewContext(now: Int64(try request.int("now"))))
        let signed = try chain.sign(review, with: signingKey)
        return [
            "arg": Hex.encode(arg), "principal": identity.principal.text, "signatures": signed.signatures,
            "result": JSONSerializer().serialize(signed.result ?? .null),
            "lines": review.lines.map { "\($0.label): \($0.value)" },
        ]
    },
]

/// The request's ICP key (`scheme` secp256k1 or ed25519, `key` its secret) and public key.
func icpKey(_ request: Request, _ command: String) throws -> (SigningKey, [UInt8]) {
    switch try request.string("scheme") {
    case "secp256k1":
        let key = try Secp256k1.PrivateKey(try request.secret("key"))
        return (.secp256k1(key), key.publicKey.uncompressed)
    case "ed25519":
        let key = try Ed25519.PrivateKey(seed: try request.secret("key"))
        return (.ed25519(key), key.publicKey)
    default: throw TestkitError.badRequest("\(command): scheme")
    }
}
