import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignMessages
import AirsignSubstrate
import Foundation

// Substrate requests run through the chain module itself (review, then sign), so the interop
// suite checks what the signer really produces. Keys are random test seeds from the suite.

/// The signing key for a 32-byte `seed` (the mini-secret / seed sp-core uses) under `scheme`.
private func substrateKey(_ request: Request) throws -> SigningKey {
    let seed = try request.secret("seed")
    switch try request.string("scheme") {
    case "sr25519": return .sr25519(try Sr25519.SecretKey(miniSecret: seed))
    case "ed25519": return .ed25519(try Ed25519.PrivateKey(seed: seed))
    case "ecdsa": return .secp256k1(try Secp256k1.PrivateKey(seed))
    default: throw TestkitError.badRequest("substrate: unknown scheme")
    }
}

private func publicKey(_ key: SigningKey) -> [UInt8] {
    switch key {
    case let .sr25519(secret): return secret.publicKey.bytes
    case let .ed25519(secret): return secret.publicKey
    case let .secp256k1(secret): return secret.publicKey.compressed
    }
}

/// The request member `key` (a JSON object) as our JSON value.
private func jsonMember(_ request: Request, _ key: String) throws -> JSONValue {
    let data = try JSONSerialization.data(withJSONObject: try request.any(key), options: [.sortedKeys])
    return try JSONParser().parse(Array(data))
}

/// Reviews and signs one request for the key's account at `address`; the outputs are the exact
/// bytes reviewed, the signature and the result.
private func reviewAndSign(_ request: Request, network: String, payload: JSONValue) throws -> [String: Any] {
    let key = try substrateKey(request)
    let account = try MessageAccount(address: try request.string("address"), publicKey: publicKey(key))
    let module = SubstrateChain()
    let signRequest = try SignRequest.make(chain: module.chain, network: network, account: account, payload: payload)
    let review = try module.review(signRequest, context: ReviewContext(now: 0))
    let output = try module.sign(review, with: key)
    // The review as the person sees it: each line's label, value and source, so the suite can
    // hold every shown value against the reference library's reading of the signed bytes.
    let lines: [[String: Any]] = review.lines.map { line in
        let source: String
        switch line.source {
        case .signed: source = "signed"
        case .signerTable: source = "signerTable"
        case .request: source = "request"
        }
        return ["label": line.label, "value": line.value, "level": line.level, "source": source]
    }
    var answer: [String: Any] = [
        "public": Hex.encode(publicKey(key)), "signed": Hex.encode(review.signing.first?.bytes ?? []),
        "signature": output.signatures.first ?? "", "confirmation": review.confirmation == .standard ? "standard" : "explicit",
        "title": review.title, "lines": lines, "warnings": review.warnings, "totals": review.totals.map(\.formatted),
        "label": review.signing.first?.label ?? "",
    ]
    if case let .string(extrinsic)? = output.result?["extrinsic"] { answer["extrinsic"] = extrinsic }
    return answer
}

let substrateHandlers: [String: Handler] = [
    // {signer_payload: SignerPayloadJSON, scheme, seed, address} → {public, signed (payload), signature
    // (MultiSignature), extrinsic, confirmation, title, lines, warnings, totals, label}
    "substrate_sign_extrinsic": { request in
        let payload = try jsonMember(request, "signer_payload")
        guard case let .string(genesis)? = payload["genesisHash"] else { throw TestkitError.badRequest("no genesisHash") }
        let network = SubstrateNetwork.caip2(genesisHash: (try? Hex.decode(genesis)) ?? [])
        return try reviewAndSign(request, network: network, payload: .object([
            (key: "type", value: .string("extrinsic")), (key: "signerPayload", value: payload),
        ]))
    },
    // {signer_payload_raw: SignerPayloadRaw, scheme, seed, address} → {public, signed, signature, confirmation,
    // title, lines, warnings, label}
    "substrate_sign_raw": { request in
        try reviewAndSign(request, network: "polkadot:91b171bb158e2d3848fa23a9f1c25182", payload: .object([
            (key: "type", value: .string("raw")), (key: "signerPayloadRaw", value: try jsonMember(request, "signer_payload_raw")),
        ]))
    },
]

let substrateMetadataHandlers: [String: Handler] = [
    // {metadata: hex} → {version, pallets: [{name, index, calls: {name: index}}], extensions}
    "substrate_metadata": { request in
        let metadata = try RuntimeMetadata(decoding: try request.bytes("metadata"))
        return [
            "version": Int(metadata.version),
            "pallets": metadata.pallets.map { pallet in
                ["name": pallet.name, "index": Int(pallet.index),
                 "calls": pallet.calls.reduce(into: [String: Int]()) { $0[$1.name] = Int($1.index) }] as [String: Any]
            },
            "extensions": metadata.signedExtensions,
        ]
    },
]
