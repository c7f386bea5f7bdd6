import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignMessages

/// The Substrate chain module: polkadot-js `SignerPayloadJSON` transactions and
/// `SignerPayloadRaw` messages, on networks `polkadot:<first 32 hex digits of the genesis hash>`.
///
/// Payloads (docs/formats.md):
/// - `{"type":"extrinsic","signerPayload":{…SignerPayloadJSON…}}`, optionally with
///   `"metadataProof":"0x…"` (an RFC-0078 proof: the call and extensions are then decoded with
///   its types and its digest is signed) → signature = the SCALE
///   `MultiSignature` hex; result `{"extrinsic":"0x…","signerResult":{"id":0,"signature":"0x…"}}`
///   (plus `signedTransaction` when the payload asks `withSignedTransaction`).
/// - `{"type":"raw","signerPayloadRaw":{"address","data","type":"bytes"|"payload"}}` → `bytes`
///   signed wrapped in `<Bytes>…</Bytes>`, the raw signature returned as polkadot-js does
///   (Ethereum-prefixed data, or data holding a transaction payload, only with `--blind`:
///   `RawMessage.disguise`); `payload` signed as an extrinsic payload (>256-byte rule), a
///   MultiSignature returned, only with `--blind`.
///
/// The scheme (sr25519, ed25519, ecdsa) is the account's: a 33-byte key is ecdsa; for a
/// 32-byte key the keystore's signing key says which.
public struct SubstrateChain: ChainModule {
    public let chain = ChainID(Chain.substrate)
    public let displayName = "Substrate"
    /// Its accounts (Accounts.swift): networks, derivation and checks, address formats, and
    /// what the signer's account and key commands take.
    public var accounts: (any ChainAccounts)? { SubstrateAccounts.shared }
    let calls: any CallDecoder
    /// The SS58 texts of the account ids reviews show, kept across a batch.
    private let accountNames = AccountNames()

    /// The signing items' labels, for the review; `sign` reads the items' typed values
    /// (`SubstrateSignable`).
    package static let extrinsicLabel = "extrinsic payload"
    package static let bytesLabel = "message (<Bytes> wrapped)"
    /// Ethereum-prefixed data, which polkadot-js signs as given.
    package static let unwrappedBytesLabel = "message (Ethereum prefix, not <Bytes> wrapped)"
    package static let rawPayloadLabel = "raw extrinsic payload"
    /// polkadot-js routes status updates by the result id; a one-shot offline signer has no
    /// request counter, so it answers 0.
    package static let signerResultID = 0

    /// UOS, read from polkadot-js and Vault-style apps' QR codes (`UOSFormat`).
    public var foreignFormats: [any ForeignFormat] { [UOSFormat()] }

    public init(calls: any CallDecoder = BuiltInCallDecoder()) {
        self.calls = calls
    }

    // MARK: review

    public func review(_ request: SignRequest, context: ReviewContext) throws -> Review {
        let decoded = try Self.decode(request)
        let signing = [try decoded.signable.item]
        // For a 32-byte key the keystore's key decides between sr25519 and ed25519 at signing.
        let key = KeyRequirement(request.account, scheme: request.account.publicKey.count == 33 ? .secp256k1 : .sr25519)
        switch decoded {
        case let .extrinsic(payload, built, proven):
            let summary = try ExtrinsicReview(
                payload: payload, signing: built, proven: proven, calls: calls, chain: self, context: context)
            return Review(
                request: request, title: summary.title, lines: summary.lines, warnings: summary.warnings,
                key: key, effects: summary.effects, signing: signing)
        case let .raw(raw):
            let from = ReviewLine("from", describe(raw.address, in: context))
            switch raw.kind {
            case .bytes:
                let message = signing[0].bytes
                let shown: ReviewLine
                if let text = Self.readableText(message) {
                    shown = ReviewLine("message", text)
                } else {
                    shown = ReviewLine("message (hex)", Hex.encode(message, prefix: true))
                }
                // u8aWrapBytes leaves Ethereum-prefixed data as it is: the review and the signing
                // item say so rather than claim tags.
                let wrapped = RawMessage.isWrapped(message)
                let disguise = RawMessage.disguise(in: raw.data)
                return Review(
                    request: request,
                    title: "Substrate message (signRaw, "
                        + (wrapped ? "<Bytes> wrapped)" : "Ethereum prefix, not <Bytes> wrapped)"),
                    lines: [from, shown, ReviewLine("length", "\(message.count) bytes")],
                    warnings: disguise.map { [$0.warning] } ?? [],
                    key: key, effects: disguise.map { [.unknown(what: $0.reason)] } ?? [], signing: signing)
            case .payload:
                // Bytes that are a known network's extrinsic payload are reviewed as that
                // transaction: the same bytes are signed, so they are shown as the chain reads them.
                if let (payload, built) = RawPayloadReading.read(
                    raw.data, address: raw.address, accountID: raw.accountID)
                {
                    let summary = try ExtrinsicReview(
                        payload: payload, signing: built, proven: nil, calls: calls, chain: self, context: context)
                    return Review(
                        request: request, title: summary.title + " (given as a raw payload, signRaw type payload)",
                        lines: summary.lines,
                        warnings: [
                            "the request gives this transaction as raw bytes; they are the payload of the transaction shown, read by the "
                                + "signer's runtime table"
                        ] + summary.warnings,
                        key: key, effects: summary.effects, signing: signing)
                }
                return Review(
                    request: request, title: "Substrate raw extrinsic payload (signRaw type payload)",
                    lines: [
                        from, ReviewLine("payload (hex)", Hex.encode(raw.data, prefix: true)),
                        ReviewLine("length", "\(raw.data.count) bytes"),
                    ],
                    warnings: [
                        "these bytes are signed as a transaction payload but cannot be decoded without the chain's signed-extension list"
                    ],
                    key: key,
                    effects: [.unknown(what: "a transaction payload given as raw bytes, which cannot be shown")],
                    signing: signing)
            }
        case let .uos(uos, read):
            return try reviewUOS(request, uos, read: read, signing: signing, context: context, key: key)
        }
    }

    /// The account id of an SS58 address (any prefix; 33-byte ecdsa payloads hashed).
    public func addressIdentity(_ address: String) -> String? {
        guard let decoded = try? SS58.decode(address),
            let id = try? SubstrateSigning.accountID(ofPublicKey: decoded.payload)
        else { return nil }
        return SubstrateAccounts.identity(accountID: id)
    }

    /// The SS58 address of account id `id` under `prefix`, with its label from `context`.
    package func describe(accountID id: [UInt8], prefix: UInt16, in context: ReviewContext) throws(EncodingError)
        -> String
    {
        let name = try accountNames.name(id, prefix: prefix)
        return context.describe(name.text, knownIdentity: name.identity, chain: chain, identity: addressIdentity)
    }

    // MARK: helpers

    /// The request's SignerPayload, checked against the request's network, and the bytes it
    /// signs: with a metadata proof, built by the proof's extension list with the digest the
    /// signer rebuilt, and decoded with the proof's types; without, by the list the signer
    /// trusts for it.
    package static func signingPayload(_ request: SignRequest) throws -> (SignerPayload, SigningPayload, ProvenPayload?)
    {
        let (json, proof) = try extrinsicMembers(request.payload)
        let payload = try SignerPayload(json: json)
        try checkNetwork(request.network, genesis: payload.genesisHash)
        guard let proof else { return (payload, try SigningPayload(trusting: payload), nil) }
        let (built, proven) = try provenPayload(payload, proof: proof)
        return (payload, built, proven)
    }

    /// The signing payload of `payload` built by its proof's extension list with the digest the
    /// signer rebuilt from `proof`, and its decoding by the proven types; refuses a proof that
    /// does not verify or fit the payload (`ProvenPayload.verify`, `checkLayout`).
    static func provenPayload(_ payload: SignerPayload, proof: [UInt8]) throws -> (SigningPayload, ProvenPayload) {
        let metadata = try ProvenPayload.verify(proof, for: payload)
        let assetLength = payload.assetIdOption.count > 1 ? payload.assetIdOption.count - 1 : nil
        let list = try ExtensionList(proven: metadata, assetIDLength: assetLength)
        // An extension without a rule here is signed with the data the request carries for it:
        // a UOS request's signed bytes; a SignerPayloadJSON has no field for it, so there it
        // must be one whose types encode to nothing.
        if let types = list.proofTypes {
            for (ext, rule) in zip(types.extensions, list.rules) {
                guard case .proven = rule, payload.extensionData[ext.identifier] == nil else { continue }
                guard types.isEmpty(ext.extra), types.isEmpty(ext.additional) else {
                    throw SubstrateError.extensions(.dataUnknown(name: ext.identifier, building: false))
                }
            }
        }
        let built = SigningPayload(payload, extensions: list, provenDigest: metadata.digest)
        let proven = try ProvenPayload(decoding: built.bytes, callLength: payload.method.count, metadata: metadata)
        try proven.checkLayout(ExtensionValues(requestedBy: payload, provenDigest: metadata.digest), list: list)
        return (built, proven)
    }

    /// An extrinsic payload's `signerPayload` and, when present, its `metadataProof` bytes; no
    /// other member.
    package static func extrinsicMembers(_ payload: JSONValue) throws(SubstrateError) -> (JSONValue, [UInt8]?) {
        guard case let .object(members) = payload, let json = payload["signerPayload"],
            members.allSatisfy({ ["type", "signerPayload", "metadataProof"].contains($0.key) })
        else {
            throw SubstrateError.members(
                field: "payload", expected: "\"type\", \"signerPayload\" and optionally \"metadataProof\", nothing else"
            )
        }
        guard let proof = payload["metadataProof"] else { return (json, nil) }
        guard case let .string(text) = proof else {
            throw SubstrateError.notOfKind(field: "payload.metadataProof", expected: "0x hex")
        }
        return (json, try PayloadFields.hex(text, field: "payload.metadataProof"))
    }

    /// The signed extrinsic and SignerResult of `payload` (built as `built`) signed with
    /// `signature`.
    package static func result(_ payload: SignerPayload, _ built: SigningPayload, signature: MultiSignature)
        -> JSONValue
    {
        let encoded = JSONValue.string(
            Hex.encode(extrinsic(payload, built, signature: signature).encoded, prefix: true))
        var signerResult: [(key: String, value: JSONValue)] = [
            (key: "id", value: .integer(signerResultID)),
            (key: "signature", value: .string(Hex.encode(signature.encoded, prefix: true))),
        ]
        if payload.withSignedTransaction { signerResult.append((key: "signedTransaction", value: encoded)) }
        return .object([(key: "extrinsic", value: encoded), (key: "signerResult", value: .object(signerResult))])
    }

    package static func extrinsic(_ payload: SignerPayload, _ built: SigningPayload, signature: MultiSignature)
        -> SignedExtrinsic
    {
        SignedExtrinsic(accountID: payload.accountID, signature: signature, extra: built.extra, call: payload.method)
    }

    /// The account id of the request's account, after checking its address belongs to its key.
    package static func accountID(_ account: MessageAccount) throws(SubstrateError) -> [UInt8] {
        if account.publicKey.count == 33 {
            do { _ = try Secp256k1.PublicKey(parsing: account.publicKey) } catch {
                throw SubstrateError.notOfKind(field: "account.publicKey", expected: "a compressed secp256k1 key")
            }
        }
        let id = try SubstrateSigning.accountID(ofPublicKey: account.publicKey)
        let decoded: (prefix: UInt16, payload: [UInt8])
        do { decoded = try SS58.decode(account.address) } catch {
            throw SubstrateError.notSS58(field: "account.address", reason: "\(error)")
        }
        guard decoded.payload == id else {
            throw SubstrateError.addressNotOfKey
        }
        return id
    }

    package static func accountID(of key: SigningKey) throws(SubstrateError) -> [UInt8] {
        switch key {
        case let .sr25519(secret): return secret.publicKey.bytes
        case let .ed25519(secret): return secret.publicKey
        case let .secp256k1(secret): return try SubstrateSigning.accountID(ofPublicKey: secret.publicKey.compressed)
        }
    }

    package static func checkNetwork(_ network: String, genesis: [UInt8]) throws(SubstrateError) {
        let expected = SubstrateNetwork.caip2(genesisHash: genesis)
        guard network == expected else {
            throw SubstrateError.otherNetwork(
                .payload(network: expected), genesis: Hex.encode(genesis), expected: network)
        }
    }

    /// The member `name` of a payload that has exactly `type` and `name`.
    package static func member(_ payload: JSONValue, _ name: String) throws(SubstrateError) -> JSONValue {
        guard case let .object(members) = payload, members.count == 2, let value = payload[name] else {
            throw SubstrateError.members(field: "payload", expected: "exactly \"type\" and \"\(name)\"")
        }
        return value
    }

    /// UTF-8 a person can read (no control characters but line feeds), else nil.
    package static func readableText(_ bytes: [UInt8]) -> String? {
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        return text.unicodeScalars.allSatisfy { $0 == "\n" || $0.properties.generalCategory != .control } ? text : nil
    }
}
