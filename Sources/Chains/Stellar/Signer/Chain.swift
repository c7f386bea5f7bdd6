import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignMessages
import BigInt

/// The Stellar chain module: transaction envelopes (v0, v1, fee bump) on the networks
/// `stellar:pubnet`, `stellar:testnet` and `stellar:futurenet`.
///
/// Payload (docs/formats.md): `{"type":"transaction","envelope":"<base64 XDR>","networkPassphrase":"…"}`;
/// the passphrase must be the request network's. The signature is hex of the 64-byte Ed25519
/// signature of `sha256(networkId ‖ ENVELOPE_TYPE ‖ tx)`; the result is
/// `{"decoratedSignature":"<base64 XDR>","envelope":"<base64 signed XDR>","hash":"<hex>"}`: the
/// envelope with this signature appended after those already present, and the signature alone so
/// a coordinator can merge several signers' responses.
public struct StellarChain: ChainModule {
    public let chain = ChainID(Chain.stellar)
    public let displayName = "Stellar"
    /// Its accounts (Accounts.swift): networks, derivation and checks, address formats, and
    /// what the signer's account and key commands take.
    public var accounts: (any ChainAccounts)? { StellarAccounts.shared }

    /// The SEP-41 tokens the person installs (Review/InstalledTokens.swift).
    public var installedKnowledge: (any InstalledKnowledgeFormat)? { StellarInstalledFormat() }
    /// SEP-41 tokens the person installed on the signer, by network (`stellar:pubnet`, …): a
    /// review names a contract's amounts only with the tokens of its own request's network.
    public let installedTokens: [String: [StellarToken]]

    public init(installedTokens: [String: [StellarToken]] = [:]) {
        self.installedTokens = installedTokens
    }

    // MARK: review

    public func review(_ request: SignRequest, context: ReviewContext) throws -> Review {
        let decoded = try Self.decode(request)
        switch decoded.payload {
        case let .transaction(envelope, assets, pools):
            return try review(
                request, envelope: envelope, assets: assets, pools: pools, signing: decoded.signable,
                network: decoded.network, signer: decoded.signer, context: context)
        case .authorization(let entry):
            return try reviewAuthorization(
                request, entry: entry, network: decoded.network, signer: decoded.signer, context: context)
        case .message(let message):
            return try reviewMessage(request, message: message)
        }
    }

    /// What the Stellar review knows besides the bytes: labels from `context`, the signer's key,
    /// the request's hints and the tokens installed for the request's `network`.
    func knowledge(
        _ context: ReviewContext, network: String, signer: [UInt8], assets: [Asset] = [],
        pools: [LiquidityPoolParameters] = []
    ) -> StellarReviewContext {
        var knowledge = StellarReviewContext(
            label: { [self] in describe($0, in: context) }, signer: signer, assets: assets, pools: pools,
            tokens: installedTokens[network] ?? [])
        knowledge.details = context.details
        return knowledge
    }

    private func review(
        _ request: SignRequest, envelope: TransactionEnvelope, assets: [Asset], pools: [LiquidityPoolParameters],
        signing: StellarSignable, network: StellarNetwork, signer: [UInt8], context: ReviewContext
    ) throws -> Review {
        let own = context.ownAccounts.filter { $0.chain == chain && $0.publicKey.count == 32 }
        let summary = try envelope.review(
            network: network, knownSigners: own.map(\.publicKey) + [signer],
            context: knowledge(context, network: request.network, signer: signer, assets: assets, pools: pools))
        // A second signature by the same key is refused before the PIN, not after.
        if try envelope.signatures.contains(where: { try envelope.verify($0, publicKey: signer, network: network) }) {
            throw StellarError.duplicateSignature(hint: Hex.encode(signatureHint(publicKey: signer)))
        }
        let tx = envelope.transaction
        // The name is the signer's for the passphrase; the passphrase itself is bound by the
        // network id in the signature base.
        var lines = [
            ReviewLine(
                "network name", "\(summary.network) (\(network.quotedPassphrase))", source: .signerTable)
        ]
        if case .feeBump(let bump, _) = envelope {
            lines.append(
                ReviewLine(
                    "fee source", describe(bump.feeSource.accountID.description, in: context) + muxedID(bump.feeSource))
            )
            lines.append(ReviewLine("fee bump", "pays up to \(stroops(bump.fee)) for the inner transaction"))
            lines.append(FeeBumpReview.line(bump))
        }
        lines.append(ReviewLine("source", describe(tx.source.accountID.description, in: context) + muxedID(tx.source)))
        lines.append(ReviewLine("fee", stroops(Int64(tx.fee)) + (envelope.isFeeBump ? " (inner transaction)" : "")))
        lines += summary.soroban
        lines.append(ReviewLine("sequence", String(tx.sequence)))
        lines.append(ReviewLine("memo", summary.memo))
        // The signer's clock may be wrong, so an expired transaction is said to be so, not refused.
        let expired =
            tx.preconditions.timeBounds.map { $0.maxTime != 0 && context.now > 0 && $0.maxTime < UInt64(context.now) }
            ?? false
        lines.append(ReviewLine("valid", summary.timeBounds + (expired ? " (expired by the signer's clock)" : "")))
        lines += summary.otherPreconditions.map { ReviewLine("precondition", $0) }
        for (index, text) in summary.operations.enumerated() {
            lines.append(ReviewLine("operation \(index + 1)/\(summary.operations.count)", text))
            for (label, account) in Self.parties(of: tx.operations[index]) {
                lines.append(
                    ReviewLine(label, describe(account.accountID.description, in: context) + muxedID(account), level: 1)
                )
            }
            lines += summary.operationDetails[index]
        }
        lines += summary.innerSignatures.map { signatureLine("inner signature", $0, own: own, signer: signer) }
        lines += summary.signatures.map { signatureLine("signature", $0, own: own, signer: signer) }
        if summary.signatures.isEmpty { lines.append(ReviewLine("signatures", "none yet")) }
        if summary.authorizations.isEmpty {
            lines.append(ReviewLine("hash", summary.hash))
        } else {
            // The authorization signatures go into the transaction before it is signed.
            lines.append(
                ReviewLine(
                    "hash",
                    "set when your \(summary.authorizations.count) authorization signature(s) are in "
                        + "(without them it would be \(summary.hash))"))
        }

        var warnings: [String] = []
        if expired, let bounds = tx.preconditions.timeBounds {
            warnings.append("the transaction expired at \(utc(bounds.maxTime)); the network will refuse it")
        }
        if tx.preconditions.timeBounds == nil || tx.preconditions.timeBounds?.maxTime == 0 {
            warnings.append(
                "the transaction never expires: once signed it stays valid until its sequence number is used")
        }
        if tx.operations.contains(where: { if case .accountMerge = $0.body { return true } else { return false } }) {
            warnings.append("an account merge moves the whole balance of its source account and deletes it")
        }
        warnings += AccountControl.warnings(tx)
        let label = { [self] (address: String) in describe(address, in: context) }
        if case .feeBump(let bump, _) = envelope {
            warnings += FeeBumpReview.warnings(bump, signer: signer, label: label)
        }
        for (index, operation) in tx.operations.enumerated() {
            warnings += [
                OfferPrice.warning(operation.body, index: index),
                PathPaymentLimits.warning(operation.body, index: index),
            ].compactMap { $0 }
        }
        warnings += Sponsorship.warnings(tx, label: label)
        warnings += TokenApprovals.warnings(summary.movements, signer: signer, context: context, chain: self)
        warnings += summary.sorobanWarnings
        // Each entry signed now is a signature of its own: whoever sees the signed transaction
        // (a node, the requester) can lift it out and submit the invocation in another.
        warnings += summary.authorizations.map {
            "authorization \($0.entry + 1) of operation \($0.operation + 1): whoever holds this signed authorization can submit the "
                + "invocation until ledger \($0.expirationLedger), in a transaction of their own"
        }
        let title: String
        switch envelope {
        case .v0: title = "Stellar transaction (legacy v0 envelope)"
        case .v1: title = tx.sorobanData == nil ? "Stellar transaction" : "Stellar Soroban transaction"
        case .feeBump: title = "Stellar fee bump transaction"
        }
        // The review's reading of the invocations and the decode's must queue the same entries:
        // what is shown signed is what `sign` signs.
        guard case let .transaction(_, _, pending, _) = signing, pending == summary.authorizations else {
            throw StellarError.signing(.reviewMismatch)
        }
        return Review(
            request: request, title: title, lines: lines, warnings: warnings,
            key: KeyRequirement(request.account, scheme: .ed25519),
            effects: Self.effects(
                envelope, summary: summary, signer: signer, network: request.network, context: context, chain: self),
            signing: signing.items)
    }

    /// A signature already on the envelope. Signatures are not part of what is signed: one this
    /// signer verified over the transaction hash names its account; any other is only the
    /// requester's bytes and is shown as such.
    private func signatureLine(
        _ label: String, _ signature: StellarReview.Signature, own: [OwnAccount], signer: [UInt8]
    ) -> ReviewLine {
        guard let address = signature.signer else {
            return ReviewLine(label, "hint \(signature.hint), unknown signer", source: .request)
        }
        var text = "hint \(signature.hint), \(address)"
        if let key = try? StrKey.decodeAccountID(address), key == signer {
            text += " (this request's key)"
        } else if let account = own.first(where: { $0.address == address }) {
            text += " (your account, key \"\(account.keyName)\")"
        }
        return ReviewLine(label, text + ", verified")
    }

    private func muxedID(_ account: MuxedAccount) -> String {
        account.id.map { ", muxed id \($0) (\(account))" } ?? ""
    }

    // MARK: pieces

    package static let signingLabel = "transaction"

    /// The label of the signing item of a Soroban authorization signed with a transaction.
    package static func authorizationLabel(operation: Int, entry: Int) -> String {
        "authorization \(entry + 1) of operation \(operation + 1)"
    }

    /// `{"decoratedSignature", "envelope", "hash"}` in sorted key order, as a stored response has them.
    package static func result(_ signed: TransactionEnvelope, _ signature: DecoratedSignature, network: StellarNetwork)
        throws -> JSONValue
    {
        .object([
            (key: "decoratedSignature", value: .string(StellarBase64.encode(try signature.xdr()))),
            (key: "envelope", value: .string(try signed.base64())),
            (key: "hash", value: .string(Hex.encode(try signed.hash(network: network)))),
        ])
    }

    /// `result` with the transaction's hash already known: `sign` has just signed it (the hash
    /// of the signed envelope is the same, its signatures not being part of it).
    package static func result(_ signed: TransactionEnvelope, _ signature: DecoratedSignature, hash: [UInt8])
        throws -> JSONValue
    {
        .object([
            (key: "decoratedSignature", value: .string(StellarBase64.encode(try signature.xdr()))),
            (key: "envelope", value: .string(try signed.base64())),
            (key: "hash", value: .string(Hex.encode(hash))),
        ])
    }

    /// The bytes a transaction's signing item stands for: the passphrase as an XDR string, then
    /// the envelope's XDR. `sign` computes the network id, signature base and hash from the
    /// typed envelope and network they encode (docs/security.md, signer rule 1).
    package static func signingBytes(_ envelope: TransactionEnvelope, network: StellarNetwork) throws -> [UInt8] {
        var writer = XDRWriter()
        try writer.writeString(network.passphrase, max: 1024)
        return writer.bytes + (try envelope.xdr())
    }

    /// The network a request names: one of the three Stellar networks Airsign knows by id.
    package static func network(of id: String) throws -> StellarNetwork {
        guard let network = StellarNetwork(caip2: id) else {
            throw StellarError.requestNetwork("\(id)")
        }
        return network
    }

    /// The request's account key, after checking the address is its `G…` StrKey.
    package static func accountKey(_ account: MessageAccount) throws -> [UInt8] {
        guard account.publicKey.count == 32 else {
            throw StellarError.publicKeyLength(account.publicKey.count)
        }
        let address = try AccountID(publicKey: account.publicKey).description
        guard account.address == address else {
            throw StellarError.addressNotOfKey(address: address)
        }
        return account.publicKey
    }

    /// The envelope of a Stellar sign request and the network it is for, read and checked as
    /// `review` reads them (the watch matches signed envelopes to its stored requests with it).
    /// An authorization request has no envelope and is refused.
    public static func envelope(of request: SignRequest) throws -> (
        envelope: TransactionEnvelope, network: StellarNetwork
    ) {
        let network = try network(of: request.network)
        guard case let .transaction(envelope, _, _) = try StellarPayload(request.payload, network: network) else {
            throw StellarError.notATransaction(requestID: "\(request.id)")
        }
        return (envelope, network)
    }

    /// The payload for `envelope` on `network`, as builders and native input write it.
    public static func payload(_ envelope: TransactionEnvelope, network: StellarNetwork) throws -> JSONValue {
        try StellarPayload.json(envelope, network: network)
    }

    /// The accounts an operation sends to or acts on, labelled for the review.
    package static func parties(of operation: Operation) -> [(String, MuxedAccount)] {
        func plain(_ id: AccountID) -> MuxedAccount { MuxedAccount(unchecked: id.publicKey) }
        switch operation.body {
        case let .createAccount(destination, _): return [("new account", plain(destination))]
        case let .payment(destination, _, _): return [("to", destination)]
        case .pathPaymentStrictReceive(let p), .pathPaymentStrictSend(let p): return [("to", p.destination)]
        case .accountMerge(let destination): return [("merge into", destination)]
        case let .clawback(_, from, _): return [("from", from)]
        case let .allowTrust(trustor, _, _), let .setTrustLineFlags(trustor, _, _, _):
            return [("trustor", plain(trustor))]
        case .beginSponsoringFutureReserves(let sponsored): return [("sponsored", plain(sponsored))]
        case let .createClaimableBalance(_, _, claimants): return claimants.map { ("claimant", plain($0.destination)) }
        case .setOptions(let options):
            // A key that gains (or loses) a say over the account is as much a party as a payee.
            guard let signer = options.signer, case let .ed25519(key) = signer.key else { return [] }
            return [(signer.weight == 0 ? "removed signer" : "signer", MuxedAccount(unchecked: key))]
        default: return []
        }
    }
}

extension TransactionEnvelope {
    /// The transaction whose fields a review shows (the inner one of a fee bump).
    public var transaction: Transaction {
        switch self {
        case .v0(let t, _): return t.asTransaction
        case .v1(let t, _): return t
        case .feeBump(let b, _): return b.innerTransaction
        }
    }

    var isFeeBump: Bool { if case .feeBump = self { return true } else { return false } }
}
