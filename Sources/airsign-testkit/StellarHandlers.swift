import AirsignCrypto
import AirsignEncoding
import AirsignMessages
import AirsignStellar
import Foundation

// Foundation has an `Operation` too.
private typealias Operation = AirsignStellar.Operation
// AirsignMessages (for the sign-request handler) has an `Asset` too.
private typealias Asset = AirsignStellar.Asset

// Stellar ops for Tests/interop/stellar: build an envelope from the same JSON parameters the
// suite hands stellar-sdk, sign, decode and re-encode, and SEP-7 URIs. Integers that may exceed
// 2^53 (ids, sequence numbers, times) arrive as decimal strings; amounts as 7-decimal strings.

/// Parameters the suite wrote; a malformed one is the suite's bug (TestkitError), while values
/// Airsign refuses (a bad amount or code) surface as {"error": …}.
private struct Params {
    let fields: [String: Any]
    init(_ any: Any?) throws {
        guard let fields = any as? [String: Any] else { throw TestkitError.badRequest("stellar: expected an object") }
        self.fields = fields
    }
    func has(_ key: String) -> Bool { fields[key] != nil && !(fields[key] is NSNull) }
    func string(_ key: String) throws -> String {
        guard let v = fields[key] as? String else { throw TestkitError.badRequest("stellar: missing string \(key)") }
        return v
    }
    func optString(_ key: String) throws -> String? { has(key) ? try string(key) : nil }
    func number<T: FixedWidthInteger>(_ key: String, _: T.Type = T.self) throws -> T {
        guard let v = T(try string(key)) else { throw TestkitError.badRequest("stellar: \(key) is not a \(T.self)") }
        return v
    }
    func optNumber<T: FixedWidthInteger>(_ key: String, _: T.Type = T.self) throws -> T? {
        has(key) ? try number(key, T.self) : nil
    }
    func amount(_ key: String) throws -> Int64 { try StellarAmount.parse(try string(key)) }
    func object(_ key: String) throws -> Params { try Params(fields[key]) }
    func list(_ key: String) throws -> [Any] {
        guard let v = fields[key] as? [Any] else { throw TestkitError.badRequest("stellar: missing list \(key)") }
        return v
    }
    func asset(_ key: String) throws -> Asset { try parseAsset(try string(key)) }
}

private func parseAsset(_ text: String) throws -> Asset {
    if text == "native" { return .native }
    let parts = text.split(separator: ":")
    guard parts.count == 2 else { throw TestkitError.badRequest("stellar: asset \(text)") }
    return try Asset.credit(String(parts[0]), issuer: String(parts[1]))
}

private func parseSignerKey(_ text: String) throws -> SignerKey {
    let (kind, payload) = try StrKey.decode(text)
    switch kind {
    case .accountID: return .ed25519(payload)
    case .preAuthTx: return .preAuthTx(payload)
    case .sha256Hash: return .hashX(payload)
    case .signedPayload:
        var r = XDRReader(Array(payload.dropFirst(32)))
        let inner = try r.readVariableOpaque(max: 64)
        try r.finish()
        return .ed25519SignedPayload(publicKey: Array(payload.prefix(32)), payload: inner)
    default: throw TestkitError.badRequest("stellar: signer key \(text)")
    }
}

private func parsePredicate(_ any: Any) throws -> ClaimPredicate {
    guard let list = any as? [Any], let tag = list.first as? String else {
        throw TestkitError.badRequest("stellar: predicate")
    }
    switch tag {
    case "unconditional": return .unconditional
    case "abs", "rel":
        guard list.count == 2, let s = list[1] as? String, let t = Int64(s) else {
            throw TestkitError.badRequest("stellar: predicate time")
        }
        return tag == "abs" ? .beforeAbsoluteTime(t) : .beforeRelativeTime(t)
    case "and": return .and(try list.dropFirst().map(parsePredicate))
    case "or": return .or(try list.dropFirst().map(parsePredicate))
    case "not": return .not(try parsePredicate(list.count == 2 ? list[1] : NSNull()))
    default: throw TestkitError.badRequest("stellar: predicate \(tag)")
    }
}

private func balanceID(_ hex: String) throws -> ClaimableBalanceID {
    let bytes = try Hex.decode(hex)
    guard bytes.count == 36, bytes.prefix(4) == [0, 0, 0, 0] else {
        throw TestkitError.badRequest("stellar: balance id")
    }
    return try ClaimableBalanceID(hash: Array(bytes.dropFirst(4)))
}

private func price(_ p: Params) throws -> Price {
    let list = try p.list("price")
    guard list.count == 2, let n = list[0] as? Int, let d = list[1] as? Int,
        let n32 = Int32(exactly: n), let d32 = Int32(exactly: d)
    else { throw TestkitError.badRequest("stellar: price") }
    return Price(n: n32, d: d32)
}

private func offer(_ p: Params, amountKey: String = "amount", id: Bool) throws -> Offer {
    Offer(
        selling: try p.asset("selling"), buying: try p.asset("buying"), amount: try p.amount(amountKey),
        price: try price(p), offerID: id ? try p.number("offer_id") : 0)
}

private func pathPayment(_ p: Params, send: String, dest: String) throws -> PathPayment {
    PathPayment(
        sendAsset: try p.asset("send_asset"), sendAmount: try p.amount(send),
        destination: try MuxedAccount(try p.string("destination")),
        destAsset: try p.asset("dest_asset"), destAmount: try p.amount(dest),
        path: try p.list("path").map {
            guard let s = $0 as? String else { throw TestkitError.badRequest("path") }; return try parseAsset(s)
        })
}

private func operation(_ any: Any) throws -> Operation {
    let p = try Params(any)
    let body: OperationBody
    switch try p.string("type") {
    case "create_account":
        body = .createAccount(
            destination: try AccountID(try p.string("destination")), startingBalance: try p.amount("starting_balance"))
    case "payment":
        body = .payment(
            destination: try MuxedAccount(try p.string("destination")), asset: try p.asset("asset"),
            amount: try p.amount("amount"))
    case "path_payment_strict_receive":
        body = .pathPaymentStrictReceive(try pathPayment(p, send: "send_max", dest: "dest_amount"))
    case "path_payment_strict_send":
        body = .pathPaymentStrictSend(try pathPayment(p, send: "send_amount", dest: "dest_min"))
    case "manage_sell_offer": body = .manageSellOffer(try offer(p, id: true))
    case "manage_buy_offer": body = .manageBuyOffer(try offer(p, id: true))
    case "create_passive_sell_offer": body = .createPassiveSellOffer(try offer(p, id: false))
    case "set_options":
        var signer: Signer?
        if p.has("signer") {
            let s = try p.object("signer")
            signer = Signer(key: try parseSignerKey(try s.string("key")), weight: try s.number("weight"))
        }
        body = .setOptions(
            SetOptions(
                inflationDest: try p.optString("inflation_dest").map { try AccountID($0) },
                clearFlags: try p.optNumber("clear_flags"), setFlags: try p.optNumber("set_flags"),
                masterWeight: try p.optNumber("master_weight"),
                lowThreshold: try p.optNumber("low_threshold"), medThreshold: try p.optNumber("med_threshold"),
                highThreshold: try p.optNumber("high_threshold"),
                homeDomain: try p.optString("home_domain").map { Array($0.utf8) }, signer: signer))
    case "change_trust":
        let line: ChangeTrustAsset
        if p.has("pool") {
            let pool = try p.list("pool").map {
                guard let s = $0 as? String else { throw TestkitError.badRequest("pool") }; return try parseAsset(s)
            }
            guard pool.count == 2 else { throw TestkitError.badRequest("pool") }
            line = .poolShare(LiquidityPoolParameters(assetA: pool[0], assetB: pool[1]))
        } else {
            line = .asset(try p.asset("asset"))
        }
        body = .changeTrust(line: line, limit: try p.amount("limit"))
    case "allow_trust":
        body = .allowTrust(
            trustor: try AccountID(try p.string("trustor")), code: try AssetCode(try p.string("code")),
            authorize: try p.number("authorize"))
    case "account_merge": body = .accountMerge(destination: try MuxedAccount(try p.string("destination")))
    case "manage_data":
        body = .manageData(
            name: Array(try p.string("name").utf8), value: try p.optString("value").map { try Hex.decode($0) })
    case "bump_sequence": body = .bumpSequence(bumpTo: try p.number("bump_to"))
    case "create_claimable_balance":
        let claimants = try p.list("claimants").map { c -> Claimant in
            let cp = try Params(c)
            return Claimant(
                destination: try AccountID(try cp.string("destination")),
                predicate: try parsePredicate(cp.fields["predicate"] as Any))
        }
        body = .createClaimableBalance(
            asset: try p.asset("asset"), amount: try p.amount("amount"), claimants: claimants)
    case "claim_claimable_balance": body = .claimClaimableBalance(try balanceID(try p.string("balance_id")))
    case "begin_sponsoring_future_reserves":
        body = .beginSponsoringFutureReserves(sponsored: try AccountID(try p.string("sponsored_id")))
    case "end_sponsoring_future_reserves": body = .endSponsoringFutureReserves
    case "revoke_sponsorship":
        let account = { () throws -> AccountID in try AccountID(try p.string("account_id")) }
        switch try p.string("kind") {
        case "account": body = .revokeSponsorship(.ledgerEntry(.account(try account())))
        case "trustline":
            let asset: TrustLineAsset =
                p.has("pool_id")
                ? .poolShare(poolID: try Hex.decode(try p.string("pool_id"))) : .asset(try p.asset("asset"))
            body = .revokeSponsorship(.ledgerEntry(.trustLine(account: try account(), asset: asset)))
        case "offer":
            body = .revokeSponsorship(.ledgerEntry(.offer(seller: try account(), offerID: try p.number("offer_id"))))
        case "data":
            body = .revokeSponsorship(
                .ledgerEntry(.data(account: try account(), name: Array(try p.string("data_name").utf8))))
        case "claimable_balance":
            body = .revokeSponsorship(.ledgerEntry(.claimableBalance(try balanceID(try p.string("balance_id")))))
        case "liquidity_pool":
            body = .revokeSponsorship(.ledgerEntry(.liquidityPool(poolID: try Hex.decode(try p.string("pool_id")))))
        case "signer":
            body = .revokeSponsorship(
                .signer(account: try account(), key: try parseSignerKey(try p.string("signer_key"))))
        case let other: throw TestkitError.badRequest("revoke kind \(other)")
        }
    case "clawback":
        body = .clawback(
            asset: try p.asset("asset"), from: try MuxedAccount(try p.string("from")), amount: try p.amount("amount"))
    case "clawback_claimable_balance": body = .clawbackClaimableBalance(try balanceID(try p.string("balance_id")))
    case "set_trust_line_flags":
        body = .setTrustLineFlags(
            trustor: try AccountID(try p.string("trustor")), asset: try p.asset("asset"),
            clearFlags: try p.number("clear_flags"), setFlags: try p.number("set_flags"))
    case "liquidity_pool_deposit":
        let prices = try p.list("prices").map { any -> Price in
            guard let pair = any as? [Int], pair.count == 2, let n = Int32(exactly: pair[0]),
                let d = Int32(exactly: pair[1])
            else {
                throw TestkitError.badRequest("stellar: pool price")
            }
            return Price(n: n, d: d)
        }
        guard prices.count == 2 else { throw TestkitError.badRequest("stellar: two pool prices") }
        body = .liquidityPoolDeposit(
            LiquidityPoolDeposit(
                poolID: try Hex.decode(try p.string("pool_id")), maxAmountA: try p.amount("max_a"),
                maxAmountB: try p.amount("max_b"), minPrice: prices[0], maxPrice: prices[1]))
    case "liquidity_pool_withdraw":
        body = .liquidityPoolWithdraw(
            LiquidityPoolWithdraw(
                poolID: try Hex.decode(try p.string("pool_id")), amount: try p.amount("amount"),
                minAmountA: try p.amount("min_a"), minAmountB: try p.amount("min_b")))
    case let other: throw TestkitError.badRequest("stellar: operation \(other)")
    }
    return Operation(source: try p.optString("source").map { try MuxedAccount($0) }, body: body)
}

private func memo(_ p: Params) throws -> Memo {
    switch try p.string("type") {
    case "none": return .none
    case "text": return try Memo.text(try p.string("value"))
    case "id": return .id(try p.number("value"))
    case "hash": return .hash(try Hex.decode(try p.string("value")))
    case "return": return .return(try Hex.decode(try p.string("value")))
    case let other: throw TestkitError.badRequest("memo \(other)")
    }
}

private func bounds<T: FixedWidthInteger>(_ p: Params, _ key: String, _: T.Type) throws -> (T, T)? {
    guard p.has(key) else { return nil }
    let list = try p.list(key)
    guard list.count == 2, let a = (list[0] as? String).flatMap({ T($0) }),
        let b = (list[1] as? String).flatMap({ T($0) })
    else {
        throw TestkitError.badRequest("bounds \(key)")
    }
    return (a, b)
}

private func preconditions(_ p: Params) throws -> Preconditions {
    switch try p.string("type") {
    case "none": return .none
    case "time":
        guard let (a, b) = try bounds(p, "time", UInt64.self) else { throw TestkitError.badRequest("time") }
        return .time(TimeBounds(minTime: a, maxTime: b))
    case "v2":
        return .v2(
            PreconditionsV2(
                timeBounds: try bounds(p, "time", UInt64.self).map { TimeBounds(minTime: $0.0, maxTime: $0.1) },
                ledgerBounds: try bounds(p, "ledger", UInt32.self).map {
                    LedgerBounds(minLedger: $0.0, maxLedger: $0.1)
                },
                minSeqNum: try p.optNumber("min_seq"), minSeqAge: try p.number("min_seq_age"),
                minSeqLedgerGap: try p.number("min_seq_ledger_gap"),
                extraSigners: try p.list("extra_signers").map {
                    guard let s = $0 as? String else { throw TestkitError.badRequest("signer") };
                    return try parseSignerKey(s)
                }))
    case let other: throw TestkitError.badRequest("cond \(other)")
    }
}

private func envelope(_ p: Params) throws -> TransactionEnvelope {
    let tx = Transaction(
        source: try MuxedAccount(try p.string("source")), fee: try p.number("fee"), sequence: try p.number("seq"),
        preconditions: try preconditions(try p.object("cond")), memo: try memo(try p.object("memo")),
        operations: try p.list("ops").map(operation))
    guard p.has("fee_source") else { return .v1(tx, signatures: []) }
    return .feeBump(
        FeeBumpTransaction(
            feeSource: try MuxedAccount(try p.string("fee_source")), fee: try p.number("fee_bump_fee"),
            innerTransaction: tx, innerSignatures: []), signatures: [])
}

private func network(_ request: Request) throws -> StellarNetwork {
    StellarNetwork(passphrase: try request.string("network_passphrase"))
}

let stellarHandlers: [String: Handler] = [stellarClassicHandlers, stellarSorobanHandlers, stellarDecodeHandlers].reduce(
    into: [:]) { all, group in
        all.merge(group) { _, _ in preconditionFailure("two Stellar handlers share an op name") }
    }

private let stellarClassicHandlers: [String: Handler] = [
    "stellar_build": { request in ["xdr": try envelope(try Params(request.fields["tx"])).base64()] },
    "stellar_roundtrip": { request in
        let env = try TransactionEnvelope(base64: try request.string("xdr"))
        return ["xdr": try env.base64(), "review": try env.review(network: try network(request)).lines]
    },
    "stellar_sign": { request in
        let key = try Ed25519.PrivateKey(seed: try request.secret("seed"))
        let net = try network(request)
        let env = try TransactionEnvelope(base64: try request.string("xdr"))
        let (signed, signature) = try env.signed(with: key, network: net)
        return [
            "xdr": try signed.base64(), "hash": Hex.encode(try env.hash(network: net)),
            "hint": Hex.encode(signature.hint), "signature": Hex.encode(signature.signature),
        ]
    },
    // A SEP-53 message through the signer's whole path: payload, review and signature by the
    // Stellar module; `verified` is the watch's check of that signature.
    "stellar_sign_message": { request in
        let key = try Ed25519.PrivateKey(seed: try request.secret("seed"))
        // The base64 goes into the payload as given: the signer's decoder reads it.
        let text = try request.string("message")
        let payload: JSONValue = .object([
            (key: "message", value: .string(text)), (key: "type", value: .string("message")),
        ])
        let account = try MessageAccount(
            address: try AccountID(publicKey: key.publicKey).description, publicKey: key.publicKey)
        let signRequest = try SignRequest.make(
            chain: ChainID(.stellar), network: request.fields["network"] as? String ?? "stellar:pubnet",
            account: account, payload: payload, note: nil)
        let module = StellarChain()
        let review = try module.review(signRequest, context: ReviewContext(now: 0))
        let output = try module.sign(review, with: .ed25519(key))
        let signature = try Hex.decode(output.signatures.first ?? "")
        return [
            "signature": Hex.encode(signature), "signing": review.signing.map(\.label), "title": review.title,
            "lines": review.lines.map { "\($0.label): \($0.value)" }, "unknowns": review.unknowns,
            "verified": SEP53.isValid(signature, message: try StellarBase64.decode(text), publicKey: key.publicKey),
        ]
    },
    "stellar_uri_build": { request in
        let r = SEP7TransactionRequest(
            envelope: try TransactionEnvelope(base64: try request.string("xdr")),
            networkPassphrase: request.fields["network_passphrase"] as? String,
            callback: request.fields["callback"] as? String,
            pubkey: request.fields["pubkey"] as? String, message: request.fields["msg"] as? String,
            originDomain: request.fields["origin_domain"] as? String, signature: request.fields["signature"] as? String)
        return ["uri": try r.uri()]
    },
    "stellar_uri_parse": { request in
        let r = try SEP7TransactionRequest(uri: try request.string("uri"))
        var out: [String: Any] = ["xdr": try r.envelope.base64(), "network_passphrase": r.network.passphrase]
        if let v = r.callback { out["callback"] = v }
        if let v = r.pubkey { out["pubkey"] = v }
        if let v = r.message { out["msg"] = v }
        return out
    },
]
