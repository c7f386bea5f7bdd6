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
    guard let value = BigUInt(text, radix: 10) else { throw TestkitError.badRequest("\(request.op): \(key) is not a decimal integer") }
    return value
}

private func optionalBytes(_ request: Request, _ key: String) throws -> [UInt8]? {
    try request.string(key).isEmpty ? nil : try request.bytes(key)
}

private func uint64(_ value: BigUInt?, _ key: String) throws -> UInt64 {
    guard let value, value.bitWidth <= 64 else { throw TestkitError.badRequest("icp: \(key) must be a 64-bit integer") }
    return UInt64(value)
}

let icpHandlers: [String: Handler] = [
    "icp_sign": { request in
        let signingKey: SigningKey
        let publicKey: [UInt8]
        switch try request.string("scheme") {
        case "secp256k1":
            let key = try Secp256k1.PrivateKey(try request.secret("key"))
            (signingKey, publicKey) = (.secp256k1(key), key.publicKey.uncompressed)
        case "ed25519":
            let key = try Ed25519.PrivateKey(seed: try request.secret("key"))
            (signingKey, publicKey) = (.ed25519(key), key.publicKey)
        default: throw TestkitError.badRequest("icp_sign: scheme")
        }
        let identity = try ICPIdentity(publicKey: publicKey)
        let created = try decimal(request, "created_at").map { try uint64($0, "created_at") }
        let arg: [UInt8]
        let method = try request.string("method")
        switch method {
        case "transfer":
            arg = ICPLedgerTransfer(
                to: try ICPAccountIdentifier(hex: try request.string("to")), amount: try uint64(try decimal(request, "amount"), "amount"),
                fee: try uint64(try decimal(request, "fee"), "fee"), memo: try uint64(try decimal(request, "memo"), "memo"),
                fromSubaccount: try optionalBytes(request, "from_subaccount"), createdAtTime: created).candid
        case "icrc1_transfer":
            guard let amount = try decimal(request, "amount") else { throw TestkitError.badRequest("icp_sign: amount") }
            arg = ICRC1Transfer(
                to: try ICRC1Account(text: try request.string("to")), amount: amount, fee: try decimal(request, "fee"),
                memo: try optionalBytes(request, "memo"), fromSubaccount: try optionalBytes(request, "from_subaccount"), createdAtTime: created).candid
        default: throw TestkitError.badRequest("icp_sign: method")
        }
        let expiry = try uint64(try decimal(request, "expiry"), "expiry")
        let windows = try request.int("windows")
        let calls = (0 ..< windows).map {
            ICPCallContent(sender: identity.principal, canisterID: ICPLedger.icp.canister, methodName: method, arg: arg,
                           ingressExpiry: expiry + UInt64($0) * 300 * ICPTime.nanosPerSecond)
        }
        let payload: JSONValue = .object([("type", .string("call")),
                                          ("contents", .array(calls.map { .string(Hex.encode(ICPRequestContent.call($0).encoded)) }))])
        let signRequest = try SignRequest.make(chain: ChainID(Chain.icp), network: ICPChain.network,
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
