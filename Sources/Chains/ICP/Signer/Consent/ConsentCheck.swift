import AirsignEncoding
import AirsignMessages

/// What a request carries for ICRC-21: the content of the update call that asked the canister
/// for its consent message, and the certificate of that call's reply.
public struct ICRC21Attachment: Equatable, Sendable {
    public let request: ICPCallContent
    public let certificate: [UInt8]

    public init(request: ICPCallContent, certificate: [UInt8]) {
        self.request = request
        self.certificate = certificate
    }
}

/// A consent message the signer checked: it belongs to the call (same canister, method,
/// argument bytes, sender or the anonymous principal, expiry) and the IC certified it.
public struct VerifiedConsent: Equatable, Sendable {
    public let info: ICRC21ConsentInfo
    /// The subnet that certified the reply (nil: the root subnet, under the root key itself).
    public let subnet: String?
    /// The certificate's `/time`, nanoseconds since 1970.
    public let certifiedAt: UInt64
    /// Whether the canister was asked as the anonymous principal (it could not tailor the
    /// message to the caller) rather than as the call's sender.
    public let askedAnonymously: Bool
    /// Whether the certificate was checked against the IC mainnet's root key.
    public let mainnetRoot: Bool

    package init(
        info: ICRC21ConsentInfo, subnet: String?, certifiedAt: UInt64, askedAnonymously: Bool, mainnetRoot: Bool
    ) {
        self.info = info
        self.subnet = subnet
        self.certifiedAt = certifiedAt
        self.askedAnonymously = askedAnonymously
        self.mainnetRoot = mainnetRoot
    }
}

extension ICRC21Attachment {
    /// The rule for the certificate's age: the reply was certified no later than the call's
    /// ingress expiry and at most `maxAge` before it. The IC accepts a call whose expiry is at
    /// most 5 minutes ahead of its clock (interface spec, "Request: Call"), so the consent call,
    /// which carries the same expiry, ran in that window; one minute more allows for the
    /// clocks of the watch and the IC. (The Ledger ICP app also ties the certificate's time to
    /// the call's ingress expiry; docs/chains/icp.md states both.)
    public static let maxAge: UInt64 = 360 * ICPTime.nanosPerSecond

    /// Checks the attachment against `call` (the first expiry window's content) and returns
    /// the consent message; every mismatch and every certificate failure is its own refusal.
    public func verify(for call: ICPCallContent, verifier: ICPCertificateVerifier) throws(ICPError) -> VerifiedConsent {
        guard request.canisterID == call.canisterID else {
            throw .consent(
                "it was asked of canister \(request.canisterID.text), but the call goes to \(call.canisterID.text)")
        }
        guard request.methodName == ICRC21ConsentRequest.consentMethod else {
            throw .consent(
                "the consent request calls \(MessageText.escaped(String(request.methodName.prefix(80)))), not \(ICRC21ConsentRequest.consentMethod)"
            )
        }
        let anonymous = request.sender == .anonymous
        guard anonymous || request.sender == call.sender else {
            throw .consent(
                "it was asked by \(request.sender.text), neither the call's sender \(call.sender.text) nor the anonymous principal"
            )
        }
        guard request.ingressExpiry == call.ingressExpiry else {
            throw .consent(
                "the consent request expires at \(ICPTime.utc(nanos: request.ingressExpiry)), the call at \(ICPTime.utc(nanos: call.ingressExpiry)): they must carry the same ingress expiry"
            )
        }
        let asked = try ICRC21ConsentRequest(candid: request.arg)
        guard asked.method == call.methodName else {
            throw .consent(
                "it describes method \(MessageText.escaped(String(asked.method.prefix(80)))), but the call is \(MessageText.escaped(call.methodName))"
            )
        }
        guard asked.arg == call.arg else {
            throw .consent(
                "it describes other arguments (\(asked.arg.count) bytes) than the call's (\(call.arg.count) bytes)")
        }
        let certificate: ICPCertificate
        let time: UInt64
        do {
            certificate = try verifier.verifySigned(self.certificate, canister: call.canisterID)
            time = try ICPCertificateVerifier.time(of: certificate)
        } catch { throw .consent(error.description) }
        guard time <= call.ingressExpiry else {
            throw .consent(
                "the IC certified it at \(ICPTime.utc(nanos: time)), after the call's ingress expiry \(ICPTime.utc(nanos: call.ingressExpiry))"
            )
        }
        guard call.ingressExpiry - time <= Self.maxAge else {
            throw .consent(
                "the IC certified it at \(ICPTime.utc(nanos: time)), more than 6 minutes before the call's ingress expiry \(ICPTime.utc(nanos: call.ingressExpiry)): it is stale"
            )
        }
        let status: ICPRequestStatus
        do { status = try ICPRequestStatus(certificate: certificate, requestID: request.requestID) } catch {
            throw .consent(error.description)
        }
        guard case let .replied(reply) = status else {
            if case let .rejected(code, message, _) = status {
                throw .consent(
                    "the canister rejected the consent request (code \(code)): \(MessageText.escaped(String(message.prefix(200))))"
                )
            }
            throw .consent("the certificate holds no reply to the consent request (its status is \(status.name))")
        }
        switch try ICRC21ConsentResponse(candid: reply) {
        case let .ok(info):
            return VerifiedConsent(
                info: info, subnet: certificate.delegation?.subnetID.text, certifiedAt: time,
                askedAnonymously: anonymous, mainnetRoot: verifier.rootKey.isMainnet)
        case let .err(kind, description, code):
            throw .consent(
                "the canister gave no consent message (\(kind)\(code.map { " \($0)" } ?? "")): \(MessageText.escaped(String(description.prefix(200))))"
            )
        }
    }
}
