import AirsignEncoding
import AirsignStellar
import BigInt
import Foundation

// Foundation has an `Operation` too.
private typealias Operation = AirsignStellar.Operation

// `stellar_xdr_decode` for Tests/interop/stellar/test_xdr_differential.py: raw XDR bytes (hex,
// so no base64 leniency on either side) decoded by the signer's codec as one whole value, and
// answered with its canonical re-encoding and a compact meaning (accounts as StrKeys, amounts
// and 64-bit numbers as decimal strings, Soroban values as `type:value` text) that the test
// computes the same way from what stellar-sdk parsed. Refusals surface as {"error": …}.

/// `type:value`: the SCValType number, then the value (integers in decimal, bytes in hex).
private func scval(_ v: SCVal) -> String {
    func words(_ parts: [UInt64]) -> BigInt { parts.reduce(BigInt(0)) { $0 << 64 + BigInt($1) } }
    let body: String
    switch v {
    case .bool(let b): body = b ? "1" : "0"
    case .void, .ledgerKeyContractInstance: return "\(v.type)"
    case .error(let e): body = "\(e.type):\(e.code)"
    case .u32(let n): body = String(n)
    case .i32(let n): body = String(n)
    case .u64(let n), .timepoint(let n), .duration(let n): body = String(n)
    case .i64(let n), .ledgerKeyNonce(let n): body = String(n)
    case .u128(let p): body = words([p.hi, p.lo]).description
    case .i128(let p): body = (BigInt(p.hi) << 64 + BigInt(p.lo)).description
    case .u256(let p): body = words([p.hiHi, p.hiLo, p.loHi, p.loLo]).description
    case .i256(let p): body = (BigInt(p.hiHi) << 192 + words([p.hiLo, p.loHi, p.loLo])).description
    case .bytes(let b), .string(let b), .executableTag(let b): body = Hex.encode(b)
    case .symbol(let s): body = String(decoding: s, as: UTF8.self)
    case .vec(let items): body = "[" + items.map(scval).joined(separator: ",") + "]"
    case .map(let entries): body = scmap(entries)
    case .address(let a): body = a.description
    case .contractInstance(let i):
        let executable: String
        switch i.executable {
        case .wasm(let hash): executable = "0:" + Hex.encode(hash)
        case .stellarAsset: executable = "1"
        case let .externalRef(owner, tag): executable = "2:" + owner.description + ":" + Hex.encode(tag)
        }
        body = executable + ";" + (i.storage.map(scmap) ?? "none")
    }
    return "\(v.type):\(body)"
}

private func scmap(_ entries: [SCMapEntry]) -> String {
    "{" + entries.map { scval($0.key) + "=" + scval($0.val) }.joined(separator: ",") + "}"
}

/// `native` or `CODE:G…`.
private func asset(_ a: Asset) -> String {
    switch a {
    case .native: return "native"
    case let .credit(code, issuer): return "\(code):\(issuer)"
    }
}

private func price(_ p: Price) -> String { "\(p.n)/\(p.d)" }

private func invocation(_ i: SorobanAuthorizedInvocation) -> [String: Any] {
    var m: [String: Any] = ["subs": i.subInvocations.map(invocation)]
    switch i.function {
    case .contract(let call): m["fn"] = 0; m["call"] = invoke(call)
    case .createContract(let args): m["fn"] = args.constructorArgs == nil ? 1 : 2; m["create"] = create(args)
    }
    return m
}

private func invoke(_ call: InvokeContractArgs) -> [String: Any] {
    ["contract": call.contract.description, "function": call.functionName, "args": call.args.map(scval)]
}

private func create(_ args: CreateContractArgs) -> [String: Any] {
    var m: [String: Any] = [:]
    switch args.preimage {
    case let .fromAddress(address, salt): m["from"] = address.description + ":" + Hex.encode(salt)
    case .fromAsset(let a): m["from"] = asset(a)
    }
    switch args.executable {
    case .wasm(let hash): m["executable"] = Hex.encode(hash)
    case .stellarAsset: m["executable"] = "stellar_asset"
    case let .externalRef(owner, tag): m["executable"] = "external:" + owner.description + ":" + Hex.encode(tag)
    }
    if let constructor = args.constructorArgs { m["args"] = constructor.map(scval) }
    return m
}

private func authEntry(_ e: SorobanAuthorizationEntry) -> [String: Any] {
    var m: [String: Any] = ["root": invocation(e.rootInvocation)]
    switch e.credentials {
    case .sourceAccount: m["credentials"] = "source"
    case .address(let c):
        m["credentials"] = [
            "address": c.address.description, "nonce": String(c.nonce),
            "expiration": Int(c.signatureExpirationLedger), "signature": scval(c.signature),
        ]
    case .addressV2(let c):
        m["credentials"] = [
            "kind": 2, "address": c.address.description, "nonce": String(c.nonce),
            "expiration": Int(c.signatureExpirationLedger), "signature": scval(c.signature),
        ]
    case .addressWithDelegates(let d):
        let c = d.addressCredentials
        m["credentials"] = [
            "kind": 3, "address": c.address.description, "nonce": String(c.nonce),
            "expiration": Int(c.signatureExpirationLedger), "signature": scval(c.signature),
            "delegates": d.delegates.map(delegate),
        ]
    }
    return m
}

/// A CAP-71 delegate: address, signature, nested delegates.
private func delegate(_ d: SorobanDelegateSignature) -> [String: Any] {
    ["address": d.address.description, "signature": scval(d.signature), "nested": d.nestedDelegates.map(delegate)]
}

private func ledgerKey(_ k: LedgerKey) -> String {
    switch k {
    case .account(let a): return "0:\(a)"
    case let .trustLine(a, line):
        switch line {
        case .asset(let x): return "1:\(a):\(asset(x))"
        case .poolShare(let id): return "1:\(a):pool:\(Hex.encode(id))"
        }
    case let .offer(seller, id): return "2:\(seller):\(id)"
    case let .data(a, name): return "3:\(a):\(Hex.encode(name))"
    case .claimableBalance(let id): return "4:\(Hex.encode(id.hash))"
    case .liquidityPool(let id): return "5:\(Hex.encode(id))"
    case let .contractData(contract, key, durability): return "6:\(contract):\(scval(key)):\(durability.rawValue)"
    case .contractCode(let hash): return "7:\(Hex.encode(hash))"
    case .configSetting(let id): return "8:\(id)"
    case .ttl(let hash): return "9:\(Hex.encode(hash))"
    }
}

private func pathPayment(_ p: PathPayment, into m: inout [String: Any]) {
    m["send_asset"] = asset(p.sendAsset); m["send_amount"] = String(p.sendAmount)
    m["destination"] = p.destination.description
    m["dest_asset"] = asset(p.destAsset); m["dest_amount"] = String(p.destAmount)
    m["path"] = p.path.map(asset)
}

private func offer(_ o: Offer, withID: Bool, into m: inout [String: Any]) {
    m["selling"] = asset(o.selling); m["buying"] = asset(o.buying)
    m["amount"] = String(o.amount); m["price"] = price(o.price)
    if withID { m["offer_id"] = String(o.offerID) }
}

private func operation(_ op: Operation) -> [String: Any] {
    var m: [String: Any] = ["type": Int(op.body.type)]
    if let source = op.source { m["source"] = source.description }
    switch op.body {
    case let .createAccount(d, b): m["destination"] = d.description; m["amount"] = String(b)
    case let .payment(d, a, n): m["destination"] = d.description; m["asset"] = asset(a); m["amount"] = String(n)
    case .pathPaymentStrictReceive(let p), .pathPaymentStrictSend(let p): pathPayment(p, into: &m)
    case .manageSellOffer(let o), .manageBuyOffer(let o): offer(o, withID: true, into: &m)
    case .createPassiveSellOffer(let o): offer(o, withID: false, into: &m)
    case .setOptions(let s):
        let numbers = [s.clearFlags, s.setFlags, s.masterWeight, s.lowThreshold, s.medThreshold, s.highThreshold]
        m["numbers"] = numbers.map { $0.map { Int($0) } as Any? ?? NSNull() }
        if let d = s.inflationDest { m["inflation_dest"] = d.description }
        if let h = s.homeDomain { m["home_domain"] = Hex.encode(h) }
        if let signer = s.signer { m["signer"] = "\(signer.key):\(signer.weight)" }
    case let .changeTrust(line, limit):
        switch line {
        case .asset(let a): m["asset"] = asset(a)
        case .poolShare(let p): m["pool"] = "\(asset(p.assetA))/\(asset(p.assetB))/\(p.fee)"
        }
        m["amount"] = String(limit)
    case let .allowTrust(trustor, code, authorize):
        m["destination"] = trustor.description; m["code"] = code.description; m["flags"] = Int(authorize)
    case .accountMerge(let d): m["destination"] = d.description
    case let .manageData(name, value): m["name"] = Hex.encode(name); if let value { m["value"] = Hex.encode(value) }
    case .bumpSequence(let to): m["amount"] = String(to)
    case let .createClaimableBalance(a, n, claimants):
        m["asset"] = asset(a); m["amount"] = String(n)
        m["claimants"] = claimants.map { "\($0.destination)" }
    case .claimClaimableBalance(let id), .clawbackClaimableBalance(let id): m["balance"] = Hex.encode(id.hash)
    case .beginSponsoringFutureReserves(let a): m["destination"] = a.description
    case .endSponsoringFutureReserves, .restoreFootprint: break
    case .revokeSponsorship(.ledgerEntry(let key)): m["ledger_key"] = ledgerKey(key)
    case let .revokeSponsorship(.signer(account, key)):
        m["destination"] = account.description; m["signer"] = key.description
    case let .clawback(a, from, n): m["asset"] = asset(a); m["destination"] = from.description; m["amount"] = String(n)
    case let .setTrustLineFlags(trustor, a, clear, set):
        m["destination"] = trustor.description; m["asset"] = asset(a); m["flags"] = "\(clear)/\(set)"
    case .liquidityPoolDeposit(let d):
        m["pool"] = Hex.encode(d.poolID); m["amount"] = "\(d.maxAmountA)/\(d.maxAmountB)";
        m["price"] = "\(price(d.minPrice))-\(price(d.maxPrice))"
    case .liquidityPoolWithdraw(let d):
        m["pool"] = Hex.encode(d.poolID); m["amount"] = "\(d.amount)/\(d.minAmountA)/\(d.minAmountB)"
    case let .invokeHostFunction(function, auth):
        switch function {
        case .invokeContract(let call): m["host"] = 0; m["call"] = invoke(call)
        case .createContract(let args): m["host"] = args.constructorArgs == nil ? 1 : 3; m["create"] = create(args)
        case .uploadWasm(let wasm): m["host"] = 2; m["wasm"] = Hex.encode(wasm)
        }
        m["auth"] = auth.map(authEntry)
    case .extendFootprintTTL(let to): m["amount"] = String(to)
    }
    return m
}

private func memo(_ memo: Memo) -> String {
    switch memo {
    case .none: return "none"
    case .text(let t): return "text:" + Hex.encode(t)
    case .id(let id): return "id:\(id)"
    case .hash(let h): return "hash:" + Hex.encode(h)
    case .return(let h): return "return:" + Hex.encode(h)
    }
}

private func preconditions(_ p: Preconditions) -> String {
    func time(_ t: TimeBounds?) -> String { t.map { "\($0.minTime)-\($0.maxTime)" } ?? "-" }
    switch p {
    case .none: return "none"
    case .time(let t): return "time:" + time(t)
    case .v2(let v):
        let ledger = v.ledgerBounds.map { "\($0.minLedger)-\($0.maxLedger)" } ?? "-"
        let seq = v.minSeqNum.map(String.init) ?? "-"
        return "v2:\(time(v.timeBounds)):\(ledger):\(seq):\(v.minSeqAge):\(v.minSeqLedgerGap):"
            + v.extraSigners.map(\.description).joined(separator: ",")
    }
}

private func soroban(_ data: SorobanTransactionData?) -> Any {
    guard let data else { return NSNull() }
    let r = data.resources
    return [
        "resource_fee": String(data.resourceFee), "read_only": r.footprint.readOnly.map(ledgerKey),
        "read_write": r.footprint.readWrite.map(ledgerKey),
        "resources": "\(r.instructions)/\(r.diskReadBytes)/\(r.writeBytes)",
        "archived": data.archivedEntries.map { $0.map { Int($0) } } as Any? ?? NSNull(),
    ]
}

private func transaction(_ tx: Transaction) -> [String: Any] {
    [
        "source": tx.source.description, "fee": Int(tx.fee), "seq": String(tx.sequence), "memo": memo(tx.memo),
        "cond": preconditions(tx.preconditions), "ops": tx.operations.map(operation),
        "soroban": soroban(tx.sorobanData),
    ]
}

private func envelope(_ e: TransactionEnvelope) -> [String: Any] {
    var m: [String: Any] = ["signatures": e.signatures.map { Hex.encode($0.hint) + ":" + Hex.encode($0.signature) }]
    switch e {
    case .v0(let t, _):
        m["kind"] = "v0"
        m["tx"] = transaction(t.asTransaction)
    case .v1(let t, _):
        m["kind"] = "v1"
        m["tx"] = transaction(t)
    case .feeBump(let f, _):
        m["kind"] = "fee_bump"
        m["fee_source"] = f.feeSource.description
        m["fee"] = String(f.fee)
        m["inner_signatures"] = f.innerSignatures.map { Hex.encode($0.hint) + ":" + Hex.encode($0.signature) }
        m["tx"] = transaction(f.innerTransaction)
    }
    return m
}

let stellarDecodeHandlers: [String: Handler] = [
    "stellar_xdr_decode": { request in
        let bytes = try request.bytes("hex")
        let encoded: [UInt8]
        let meaning: Any
        switch try request.string("type") {
        case "envelope":
            let value = try TransactionEnvelope(xdr: bytes)
            (encoded, meaning) = (try value.xdr(), envelope(value))
        case "auth_entry":
            let value = try SorobanAuthorizationEntry(xdr: bytes)
            (encoded, meaning) = (try value.xdr(), authEntry(value))
        case "scval":
            let value = try SCVal(xdr: bytes)
            (encoded, meaning) = (try value.xdr(), scval(value))
        case let other: throw TestkitError.badRequest("stellar_xdr_decode: type \(other)")
        }
        return ["hex": Hex.encode(encoded), "meaning": meaning]
    }
]
