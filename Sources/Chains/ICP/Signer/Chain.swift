import AirsignCandid
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
/// exactly the file `quill send` reads (responses' results are objects, docs/formats.md).
public struct ICPChain: ChainModule {
    public let chain = ChainID(Chain.icp)
    public let displayName = "Internet Computer"
    /// Its accounts (Accounts.swift): networks, derivation and checks, address formats, and
    /// what the signer's account and key commands take.
    public var accounts: (any ChainAccounts)? { ICPAccounts.shared }
    public static let network = "icp:mainnet"
    /// A series covers at most 23 hours in 5-minute windows; a little room above that.
    public static let maxWindows = 300
    /// Longest interface a request may carry.
    public static let maxInterfaceBytes = 256 * 1024
    /// "Absurdly far": an expiry more than a day ahead of the signer's clock.
    public static let maxExpiryAheadNanos: UInt64 = 24 * 3600 * ICPTime.nanosPerSecond
    /// A call still sendable this long after signing is "a signature others may submit later".
    static let laterSubmission: UInt64 = 3600 * ICPTime.nanosPerSecond

    /// The root of trust for ICRC-21 consent certificates: the IC mainnet's key built in, or
    /// the one the person set in AIRSIGN_ICP_ROOT_KEY on this machine (a local replica's);
    /// never one from the request. A setting that does not read is an error at the first
    /// consent message, not a silent fallback.
    let consentVerifier: Result<ICPCertificateVerifier, ICPCertificateError>

    public init() {
        consentVerifier = Result { () throws(ICPCertificateError) in
            ICPCertificateVerifier(rootKey: try ICPRootKey.resolve(option: nil))
        }
    }

    /// A module that checks consent certificates with `verifier` (tests: a fixture root key).
    public init(consentVerifier verifier: ICPCertificateVerifier) { consentVerifier = .success(verifier) }

    /// Accounts, principals and ICRC-1 account texts compare by their legacy account id, so a
    /// principal and its default account are one address.
    public func addressIdentity(_ address: String) -> String? {
        if address.utf8.count == 64, let id = try? ICPAccountIdentifier(hex: address) { return id.hex }
        guard let account = try? ICRC1Account(text: address), let id = try? account.accountIdentifier() else {
            return nil
        }
        return id.hex
    }

    // MARK: review

    /// What the payload holds once decoded, before any clock or ledger check; its `items` are
    /// what is signed, typed (`ICPRequestContent`).
    package struct Decoded {
        package let identity: ICPIdentity
        package let calls: [ICPCallContent]
        /// The call's method as `.did` text, when the request carries it (the requester's
        /// words: its names are used only where they hash to the message's field ids).
        package let interface: String?
        /// The ICRC-21 consent message's request and certificate, when the watch fetched one.
        package let consent: ICRC21Attachment?

        package var first: ICPCallContent { calls[0] }

        /// Call and read_state content for each window, in signing order.
        package var items: [SigningItem] {
            var out: [SigningItem] = []
            for (i, call) in calls.enumerated() {
                let suffix = calls.count == 1 ? "" : ", window \(i + 1) of \(calls.count)"
                out.append(SigningItem(label: "call" + suffix, value: ICPRequestContent.call(call)))
                out.append(
                    SigningItem(
                        label: "read_state" + suffix, value: ICPRequestContent.readState(.requestStatus(of: call))))
            }
            return out
        }
    }

    package func decode(_ request: SignRequest) throws(ICPError) -> Decoded {
        guard request.network == Self.network else {
            throw .network(given: request.network, expected: Self.network)
        }
        let identity = try ICPIdentity(publicKey: request.account.publicKey)
        guard (try? Principal(text: request.account.address)) == identity.principal else {
            throw .addressNotOfKey(address: request.account.address, principal: identity.principal.text)
        }
        let optional = [request.payload["interface"], request.payload["consent"]].compactMap { $0 }.count
        guard request.payloadType == "call", case let .object(members) = request.payload,
            members.count == 2 + optional
        else {
            throw .malformed(
                field: "payload",
                reason:
                    "an ICP payload is {\"type\":\"call\",\"content\":…} or {\"type\":\"call\",\"contents\":[…]}, and optionally \"interface\" and \"consent\""
            )
        }
        let consent = try request.payload["consent"].map { (value: JSONValue) throws(ICPError) in
            try Self.consentAttachment(value)
        }
        var interface: String?
        if let member = request.payload["interface"] {
            guard case let .string(text) = member, text.utf8.count <= Self.maxInterfaceBytes else {
                throw .malformed(
                    field: "payload.interface", reason: "a .did text of at most \(Self.maxInterfaceBytes) bytes")
            }
            interface = text
        }
        var hexes: [String] = []
        if case let .string(hex)? = request.payload["content"] {
            hexes = [hex]
        } else if case let .array(items)? = request.payload["contents"] {
            guard !items.isEmpty, items.count <= Self.maxWindows else {
                throw .malformed(field: "payload.contents", reason: "1 to \(Self.maxWindows) contents")
            }
            for item in items {
                guard case let .string(hex) = item else {
                    throw .malformed(field: "payload.contents", reason: "every element is a hex string")
                }
                hexes.append(hex)
            }
        } else {
            throw .malformed(
                field: "payload", reason: "needs \"content\" (a hex string) or \"contents\" (an array of them)")
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
                throw .senderNotKey(field: field, sender: call.sender.text, principal: identity.principal.text)
            }
            if let previous = calls.last {
                guard call.expiring(at: previous.ingressExpiry) == previous else {
                    throw .windowsDiffer(field: field)
                }
                guard call.ingressExpiry > previous.ingressExpiry else {
                    throw .windowsOutOfOrder(field: field)
                }
            }
            calls.append(call)
        }
        return Decoded(identity: identity, calls: calls, interface: interface, consent: consent)
    }

    /// `"consent": {"request": "<hex CBOR content of the consent call>", "certificate": "<hex>"}`.
    static func consentAttachment(_ value: JSONValue) throws(ICPError) -> ICRC21Attachment {
        guard case let .object(members) = value, members.count == 2, case let .string(requestHex)? = value["request"],
            case let .string(certificateHex)? = value["certificate"]
        else {
            throw .malformed(
                field: "payload.consent", reason: "{\"request\": <hex CBOR content>, \"certificate\": <hex>}")
        }
        let requestBytes: [UInt8]
        let certificate: [UInt8]
        do {
            requestBytes = try Hex.decode(requestHex)
            certificate = try Hex.decode(certificateHex)
        } catch { throw .malformed(field: "payload.consent", reason: "\(error)") }
        guard certificate.count <= ICPCertificate.maxLength else {
            throw .tooLong(field: "payload.consent.certificate", limit: ICPCertificate.maxLength)
        }
        guard case let .call(call) = try ICPRequestContent.decode(requestBytes, field: "payload.consent.request") else {
            throw .malformed(field: "payload.consent.request", reason: "the consent request is a call")
        }
        return ICRC21Attachment(request: call, certificate: certificate)
    }

    /// The verified consent message of `decoded`'s call, or nil when the request carries none.
    func verifiedConsent(_ decoded: Decoded) throws(ICPError) -> VerifiedConsent? {
        guard let consent = decoded.consent else { return nil }
        let verifier: ICPCertificateVerifier
        switch consentVerifier {
        case let .success(checker): verifier = checker
        case let .failure(error): throw .consent(error.description)
        }
        return try consent.verify(for: decoded.first, verifier: verifier)
    }

    public func signingItems(_ request: SignRequest) throws -> [SigningItem] {
        try decode(request).items
    }

    public func review(_ request: SignRequest, context: ReviewContext) throws -> Review {
        let decoded = try decode(request)
        let now = UInt64(max(0, context.now)).multipliedReportingOverflow(by: ICPTime.nanosPerSecond).partialValue
        let expiries = decoded.calls.map(\.ingressExpiry)
        guard let last = expiries.last, last > now else {
            throw ICPError.expired(at: ICPTime.utc(nanos: expiries.last ?? 0))
        }
        guard last - now <= Self.maxExpiryAheadNanos else {
            throw ICPError.tooFarAhead(at: ICPTime.utc(nanos: last))
        }
        var warnings: [String] = []
        let expired = expiries.filter { $0 <= now }.count
        if expired > 0 {
            warnings.append(
                "\(expired) of \(expiries.count) expiry windows have already passed; the rest can still be sent")
        }
        let call = decoded.first
        var shown = try describeCall(call, decoded: decoded, context: context, warnings: &warnings)
        if let consent = try verifiedConsent(decoded) {
            shown.lines += ConsentReview(consent).lines
            if ICPBuiltinInterfaces.known(call.canisterID) == nil {
                // The canister describes the call in words the IC certified: shown, and stated
                // as not counted, in place of "a call this signer cannot interpret".
                shown.effects = shown.effects.filter { if case .unknown = $0 { false } else { true } }
                shown.effects.append(
                    .described(
                        what:
                            "\(call.methodName) on canister \(call.canisterID.text), described by its consent message (certified by the IC)"
                    ))
            } else {
                warnings += ConsentComparison.disagreements(consent, effects: shown.effects)
            }
        }
        if decoded.calls.count > 1, !shown.deduplicated {
            throw ICPError.windowsNotDeduplicated
        }
        var lines = shown.lines
        if decoded.calls.count == 1 {
            lines.append(ReviewLine("expires", ICPTime.utc(nanos: call.ingressExpiry)))
            lines.append(ReviewLine("request id", Hex.encode(call.requestID)))
        } else {
            lines.append(
                ReviewLine(
                    "valid",
                    "\(decoded.calls.count) expiry windows, \(ICPTime.utc(nanos: expiries[0])) to \(ICPTime.utc(nanos: last))"
                ))
            lines.append(
                ReviewLine("note", "the same call in every window: the ledger executes it at most once", level: 1))
        }
        if let nonce = call.nonce { lines.append(ReviewLine("nonce", Hex.encode(nonce))) }
        // A signed call can be sent by whoever holds it until its last window ends: past an
        // hour that is a signature others may submit later.
        var later: [Effect] = []
        if last > now, last - now > Self.laterSubmission {
            let until = ICPTime.utc(nanos: last)
            later.append(
                .deferred(
                    DeferredSignature(
                        "this call, signed for \(decoded.calls.count) expiry window\(decoded.calls.count == 1 ? "" : "s")",
                        until: until)))
            warnings.append(
                "whoever holds these signatures can send the call until \(until), more than an hour from now")
        }
        return Review(
            request: request, title: shown.title, lines: lines, warnings: warnings,
            key: KeyRequirement(request.account, scheme: decoded.identity.scheme), effects: shown.effects + later,
            signing: decoded.items)
    }

    struct CallDescription {
        var title: String
        var lines: [ReviewLine]
        /// What the call lets happen (ledger transfers and approvals, governance commands, or
        /// unknown).
        var effects: [Effect] = []
        /// A ledger operation with created_at_time: the ledger refuses a second copy.
        var deduplicated = false
    }

    func describeCall(
        _ call: ICPCallContent, decoded: Decoded, context: ReviewContext,
        warnings: inout [String]
    ) throws(ICPError) -> CallDescription {
        let message = try ICPError.catchingCandid { () throws(CandidError) in try CandidDecoder().decode(call.arg) }
        if let ledger = ICPLedger.known(call.canisterID),
            let shown = try LedgerReview(ledger: ledger, sender: call.sender, context: context, module: self).describe(
                call, message, warnings: &warnings)
        {
            return shown
        }
        return try InterfaceReview(context: context, module: self).describe(
            call, message, requestInterface: decoded.interface, warnings: &warnings)
    }
}

/// A signing item holds the request content whose request id `sign` computes and signs; its
/// bytes are the content's CBOR.
extension ICPRequestContent: SignableValue {
    public var signedBytes: [UInt8] { encoded }
}
