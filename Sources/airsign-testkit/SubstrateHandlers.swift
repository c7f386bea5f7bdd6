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
        case .certified: source = "certified"
        }
        return ["label": line.label, "value": line.value, "level": line.level, "source": source]
    }
    var answer: [String: Any] = [
        "public": Hex.encode(publicKey(key)), "signed": Hex.encode(review.signing.first?.bytes ?? []),
        "signature": output.signatures.first ?? "",
        "confirmation": review.confirmation == .standard ? "standard" : "explicit",
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
        guard case let .string(genesis)? = payload["genesisHash"] else {
            throw TestkitError.badRequest("no genesisHash")
        }
        let network = SubstrateNetwork.caip2(genesisHash: (try? Hex.decode(genesis)) ?? [])
        return try reviewAndSign(
            request, network: network,
            payload: .object([
                (key: "type", value: .string("extrinsic")), (key: "signerPayload", value: payload),
            ]))
    },
    // {signer_payload_raw: SignerPayloadRaw, scheme, seed, address} → {public, signed, signature, confirmation,
    // title, lines, warnings, label}
    "substrate_sign_raw": { request in
        try reviewAndSign(
            request, network: "polkadot:91b171bb158e2d3848fa23a9f1c25182",
            payload: .object([
                (key: "type", value: .string("raw")),
                (key: "signerPayloadRaw", value: try jsonMember(request, "signer_payload_raw")),
            ]))
    },
]

private let substrateCodecHandlers: [String: Handler] = [
    // {metadata: hex} → {version, pallets: [{name, index, calls: {name: index}}], extensions}
    "substrate_metadata": { request in
        let metadata = try RuntimeMetadata(decoding: try request.bytes("metadata"))
        return [
            "version": Int(metadata.version),
            "pallets": metadata.pallets.map { pallet in
                [
                    "name": pallet.name, "index": Int(pallet.index),
                    "calls": pallet.calls.reduce(into: [String: Int]()) { $0[$1.name] = Int($1.index) },
                ] as [String: Any]
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
        let encoder = TypeEncoder(
            types: types, callType: lean.extrinsic.call, ss58Prefix: (request.fields["ss58"] as? Int).map { UInt16($0) }
        )
        guard let calls = request.fields["calls"] as? [String] else {
            throw TestkitError.badRequest("substrate_codec: calls is a list of JSON texts")
        }
        let results: [[String: Any]] = calls.map { text in
            do {
                let json = try JSONParser().parse(Array(text.utf8))
                guard case let .string(pallet)? = json["pallet"], case let .string(call)? = json["call"],
                    let args = json["args"]
                else {
                    return ["error": "not {pallet, call, args}"]
                }
                let bytes = try encoder.encodeCall(pallet: pallet, call: call, args: args)
                let decoded = try TypeDecoder.decodeAll(bytes, as: lean.extrinsic.call, types: types)
                return [
                    "bytes": Hex.encode(bytes),
                    "decoded": JSONSerializer(sortKeys: false).serialize(decoded.json(callType: lean.extrinsic.call)),
                ]
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
        guard let items = request.fields["bytes"] as? [String] else {
            throw TestkitError.badRequest("substrate_decode: bytes is a list of hex")
        }
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

// The signer's two call decoders on their own, for differential tests against scalecodec: the
// built-in table (no metadata proof) and the RFC-0078 path (the watch's proof builder, then the
// signer's proof reader and ProvenPayload, as a request with a proof goes through them).
private let substrateDifferentialHandlers: [String: Handler] = [
    // {network: key (e.g. "polkadot"), spec, tx, calls: [hex]} → {results: [{known: false} or {known: true, name, arguments:
    // [[label, kind (account, amount or text), value (hex, decimal or text), level]], amounts: [decimal], whole_balance, warnings}
    // or {error}]}: BuiltInCallDecoder on each call, as the review runs it for that runtime.
    "substrate_builtin_decode": { request in
        guard let network = SubstrateNetwork.byKey(try request.string("network")) else {
            throw TestkitError.badRequest("substrate_builtin_decode: unknown network")
        }
        let spec = UInt32(try request.int("spec")), tx = UInt32(try request.int("tx"))
        guard let calls = request.fields["calls"] as? [String] else {
            throw TestkitError.badRequest("substrate_builtin_decode: calls is a list of hex")
        }
        let decoder = BuiltInCallDecoder()
        return [
            "results": try calls.map { hex -> [String: Any] in
                let bytes: [UInt8]
                do { bytes = try Hex.decode(hex) } catch {
                    throw TestkitError.badRequest("substrate_builtin_decode: bad hex")
                }
                do {
                    guard
                        let call = try decoder.decode(
                            bytes, network: network, specVersion: spec, transactionVersion: tx)
                    else { return ["known": false] }
                    let arguments: [[Any]] = call.arguments.map { argument in
                        switch argument.value {
                        case let .account(id): return [argument.label, "account", Hex.encode(id), argument.level]
                        case let .amount(units): return [argument.label, "amount", String(units), argument.level]
                        case let .text(text): return [argument.label, "text", text, argument.level]
                        }
                    }
                    return [
                        "known": true, "name": call.name, "arguments": arguments,
                        "amounts": call.amounts.map { String($0) },
                        "whole_balance": call.movesWholeBalance, "warnings": call.warnings,
                    ]
                } catch {
                    return ["error": "\(error)"]
                }
            }
        ]
    },
    // {metadata: V15 hex, decimals, symbol, spec_version/spec_name/ss58 (optional: for metadata that does not state them),
    // items: [{payload: hex (call ‖ extra ‖ additional), call_length, prove: hex (the payload the proof is built for; the
    // payload itself when absent)}]} → {digest, results: [{proof_error} or {decoded: JSON text of {"call", "extensions":
    // [[identifier, extra, additional]]}} or {error}]}. The proof goes through its bytes: the watch's MerkleizedMetadata
    // proves, the signer's MetadataProof reads and verifies, ProvenPayload decodes.
    "substrate_proof_decode": { request in
        let metadata = try RuntimeMetadata(decoding: try request.bytes("metadata"))
        guard let decimals = UInt8(exactly: try request.int("decimals")) else {
            throw TestkitError.badRequest("substrate_proof_decode: decimals")
        }
        let extraInfo = try MerkleizedMetadata.extraInfo(
            of: metadata, decimals: decimals, tokenSymbol: try request.string("symbol"),
            specVersion: (request.fields["spec_version"] as? Int).map { UInt32($0) },
            specName: request.fields["spec_name"] as? String,
            base58Prefix: (request.fields["ss58"] as? Int).map { UInt16($0) })
        let merkleized = try MerkleizedMetadata(metadata, extraInfo: extraInfo)
        guard let items = request.fields["items"] as? [[String: Any]] else {
            throw TestkitError.badRequest("substrate_proof_decode: items")
        }
        // Verifying a proof rebuilds its root (BLAKE3 along every leaf's path: tens of ms in a
        // debug build); payloads with the same proof share its verification.
        var verifiedByProof: [[UInt8]: VerifiedMetadata] = [:]
        let results: [[String: Any]] = try items.map { item in
            guard let payloadHex = item["payload"] as? String, let payload = try? Hex.decode(payloadHex),
                let callLength = item["call_length"] as? Int
            else { throw TestkitError.badRequest("substrate_proof_decode: an item is not {payload, call_length}") }
            let prove =
                try (item["prove"] as? String).map { text throws -> [UInt8] in
                    guard let bytes = try? Hex.decode(text) else {
                        throw TestkitError.badRequest("substrate_proof_decode: bad prove hex")
                    }
                    return bytes
                } ?? payload
            let proof: [UInt8]
            do { proof = try merkleized.proof(forPayload: prove).encoded } catch { return ["proof_error": "\(error)"] }
            do {
                let verified = try verifiedByProof[proof] ?? MetadataProof(decoding: proof).verify()
                verifiedByProof[proof] = verified
                guard verified.digest == merkleized.digest else {
                    return ["error": "the proof's digest is not the metadata's"]
                }
                let proven = try ProvenPayload(decoding: payload, callLength: callLength, metadata: verified)
                let extensions = JSONValue.array(
                    proven.extensions.map {
                        .array([
                            .string($0.identifier), $0.extra.json(callType: nil), $0.additional.json(callType: nil),
                        ])
                    })
                let decoded = JSONValue.object([
                    (key: "call", value: proven.call.json(callType: verified.extrinsic.call)),
                    (key: "extensions", value: extensions),
                ])
                return ["decoded": JSONSerializer(sortKeys: false).serialize(decoded)]
            } catch {
                return ["error": "\(error)"]
            }
        }
        return ["digest": Hex.encode(merkleized.digest), "results": results]
    },
]

let substrateMetadataHandlers = substrateCodecHandlers.merging(substrateDifferentialHandlers) { _, _ in
    preconditionFailure("two Substrate handlers share an op name")
}
