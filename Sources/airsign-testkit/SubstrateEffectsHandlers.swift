import AirsignChains
import AirsignCrypto
import AirsignEncoding
import AirsignICP
import AirsignKeys
import AirsignMessages
import AirsignSubstrate
import BigInt
import Foundation

// The effects a review derives, for differential tests that hold them against a reference
// library's reading of the signed bytes (issue 31: "a reference library confirms the effects
// shown equal what the signed bytes do"):
// - substrate_review_proven: Substrate requests with an RFC-0078 metadata proof built from real
//   metadata, so calls the built-in table does not know (XCM transfers) are decoded and read for
//   their meaning exactly as the signer does (Tests/interop/substrate/test_xcm_effects.py);
// - icp_review_call: an ICP call whose Candid argument bytes the suite encoded itself (ic-py),
//   built into a request as icp_sign builds one (Tests/interop/icp/test_send_dfx_effects.py).
// Both review with the chain module (contacts as given, the clock at `now`) and sign with it.

/// An asset amount as JSON: base units as a decimal string.
private func amountJSON(_ amount: AssetAmount) -> [String: Any] {
    [
        "asset": [
            "id": amount.asset.id, "symbol": amount.asset.symbol, "decimals": amount.asset.decimals,
            "network": amount.asset.network,
        ],
        "amount": String(amount.amount), "unstated": amount.unstated, "up_to": amount.upTo,
        "account": amount.account ?? NSNull(),
        "formatted": amount.formatted,
    ]
}

/// One effect as JSON: `kind` and its fields.
private func effectJSON(_ effect: Effect) -> [String: Any] {
    switch effect {
    case let .outflow(outflow):
        return amountJSON(outflow.amount).merging([
            "kind": "outflow", "from": outflow.from ?? NSNull(), "to": outflow.to ?? NSNull(),
        ]) { a, _ in a }
    case let .allowance(approval):
        return [
            "kind": "allowance", "asset": approval.asset, "spender": approval.spender, "allowance": approval.allowance,
            "unlimited": approval.isUnlimited, "expiry": approval.expiry ?? NSNull(),
        ]
    case let .control(change):
        return ["kind": "control", "what": change.what, "party": change.party ?? NSNull(), "granted": change.granted]
    case let .deferred(deferred):
        return ["kind": "deferred", "what": deferred.what, "until": deferred.until ?? NSNull()]
    case let .offer(offer):
        return amountJSON(offer.selling).merging(["kind": "offer", "buying": offer.buying]) { a, _ in a }
    case let .unknown(what):
        return ["kind": "unknown", "what": what]
    case let .described(what):
        return ["kind": "described", "what": what]
    }
}

/// A review's words and effects as JSON.
private func reviewJSON(_ review: Review) -> [String: Any] {
    [
        "title": review.title, "lines": review.lines.map { ["label": $0.label, "value": $0.value, "level": $0.level] },
        "warnings": review.warnings, "effects": review.effects.map(effectJSON),
        "totals": review.totals.map(\.formatted),
        "unknowns": review.unknowns, "confirmation": review.confirmation == .standard ? "standard" : "explicit",
    ]
}

/// The request member `contacts` ([[name, address]], absent for none) as an address book on `chain`.
private func contacts(_ request: Request, chain: ChainID) throws -> AddressBook {
    guard let pairs = request.fields["contacts"] else { return .empty }
    guard let list = pairs as? [[String]], list.allSatisfy({ $0.count == 2 }) else {
        throw TestkitError.badRequest("\(request.op): contacts is a list of [name, address]")
    }
    return try AddressBook(list.map { try Contact(chain: chain, name: $0[0], address: $0[1], rules: .standard) })
}

/// The request member `key` (a JSON object) as our JSON value.
private func jsonValue(_ any: Any) throws -> JSONValue {
    let data = try JSONSerialization.data(withJSONObject: any, options: [.sortedKeys])
    return try JSONParser().parse(Array(data))
}

let substrateEffectsHandlers: [String: Handler] = [
    // {metadata: V15 hex, decimals, symbol, scheme, seed, address, contacts: [[name, address]], items: [{signer_payload:
    // SignerPayloadJSON (its metadataHash is replaced by the metadata's digest), prove: hex (the signing payload the proof
    // is built for; any metadata hash in it), uos: optional true (review and sign it as the UOS code 06 request)}]} → {digest, results: [{title, lines, warnings, effects, totals, unknowns,
    // confirmation, signed (payload hex), signature, extrinsic} or {error}]}.
    "substrate_review_proven": { request in
        let metadata = try RuntimeMetadata(decoding: try request.bytes("metadata"))
        guard let decimals = UInt8(exactly: try request.int("decimals")) else {
            throw TestkitError.badRequest("substrate_review_proven: decimals")
        }
        let extraInfo = try MerkleizedMetadata.extraInfo(
            of: metadata, decimals: decimals, tokenSymbol: try request.string("symbol"))
        let merkleized = try MerkleizedMetadata(metadata, extraInfo: extraInfo)
        let seed = try request.secret("seed")
        let key: SigningKey
        let publicKey: [UInt8]
        switch try request.string("scheme") {
        case "sr25519":
            let secret = try Sr25519.SecretKey(miniSecret: seed)
            (key, publicKey) = (.sr25519(secret), secret.publicKey.bytes)
        case "ed25519":
            let secret = try Ed25519.PrivateKey(seed: seed)
            (key, publicKey) = (.ed25519(secret), secret.publicKey)
        default: throw TestkitError.badRequest("substrate_review_proven: scheme")
        }
        let module = SubstrateChain()
        let context = ReviewContext(contacts: try contacts(request, chain: module.chain), now: 0)
        let account = try MessageAccount(address: try request.string("address"), publicKey: publicKey)
        guard let items = request.fields["items"] as? [[String: Any]] else {
            throw TestkitError.badRequest("substrate_review_proven: items")
        }
        let digest = "0x" + Hex.encode(merkleized.digest)
        let results: [[String: Any]] = try items.map { item in
            guard var fields = item["signer_payload"] as? [String: Any], let proveHex = item["prove"] as? String,
                let prove = try? Hex.decode(proveHex), let genesisHex = fields["genesisHash"] as? String,
                let genesis = try? Hex.decode(genesisHex)
            else { throw TestkitError.badRequest("substrate_review_proven: an item is not {signer_payload, prove}") }
            fields["metadataHash"] = digest
            do {
                let proof = try merkleized.proof(forPayload: prove)
                let payload: JSONValue = .object([
                    (key: "type", value: .string("extrinsic")), (key: "signerPayload", value: try jsonValue(fields)),
                    (key: "metadataProof", value: .string("0x" + Hex.encode(proof.encoded))),
                ])
                var signRequest = try SignRequest.make(
                    chain: module.chain, network: SubstrateNetwork.caip2(genesisHash: genesis), account: account,
                    payload: payload)
                // "uos": true reviews and signs the UOS request (code 06) polkadot-js would send for it.
                var uosHex: String?
                if item["uos"] as? Bool == true {
                    let uos = try UOSPayload(request: signRequest).encoded
                    uosHex = Hex.encode(uos)
                    signRequest = try SignRequest.make(
                        chain: module.chain, network: signRequest.network, account: account,
                        payload: .object([
                            (key: "type", value: .string("uos")), (key: "uos", value: .string("0x" + Hex.encode(uos))),
                        ]))
                }
                let review = try module.review(signRequest, context: context)
                let output = try module.sign(review, with: key)
                var answer = reviewJSON(review)
                answer["signed"] = Hex.encode(review.signing.first?.bytes ?? [])
                answer["signature"] = output.signatures.first ?? ""
                if case let .string(extrinsic)? = output.result?["extrinsic"] { answer["extrinsic"] = extrinsic }
                if let uosHex { answer["uos"] = uosHex }
                return answer
            } catch {
                return ["error": "\(error)"]
            }
        }
        return ["digest": digest, "results": results]
    },

    // {scheme (secp256k1 or ed25519), key, canister (default: the ICP ledger), method, arg: Candid hex, expiry, windows,
    // now, contacts} → {principal, title, lines, warnings, effects, totals, unknowns, confirmation, signatures, result}:
    // the call content as icp_sign builds it, with the suite's own argument bytes.
    "icp_review_call": { request in
        let (signingKey, publicKey) = try icpKey(request, "icp_review_call")
        let identity = try ICPIdentity(publicKey: publicKey)
        let canister =
            try (request.fields["canister"] as? String).map { try Principal(text: $0) } ?? ICPLedger.icp.canister
        guard let expiry = UInt64(try request.string("expiry")) else {
            throw TestkitError.badRequest("icp_review_call: expiry")
        }
        let arg = try request.bytes("arg"), method = try request.string("method")
        let calls = (0..<(request.fields["windows"] as? Int ?? 1)).map {
            ICPCallContent(
                sender: identity.principal, canisterID: canister, methodName: method, arg: arg,
                ingressExpiry: expiry + UInt64($0) * 300 * ICPTime.nanosPerSecond)
        }
        let payload: JSONValue = .object([
            ("type", .string("call")),
            ("contents", .array(calls.map { .string(Hex.encode(ICPRequestContent.call($0).encoded)) })),
        ])
        let chain = ICPChain()
        let signRequest = try SignRequest.make(
            chain: chain.chain, network: ICPChain.network,
            account: try MessageAccount(address: identity.principal.text, publicKey: publicKey), payload: payload)
        let context = ReviewContext(
            contacts: try contacts(request, chain: chain.chain), now: Int64(try request.int("now")))
        let review = try chain.review(signRequest, context: context)
        let signed = try chain.sign(review, with: signingKey)
        var answer = reviewJSON(review)
        answer["principal"] = identity.principal.text
        answer["signatures"] = signed.signatures
        answer["result"] = JSONSerializer().serialize(signed.result ?? .null)
        return answer
    },
]
