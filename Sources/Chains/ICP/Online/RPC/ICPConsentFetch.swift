import AirsignCandid
import AirsignCrypto
import AirsignEncoding
import AirsignICP
import AirsignMessages
import AirsignOnline
import Foundation

/// ICRC-21 from the watch's side: whether a canister says it speaks it
/// (`icrc10_supported_standards`, a query whose node signatures are verified), and its consent
/// message for one call, fetched as an update call from the anonymous principal so that the
/// reply comes in a certificate the signer can verify offline. The consent call carries the
/// call's own ingress expiry, as the signer requires.
extension ICPClient {
    /// Whether the canister lists ICRC-21 among its standards. A canister without
    /// `icrc10_supported_standards` (its query is rejected) does not.
    public func supportsICRC21(_ canister: Principal, now: Int64) throws -> Bool {
        let reply: [UInt8]
        do {
            reply = try query(
                canister: canister, method: "icrc10_supported_standards", arg: Array("DIDL\u{0}\u{0}".utf8), now: now)
        } catch OnlineError.unexpected(_, let reason) where reason.hasPrefix("the query was rejected") {
            return false
        }
        let message = try ICPError.catchingCandid { () throws(CandidError) in try CandidDecoder().decode(reply) }
        guard case let .vec(items)? = message.values.first else {
            throw OnlineError.badReply(url: url(canister, "query"), reason: "icrc10_supported_standards is not a vec")
        }
        return items.contains { if case .text("ICRC-21")? = $0["name"] { true } else { false } }
    }

    /// The consent message for `call` in the `display` form, as the attachment the signer
    /// checks; checked here too (`ICRC21Attachment.verify`), so a canister's refusal or a bad
    /// certificate is reported now rather than on the offline machine.
    public func consentMessage(
        for call: ICPCallContent, language: String, display: ICRC21ConsentRequest.Display?, now: Int64,
        pollInterval: Double = 0.5, attempts: Int = 60
    ) throws -> ICRC21Attachment {
        let asked = ICRC21ConsentRequest(method: call.methodName, arg: call.arg, language: language, display: display)
        let content = ICPCallContent(
            sender: .anonymous, canisterID: call.canisterID, methodName: ICRC21ConsentRequest.consentMethod,
            arg: try asked.argumentBytes(), ingressExpiry: call.ingressExpiry, nonce: SecureRandom.bytes(16))
        let envelope = try Self.anonymousEnvelope(ICPRequestContent.call(content).cbor)
        if case let .rejected(code, message, _) = try self.call(canister: call.canisterID, envelope: envelope) {
            throw ICPError.consent(
                "the canister refused the consent request (code \(code)): \(MessageText.escaped(String(message.prefix(200))))"
            )
        }
        let path: [CBORValue] = [.bytes(Array("request_status".utf8)), .bytes(content.requestID)]
        let readState: CBORValue = .map([
            (.text("request_type"), .text("read_state")), (.text("ingress_expiry"), .unsigned(call.ingressExpiry)),
            (.text("sender"), .bytes(Principal.anonymous.bytes)), (.text("paths"), .array([.array(path)])),
        ])
        let readEnvelope = try Self.anonymousEnvelope(readState)
        for attempt in 0..<attempts {
            let bytes = try readStateCertificate(
                url(call.canisterID, "read_state"), envelope: readEnvelope, canister: call.canisterID, now: now)
            let certificate = try verifier.verify(bytes, canister: call.canisterID, now: now)
            switch try ICPRequestStatus(certificate: certificate, requestID: content.requestID) {
            case .replied, .rejected, .done:
                let attachment = ICRC21Attachment(request: content, certificate: bytes)
                _ = try attachment.verify(for: call, verifier: verifier)
                return attachment
            case .unknown, .received, .processing:
                if attempt + 1 < attempts { Thread.sleep(forTimeInterval: pollInterval) }
            }
        }
        throw ICPError.consent("the canister did not answer the consent request in time")
    }
}
