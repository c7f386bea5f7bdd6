import AirsignCrypto
import AirsignEncoding
import AirsignMessages
import AirsignStellar
import Foundation

// Soroban ops for Tests/interop/stellar/test_soroban.py: stellar-sdk builds the XDR (random
// SCVal trees, footprints, host functions, authorization entries); we decode it, re-encode it,
// review it, sign it (authorizations included, through the chain module as the signer does),
// and derive contract and pool ids.

private func network(_ request: Request) throws -> StellarNetwork {
    StellarNetwork(passphrase: try request.string("network_passphrase"))
}

private func review(_ envelope: TransactionEnvelope, _ network: StellarNetwork, signer: [UInt8]?) -> [String: Any] {
    do {
        let review = try envelope.review(network: network, context: StellarReviewContext(signer: signer))
        return ["review": review.lines, "authorizations": review.authorizations.count]
    } catch {
        return ["review_error": String(describing: error)]
    }
}

let stellarSorobanHandlers: [String: Handler] = [
    // Decode and re-encode any envelope; the review (or why it refuses) rides along.
    "stellar_soroban_roundtrip": { request in
        let envelope = try TransactionEnvelope(base64: try request.string("xdr"))
        let net = try network(request)
        let signer = request.fields["signer"] as? String
        var out = review(envelope, net, signer: try signer.map { try AccountID($0).publicKey })
        out["xdr"] = try envelope.base64()
        out["hash"] = Hex.encode(try envelope.hash(network: net))
        return out
    },
    // getTransaction's resultMetaXdr as `stellar submit --rpc` reads it.
    "stellar_meta_decode": { request in
        let meta = try TransactionMetaSummary(base64: try request.string("xdr"))
        var out: [String: Any] = ["version": Int(meta.version), "events": meta.contractEvents]
        if let value = meta.returnValue { out["return"] = StellarBase64.encode(try value.xdr()) }
        if let fee = meta.resourceFee { out["fees"] = [fee.nonRefundable, fee.refundable, fee.rent] }
        return out
    },
    // One value or one entry alone: decode and re-encode.
    "stellar_scval_roundtrip": { request in
        ["xdr": StellarBase64.encode(try SCVal(xdr: try StellarBase64.decode(try request.string("xdr"))).xdr())]
    },
    "stellar_scval_compare": { request in
        let a = try SCVal(xdr: try StellarBase64.decode(try request.string("a")))
        let b = try SCVal(xdr: try StellarBase64.decode(try request.string("b")))
        return ["order": SCVal.compare(a, b)]
    },
    "stellar_contract_id": { request in
        let asset = try Asset(try request.string("asset"))
        return [
            "contract": SCAddress.contract(try HashIDPreimage.assetContractID(asset, network: try network(request)))
                .description
        ]
    },
    "stellar_pool_id": { request in
        let pool = LiquidityPoolParameters(
            assetA: try Asset(try request.string("a")), assetB: try Asset(try request.string("b")))
        return ["pool": Hex.encode(try pool.poolID)]
    },
    // stellar_sdk.auth.authorize_entry's counterpart.
    "stellar_auth_sign": { request in
        let key = try Ed25519.PrivateKey(seed: try request.secret("seed"))
        let entry = try SorobanAuthorizationEntry(base64: try request.string("entry"))
        let expiration = try UInt32(exactly: try request.int("expiration")).orThrow("expiration")
        return [
            "entry": try entry.authorized(with: key, network: try network(request), expirationLedger: expiration).entry
                .base64()
        ]
    },
    // The signer's whole path: a sign request reviewed and signed by the Stellar module.
    "stellar_sign_request": { request in
        let key = try Ed25519.PrivateKey(seed: try request.secret("seed"))
        let net = try network(request)
        guard let id = net.caip2 else { throw TestkitError.badRequest("stellar_sign_request: a network Airsign knows") }
        let account = try MessageAccount(
            address: try AccountID(publicKey: key.publicKey).description, publicKey: key.publicKey)
        let payload: JSONValue
        if let entry = request.fields["entry"] as? String {
            payload = try StellarPayload.json(try SorobanAuthorizationEntry(base64: entry), network: net)
        } else {
            payload = try StellarPayload.json(try TransactionEnvelope(base64: try request.string("xdr")), network: net)
        }
        let signRequest = try SignRequest.make(
            chain: ChainID(.stellar), network: id, account: account, payload: payload, note: nil)
        let module = StellarChain()
        let review = try module.review(signRequest, context: ReviewContext(now: 0))
        let output = try module.sign(review, with: .ed25519(key))
        var out: [String: Any] = [
            "signatures": output.signatures, "signing": review.signing.map(\.label),
            "lines": review.lines.map { "\($0.label): \($0.value)" },
        ]
        if case let .string(text)? = output.result?["envelope"] { out["envelope"] = text }
        if case let .string(text)? = output.result?["entry"] { out["entry"] = text }
        return out
    },
]

extension Optional {
    fileprivate func orThrow(_ what: String) throws -> Wrapped {
        guard let self else { throw TestkitError.badRequest("stellar: bad \(what)") }
        return self
    }
}
