import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignMessages
import BigInt

/// The Internet Computer chain module: update calls on `icp:mainnet`.
///
/// Payload: `{"type":"call","content":"<hex CBOR content map>"}`, or `"contents":[…]` for a
/// series of the same call in consecutive expiry windows (`airsign-watch icp … --valid-for`),
/// allowed only for deduplicated ledger transfers. The review decodes the content strictly,
/// checks the sender and the expiry, and shows ledger transfers as amounts; any other call
/// shows its Candid arguments and needs explicit confirmation. Signing items are the content
/// maps themselves (call, then its request_status read, per window); `sign` computes each
/// request id and signs `\x0Aic-request ‖ id`. The result is `{"messages":[…]}`, the array being
/// exactly the file `quill send` reads (responses' results are objects, DESIGN.md).
public struct ICPChain: ChainModule {
    public let chain = ChainID(Chain.icp)
    public let displayName = "Internet Computer"
    public static let network = "icp:mainnet"
    /// A series covers at most 23 hours in 5-minute windows; a little room above that.
    public static let maxWindows = 300
    /// "Absurdly far": an expiry more than a day ahead of the signer's clock.
    public static let maxExpiryAheadNanos: UInt64 = 24 * 3600 * ICPTime.nanosPerSecond

    public init() {}

    /// Accounts, principals and ICRC-1 account texts compare by their legacy account id, so a
    /// principal and its default account are one address.
    public func addressIdentity(_ address: String) -> String? {
        if address.utf8.count == 64, let id = try? ICPAccountIdentifier(hex: address) { return id.hex }
        guard let account = try? ICRC1Account(text: address), let id = try? account.accountIdentifier() else { return nil }
        return id.hex
    }

    // MARK: review

    /// What the payload holds once decoded, before any clock or ledger check.
    struct Decoded {
        let identity: ICPIdentity
        let calls: [ICPCallContent]

        var first: ICPCallContent { calls[0] }

        /// Call and read_state content for each window, in signing order.
        var items: [SigningItem] {
            var out: [SigningItem] = []
            for (i, call) in calls.enumerated() {
                let suffix = calls.count == 1 ? "" : ", window \(i + 1) of \(calls.count)"
                out.append(SigningItem(label: "call" + suffix, bytes: ICPRequestContent.call(call).encoded))
                out.append(SigningItem(label: "read_state" + suffix, bytes: ICPRequestContent.readState(.requestStatus(of: call)).encoded))
            }
            return out
        }
    }

    func decode(_ request: SignRequest) throws(ICPError) -> Decoded {
        guard request.network == Self.network else {
            throw .refused("network \(request.network) is not \(Self.network)")
        }
        let identity = try ICPIdentity(publicKey: request.account.publicKey)
        guard (try? Principal(text: request.account.address)) == identity.principal else {
            throw .refused("account.address \(request.account.address) is not the principal of account.publicKey (\(identity.principal.text))")
        }
        guard request.payloadType == "call", case let .object(members) = request.payload, members.count == 2 else {
            throw .malformed(field: "payload", reason: "an ICP payload is {\"type\":\"call\",\"content\":…} or {\"type\":\"call\",\"contents\":[…]}")
        }
        var hexes: [String] = []
        if case let .string(hex)? = request.payload["content"] {
            hexes = [hex]
        } else if case let .array(items)? = request.payload["contents"] {
            guard !items.isEmpty, items.count <= Self.maxWindows else {
                throw .malformed(field: "payload.contents", reason: "1 to \(Self.maxWindows) contents")
            }
            for item in items {
                guard case let .string(hex) = item else { throw .malformed(field: "payload.contents", reason: "every element is a hex string") }
                hexes.append(hex)
            }
        } else {
            throw .malformed(field: "payload", reason: "needs \"content\" (a hex string) or \"contents\" (an array of them)")
        }
        var calls: [ICPCallContent] = []
        for (i, hex) in hexes.enumerated() {
            let field = hexes.count == 1 ? "payload.content" : "payload.contents[\(i)]"
            let bytes: [UInt8]
            do { bytes = try Hex.decode(hex) } catch { throw .malformed(field: field, reason: "\(error)") }
            guard case let .call(call) = try ICPRequestContent.decode(bytes, field: field) else {
                throw .malformed(field: "\(field).request_type", reason: "only \"call\" requests are signed")
            }
            guard call.sender == identity.principal else {
                throw .refused("\(field).sender \(call.sender.text) is not the signing key's principal \(identity.principal.text)")
            }
            if let previous = calls.last {
                guard call.expiring(at: previous.ingressExpiry) == previous else {
                    throw .refused("\(field) differs from the previous content in more than ingress_expiry")
                }
                guard call.ingressExpiry > previous.ingressExpiry else {
                    throw .refused("\(field).ingress_expiry is not after the previous window's")
                }
            }
            calls.append(call)
        }
        return Decoded(identity: identity, calls: calls)
    }

    public func review(_ request: SignRequest, context: ReviewContext) throws -> Review {
        let decoded = try decode(request)
        let now = UInt64(max(0, context.now)).multipliedReportingOverflow(by: ICPTime.nanosPerSecond).partialValue
        let expiries = decoded.calls.map(\.ingressExpiry)
        guard let last = expiries.last, last > now else {
            throw ICPError.refused("the request expired at \(ICPTime.utc(nanos: expiries.last ?? 0)); ask the watch for a new one")
        }
        guard last - now <= Self.maxExpiryAheadNanos else {
            throw ICPError.refused("ingress_expiry \(ICPTime.utc(nanos: last)) is more than 24 hours ahead of this signer's clock")
        }
        var warnings: [String] = []
        let expired = expiries.filter { $0 <= now }.count
        if expired > 0 { warnings.append("\(expired) of \(expiries.count) expiry windows have already passed; the rest can still be sent") }
        let call = decoded.first
        let shown = try describeCall(call, request: request, decoded: decoded, context: context, warnings: &warnings)
        if decoded.calls.count > 1, !shown.deduplicated {
            throw ICPError.refused("several expiry windows are signed only for ledger transfers with created_at_time (deduplicated); this call is not one")
        }
        var lines = shown.lines
        if decoded.calls.count == 1 {
            lines.append(ReviewLine("expires", ICPTime.utc(nanos: call.ingressExpiry)))
            lines.append(ReviewLine("request id", Hex.encode(call.requestID)))
        } else {
            lines.append(ReviewLine("valid", "\(decoded.calls.count) expiry windows, \(ICPTime.utc(nanos: expiries[0])) to \(ICPTime.utc(nanos: last))"))
            lines.append(ReviewLine("note", "the same transfer in every window: the ledger executes it at most once", level: 1))
        }
        if let nonce = call.nonce { lines.append(ReviewLine("nonce", Hex.encode(nonce))) }
        return Review(
            request: request, title: shown.title, lines: lines, warnings: warnings, confirmation: shown.confirmation,
            key: KeyRequirement(request.account, scheme: decoded.identity.scheme), totals: shown.totals, signing: decoded.items)
    }

    struct CallDescription {
        var title: String
        var lines: [ReviewLine]
        var confirmation: Confirmation = .standard
        var totals: [AssetAmount] = []
        /// A ledger transfer with created_at_time: the ledger refuses a second copy.
        var deduplicated = false
    }

    func describeCall(_ call: ICPCallContent, request: SignRequest, decoded: Decoded, context: ReviewContext,
                      warnings: inout [String]) throws(ICPError) -> CallDescription {
        let message = try CandidDecoder().decode(call.arg)
        let from = ReviewLine("from", describe(call.sender.text, in: context))
        if let ledger = ICPLedger.known(call.canisterID) {
            let asset = Asset(chain: chain, network: Self.network, id: ledger.canister.text, symbol: ledger.symbol, decimals: ledger.decimals)
            // The canister id is signed; what it is (its token and decimals) is the signer's table.
            let ledgerLine = ReviewLine("ledger", ledger.canister.text)
            let tokenLine = ReviewLine("token", "\(ledger.symbol), \(ledger.decimals) decimals (\(ledger.kind == .icp ? "the ICP ledger" : "ICRC-1 ledger"))",
                                       source: .signerTable)
            if call.methodName == ICPLedgerTransfer.method, ledger.kind == .icp {
                let transfer = try ICPLedgerTransfer(candid: message)
                if transfer.amount == 0 { warnings.append("the amount is zero") }
                return CallDescription(
                    title: "\(ledger.symbol) transfer (ledger transfer)",
                    lines: [
                        ledgerLine, tokenLine, from,
                        ReviewLine("from subaccount", transfer.fromSubaccount.map { Hex.encode($0) } ?? "default"),
                        ReviewLine("to", describe(transfer.to.hex, in: context)),
                        ReviewLine("amount", AssetAmount(asset: asset, amount: BigUInt(transfer.amount)).formatted),
                        ReviewLine("fee", AssetAmount(asset: asset, amount: BigUInt(transfer.fee)).formatted),
                        ReviewLine("memo", String(transfer.memo)),
                        ReviewLine("created at", transfer.createdAtTime.map { ICPTime.utc(nanos: $0) } ?? "not set (not deduplicated)"),
                    ],
                    totals: [AssetAmount(asset: asset, amount: BigUInt(transfer.amount) + BigUInt(transfer.fee))],
                    deduplicated: transfer.createdAtTime != nil)
            }
            if call.methodName == ICRC1Transfer.method {
                let transfer = try ICRC1Transfer(candid: message)
                if transfer.amount == 0 { warnings.append("the amount is zero") }
                let fee = transfer.fee.map { AssetAmount(asset: asset, amount: $0) }
                return CallDescription(
                    title: "\(ledger.symbol) transfer (ICRC-1)",
                    lines: [
                        ledgerLine, tokenLine, from,
                        ReviewLine("from subaccount", transfer.fromSubaccount.map { Hex.encode($0) } ?? "default"),
                        ReviewLine("to", describe(transfer.to.text, in: context)),
                        ReviewLine("amount", AssetAmount(asset: asset, amount: transfer.amount).formatted),
                        ReviewLine("fee", fee?.formatted ?? "the ledger's fee (not set)"),
                        ReviewLine("memo", transfer.memo.map { Hex.encode($0) } ?? "none"),
                        ReviewLine("created at", transfer.createdAtTime.map { ICPTime.utc(nanos: $0) } ?? "not set (not deduplicated)"),
                    ],
                    totals: [AssetAmount(asset: asset, amount: transfer.amount + (transfer.fee ?? 0))],
                    deduplicated: transfer.createdAtTime != nil)
            }
        }
        return CallDescription(
            title: "Internet Computer canister call",
            lines: [
                from, ReviewLine("canister", call.canisterID.text), ReviewLine("method", call.methodName),
                ReviewLine("arguments", CandidText.arguments(message.values)),
            ],
            confirmation: .explicit(reason: "a call to canister \(call.canisterID.text) that this signer cannot interpret"))
    }

    // MARK: sign

    public func sign(_ review: Review, with key: SigningKey) throws -> SignedOutput {
        guard let publicKey = ICPIdentity.publicKey(of: key), publicKey == review.key.publicKey else {
            throw ICPError.refused("the signing key is not the key of \(review.key.address)")
        }
        let identity = try ICPIdentity(publicKey: publicKey)
        var signatures: [[UInt8]] = []
        // Decoded once here for both the signatures and the envelopes.
        var contents: [(label: String, content: ICPRequestContent)] = []
        for item in review.signing {
            let content = try ICPRequestContent.decode(item.bytes, field: item.label)
            guard content.sender == identity.principal else { throw ICPError.refused("\(item.label): the sender is not the signing key's principal") }
            signatures.append(try ICPIdentity.sign(requestID: content.requestID, with: key))
            contents.append((item.label, content))
        }
        let messages = try Self.assemble(contents, signatures: signatures, identity: identity)
        return SignedOutput(signatures: signatures.map { Hex.encode($0) }, result: QuillMessage.result(messages))
    }

    /// Pairs each call with its request_status read and their signatures into quill messages.
    static func assemble(_ items: [SigningItem], signatures: [[UInt8]], identity: ICPIdentity) throws(ICPError) -> [QuillMessage] {
        var contents: [(label: String, content: ICPRequestContent)] = []
        for item in items { contents.append((item.label, try ICPRequestContent.decode(item.bytes, field: item.label))) }
        return try assemble(contents, signatures: signatures, identity: identity)
    }

    /// As `assemble(_:signatures:identity:)`, from the items already decoded.
    static func assemble(_ items: [(label: String, content: ICPRequestContent)], signatures: [[UInt8]], identity: ICPIdentity) throws(ICPError) -> [QuillMessage] {
        guard items.count == signatures.count, items.count % 2 == 0, !items.isEmpty else {
            throw .refused("\(signatures.count) signatures for \(items.count) items (a call and its read_state per window)")
        }
        var out: [QuillMessage] = []
        for i in stride(from: 0, to: items.count, by: 2) {
            let call = items[i].content
            let read = items[i + 1].content
            guard case let .call(content) = call, read == .readState(.requestStatus(of: content)) else {
                throw .refused("\(items[i].label): items are not a call followed by its request_status read")
            }
            out.append(QuillMessage(
                call: ICPEnvelope(content: call, senderPubkey: identity.der, senderSig: signatures[i]),
                readState: ICPEnvelope(content: read, senderPubkey: identity.der, senderSig: signatures[i + 1]),
                canisterID: content.canisterID, role: ICPLedger.known(content.canisterID)?.role))
        }
        return out
    }

    // MARK: finalize

    public func finalize(_ response: SignResponse, for request: SignRequest) throws -> Finalized {
        let decoded = try decode(request)
        let items = decoded.items
        guard response.signatures.count == items.count else {
            throw ICPError.refused("the response has \(response.signatures.count) signatures, the request needs \(items.count)")
        }
        var signatures: [[UInt8]] = []
        for (i, (hex, item)) in zip(response.signatures, items).enumerated() {
            let signature: [UInt8]
            do { signature = try Hex.decode(hex) } catch { throw ICPError.malformed(field: "signatures[\(i)]", reason: "\(error)") }
            let id = try ICPRequestContent.decode(item.bytes, field: item.label).requestID
            guard decoded.identity.isValidSignature(signature, requestID: id) else {
                throw ICPError.refused("signatures[\(i)] (\(item.label)) does not verify for \(decoded.identity.principal.text)")
            }
            signatures.append(signature)
        }
        let messages = try Self.assemble(items, signatures: signatures, identity: decoded.identity)
        let result = QuillMessage.result(messages)
        if let given = response.result, given != result {
            throw ICPError.refused("the response's result is not the envelopes of the signed requests")
        }
        let full = try SignResponse(id: request.id, chain: request.chain, network: request.network, account: request.account,
                                    signatures: response.signatures, result: result)
        var lines = [ReviewLine("sender", decoded.identity.principal.text), ReviewLine("canister", decoded.first.canisterID.text)]
        lines.append(ReviewLine(decoded.calls.count == 1 ? "request id" : "request ids", messages.map { Hex.encode($0.requestID) }.joined(separator: ", ")))
        return Finalized(response: full, lines: lines)
    }
}
