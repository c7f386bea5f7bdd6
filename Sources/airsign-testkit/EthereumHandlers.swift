import AirsignCrypto
import AirsignEncoding
import AirsignEthereum
import AirsignMessages
import BigInt
import Foundation

// Transactions cross as JSON objects with eth-account's field names; every integer is a 0x-hex
// string (JSON numbers would lose precision above 2^53), `to` is "" for contract creation.

private func hexInteger(_ object: [String: Any], _ key: String) throws -> BigUInt {
    guard let text = object[key] as? String, text.hasPrefix("0x"), let value = BigUInt(text.dropFirst(2), radix: 16)
    else {
        throw TestkitError.badRequest("eth tx: \(key) must be a 0x-hex integer")
    }
    return value
}

private func hexBytes(_ text: Any?) throws -> [UInt8] {
    guard let text = text as? String,
        let bytes = try? Hex.decode(text.hasPrefix("0x") ? String(text.dropFirst(2)) : text)
    else {
        throw TestkitError.badRequest("eth tx: bad hex")
    }
    return bytes
}

private func uint64(_ value: BigUInt, _ key: String) throws -> UInt64 {
    guard value.bitWidth <= 64 else { throw TestkitError.badRequest("eth tx: \(key) exceeds 64 bits") }
    return UInt64(value)
}

private func transaction(from object: [String: Any]) throws -> EthereumTransaction {
    guard let typeNumber = object["type"] as? Int, let type = TransactionType(rawValue: UInt8(clamping: typeNumber))
    else {
        throw TestkitError.badRequest("eth tx: bad type")
    }
    let fees: TransactionFees =
        type == .feeMarket || type == .setCode
        ? .feeMarket(
            maxPriorityFeePerGas: try hexInteger(object, "maxPriorityFeePerGas"),
            maxFeePerGas: try hexInteger(object, "maxFeePerGas"))
        : .gasPrice(try hexInteger(object, "gasPrice"))
    let toBytes = try hexBytes(object["to"])
    var accessList: [AccessListEntry] = []
    for entry in object["accessList"] as? [[String: Any]] ?? [] {
        let keys = try (entry["storageKeys"] as? [String] ?? []).map { try hexBytes($0) }
        accessList.append(
            try AccessListEntry(address: try EthereumAddress(bytes: try hexBytes(entry["address"])), storageKeys: keys))
    }
    // Authorizations in eth-account's JSON-RPC form, read by the signer's own reader.
    var authorizations: [SignedSetCodeAuthorization] = []
    for (index, entry) in (object["authorizationList"] as? [[String: Any]] ?? []).enumerated() {
        let members = try entry.keys.sorted().map { key -> (key: String, value: JSONValue) in
            guard let text = entry[key] as? String else { throw TestkitError.badRequest("eth tx: \(key) is a string") }
            return (key: key, value: .string(text))
        }
        authorizations.append(
            try SignedSetCodeAuthorization(json: .object(members), field: "authorizationList[\(index)]"))
    }
    return try EthereumTransaction(
        type: type, chainId: try hexInteger(object, "chainId"),
        nonce: try uint64(try hexInteger(object, "nonce"), "nonce"),
        fees: fees, gasLimit: try uint64(try hexInteger(object, "gas"), "gas"),
        to: toBytes.isEmpty ? nil : try EthereumAddress(bytes: toBytes),
        value: try hexInteger(object, "value"), data: try hexBytes(object["data"]), accessList: accessList,
        authorizationList: authorizations)
}

private func hex(_ value: BigUInt) -> String { "0x" + String(value, radix: 16) }

private func json(_ tx: EthereumTransaction) -> [String: Any] {
    var out: [String: Any] = [
        "type": Int(tx.type.rawValue), "chainId": hex(tx.chainId), "nonce": hex(BigUInt(tx.nonce)),
        "gas": hex(BigUInt(tx.gasLimit)),
        "to": tx.to?.checksummed ?? "", "value": hex(tx.value), "data": Hex.encode(tx.data, prefix: true),
        "accessList": tx.accessList.map {
            [
                "address": $0.address.checksummed,
                "storageKeys": $0.storageKeys.map { Hex.encode($0, prefix: true) },
            ]
        },
    ]
    if tx.type == .setCode {
        out["authorizationList"] = tx.authorizationList.map { tuple -> [String: Any] in
            var entry: [String: Any] = [
                "chainId": hex(tuple.authorization.chainId), "address": tuple.authorization.delegate.checksummed,
                "nonce": hex(BigUInt(tuple.authorization.nonce)), "yParity": hex(BigUInt(tuple.yParity)),
                "r": hex(tuple.r), "s": hex(tuple.s),
            ]
            switch tuple.authority() {
            case .success(let authority): entry["authority"] = authority.checksummed
            case .failure(let failure): entry["skipped"] = failure.description
            }
            return entry
        }
    }
    switch tx.fees {
    case .gasPrice(let price): out["gasPrice"] = hex(price)
    case let .feeMarket(priority, maxFee):
        out["maxPriorityFeePerGas"] = hex(priority)
        out["maxFeePerGas"] = hex(maxFee)
    }
    return out
}

private func key(_ request: Request) throws -> Secp256k1.PrivateKey {
    try Secp256k1.PrivateKey(try request.secret("key"))
}

private func source(_ source: ReviewSource) -> String {
    switch source {
    case .signed: return "signed"
    case .signerTable: return "signerTable"
    case .request: return "request"
    case .certified: return "certified"
    }
}

/// A sign request (JSON text) reviewed by the Ethereum module as the signer reviews it (clock
/// pinned to `now`, no accounts or contacts), and signed with `key` when one is given: the
/// review's lines, warnings, approvals, totals and rendered text beside the signature and
/// result, so the interop suite can decode the signed bytes with reference libraries and
/// compare them with what the review showed.
private func reviewAndSign(_ request: Request) throws -> [String: Any] {
    let signRequest = try SignRequest.parse(try JSONParser().parse(Array(try request.string("request").utf8)))
    let module = EthereumChain()
    let context = ReviewContext(now: Int64(try request.int("now")))
    let review = try module.review(signRequest, context: context)
    var out: [String: Any] = [
        "lines": review.lines.map {
            ["label": $0.label, "value": $0.value, "level": $0.level, "source": source($0.source)]
        },
        "warnings": review.warnings + NoteCheck.contradictions(review),
        "approvals": review.approvals.map {
            ["asset": $0.asset, "spender": $0.spender, "allowance": $0.allowance, "unlimited": $0.isUnlimited]
        },
        "totals": review.totals.map { ["id": $0.asset.id, "symbol": $0.asset.symbol, "amount": String($0.amount)] },
        "text": ReviewText.render(review, position: 1, of: 1, module: module, context: context),
    ]
    if case let .explicit(reason) = review.confirmation { out["blind"] = reason }
    if request.fields["key"] != nil {
        let signed = try module.sign(review, with: .secp256k1(try key(request)))
        out["signature"] = signed.signatures.first ?? ""
        if case let .object(members)? = signed.result {
            for (name, value) in members { if case let .string(text) = value { out[name] = text } }
        }
    }
    return out
}

/// Every Ethereum op: these and the ABI codec's (EthereumABIHandlers.swift).
let ethereumHandlers: [String: Handler] = ethereumTransactionHandlers.merging(ethereumABIHandlers) { _, _ in
    preconditionFailure("two Ethereum handlers share an op name")
}

private let ethereumTransactionHandlers: [String: Handler] = [
    "eth_tx_sign": { request in
        guard let object = try request.any("tx") as? [String: Any] else {
            throw TestkitError.badRequest("eth_tx_sign: tx object")
        }
        let tx = try transaction(from: object)
        let signed = try tx.signed(with: try key(request))
        return [
            "unsigned": Hex.encode(tx.unsignedEncoding, prefix: true),
            "signingHash": Hex.encode(tx.signingHash, prefix: true),
            "raw": Hex.encode(signed.encoded, prefix: true), "hash": Hex.encode(signed.hash, prefix: true),
            "from": try signed.sender().checksummed,
        ]
    },
    "eth_tx_decode_signed": { request in
        let signed = try SignedEthereumTransaction.decode(try request.bytes("raw"))
        return [
            "tx": json(signed.transaction), "from": try signed.sender().checksummed,
            "hash": Hex.encode(signed.hash, prefix: true),
            "v": hex(signed.v),
        ]
    },
    "eth_tx_decode_unsigned": { request in
        let tx = try EthereumTransaction.decodeUnsigned(try request.bytes("hex"))
        return ["tx": json(tx), "signingHash": Hex.encode(tx.signingHash, prefix: true)]
    },
    "eth_typed_data": { request in
        let text = Array(try request.string("json").utf8)
        // `deriveDomainType`: read as the native JSON path reads typed data that may lack an
        // EIP712Domain type (`TypedDataDomain.withDomainType`).
        let typed =
            request.fields["deriveDomainType"] as? Bool == true
            ? try TypedData(json: try TypedDataDomain.withDomainType(try JSONParser().parse(text)))
            : try TypedData(jsonText: text)
        var out: [String: Any] = [
            "digest": Hex.encode(try typed.digest(), prefix: true),
            "domainSeparator": Hex.encode(try typed.domainSeparator(), prefix: true),
        ]
        if request.fields["key"] != nil {
            out["signature"] = Hex.encode(try typed.sign(with: try key(request)), prefix: true)
        }
        return out
    },
    "eth_personal_sign": { request in
        let message = try request.bytes("message")
        let signature = try PersonalMessage.sign(message, with: try key(request))
        return [
            "hash": Hex.encode(PersonalMessage.hash(message), prefix: true),
            "signature": Hex.encode(signature, prefix: true),
            "recovered": try PersonalMessage.recover(message, signature: signature).checksummed,
        ]
    },
    "eth_parse_amount": { request in ["wei": String(try EtherAmount.parse(try request.string("text")))] },
    "eth_review_sign": reviewAndSign,
]
