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
    // {metadata: hex, calls: [JSON text of {"pallet", "call", "args"}], ss58: prefix or null} → {results: [{bytes: hex,
    // decoded: JSON text} or {error}]}: each call encoded by the type-driven codec from the metadata, and its bytes decoded
    // back. One metadata a request, so thousands of calls cost one parse.
    "substrate_codec": { request in
        let metadata = try RuntimeMetadata(decoding: try request.bytes("metadata"))
        let lean = try LeanMetadata(metadata, numbering: .frame)
        let types = try lean.typeSet()
        let encoder = TypeEncoder(types: types, callType: lean.extrinsic.call, ss58Prefix: (request.fields["ss58"] as? Int).map { UInt16($0) })
        guard let calls = request.fields["calls"] as? [String] else { throw TestkitError.badRequest("substrate_codec: calls is a list of JSON texts") }
        let results: [[String: Any]] = calls.map { text in
            do {
                let json = try JSONParser().parse(Array(text.utf8))
                guard case let .string(pallet)? = json["pallet"], case let .string(call)? = json["call"], let args = json["args"] else {
                    return ["error": "not {pallet, call, args}"]
                }
                let bytes = try encoder.encodeCall(pallet: pallet, call: call, args: args)
                let decoded = try TypeDecoder.decodeAll(bytes, as: lean.extrinsic.call, types: types)
                return ["bytes": Hex.encode(bytes), "decoded": JSONSerializer(sortKeys: false).serialize(decoded.json(callType: lean.extrinsic.call))]
            } catch {
                return ["error": "\(error)"]
            }
        }
        return ["results": results]
    },
    // {metadata: hex, type: FRAME type id, bytes: [hex]} → {results: [{decoded: JSON text} or {error}]}: strict decoding.
    "substrate_decode": { request in
        let metadata = try RuntimeMetadata(decoding: try request.bytes("metadata"))
        let lean = try LeanMetadata(metadata, numbering: .frame)
        let types = try lean.typeSet()
        let type = TypeRef.byID(UInt32(try request.int("type")))
        guard let items = request.fields["bytes"] as? [String] else { throw TestkitError.badRequest("substrate_decode: bytes is a list of hex") }
        let results: [[String: Any]] = try items.map { hex in
            let bytes: [UInt8]
            do { bytes = try Hex.decode(hex) } catch { throw TestkitError.badRequest("substrate_decode: bad hex") }
            do {
                let value = try TypeDecoder.decodeAll(bytes, as: type, types: types)
                return ["decoded": JSONSerializer(sortKeys: false).serialize(value.json(callType: lean.extrinsic.call))]
            } catch {
                return ["error": "\(error)"]
            }
        }
        return ["results": results]
    },
]
