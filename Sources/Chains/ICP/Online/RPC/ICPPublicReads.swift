import AirsignEncoding
import AirsignICP
import AirsignMessages
import AirsignOnline
import Foundation

/// Reads the watch makes without any key, as the anonymous principal (unsigned envelopes, as
/// the interface spec allows for public data): query calls (`account_balance`,
/// `icrc1_balance_of`) and a canister's public `candid:service` metadata. The metadata comes in
/// a certificate, verified before it is read; a query's answer is believed only when the node
/// signatures on it verify under node keys read from a verified certificate
/// (`ICPQuerySignatures`). The signer shows and checks everything it signs on its own.
extension ICPClient {
    /// An unsigned envelope: `tag 55799 { content }`.
    static func anonymousEnvelope(_ content: CBORValue) throws(OnlineError) -> [UInt8] {
        do {
            return try CBOREncoder().encode(.tag(ICPEnvelope.selfDescribeTag, .map([(.text("content"), content)])))
        } catch {
            throw .unexpected(url: "", reason: "the envelope does not encode (\(error))")
        }
    }

    static func expiry(now: Int64) -> UInt64 { (UInt64(max(0, now)) + 240) * ICPTime.nanosPerSecond }

    /// A query call's reply (Candid bytes), or the reject as an error; either only after the
    /// answer's node signatures verify (`ICPCertificateError.badQuerySignature` otherwise).
    public func query(
        canister: Principal, method: String, arg: [UInt8], now: Int64 = Int64(Date().timeIntervalSince1970)
    ) throws -> [UInt8] {
        let entries: [(key: CBORValue, value: CBORValue)] = [
            (.text("request_type"), .text("query")), (.text("ingress_expiry"), .unsigned(Self.expiry(now: now))),
            (.text("sender"), .bytes(Principal.anonymous.bytes)), (.text("canister_id"), .bytes(canister.bytes)),
            (.text("method_name"), .text(method)), (.text("arg"), .bytes(arg)),
        ]
        // The nodes sign over the query's request id, computed here from what was sent.
        let requestID = try RepresentationIndependentHash.hashOfMap(entries)
        let url = url(canister, "query")
        let reply = try ICPReply.map(try post(url, try Self.anonymousEnvelope(.map(entries))).body, url: url)
        try verifyNodeSignatures(reply, requestID: requestID, canister: canister, now: now)
        switch reply["status"] {
        case .text("replied")?:
            guard case let .bytes(arg)? = reply["reply"]?["arg"] else {
                throw OnlineError.badReply(url: url, reason: "a replied query without reply.arg")
            }
            return arg
        case .text("rejected")?:
            let code: UInt64
            if case let .unsigned(c)? = reply["reject_code"] { code = c } else { code = 0 }
            let message = (try? reply["reject_message"]?.asText()) ?? ""
            throw OnlineError.unexpected(
                url: url,
                reason: "the query was rejected (code \(code)): \(MessageText.escaped(String(message.prefix(300))))")
        default:
            throw OnlineError.badReply(url: url, reason: "a query answer is replied or rejected")
        }
    }

    /// Checks the query answer's node signatures against node keys from a verified read_state
    /// of `/subnet` for `canister` (the subnet that hosts it, as agent-rs reads them).
    func verifyNodeSignatures(_ answer: CBORValue, requestID: [UInt8], canister: Principal, now: Int64) throws {
        let signatures = try ICPQuerySignatures(answer["signatures"])
        let content: CBORValue = .map([
            (.text("request_type"), .text("read_state")), (.text("ingress_expiry"), .unsigned(Self.expiry(now: now))),
            (.text("sender"), .bytes(Principal.anonymous.bytes)),
            (.text("paths"), .array([.array([.bytes(Array("subnet".utf8))])])),
        ])
        let certificate = try readState(
            url(canister, "read_state"), envelope: try Self.anonymousEnvelope(content), canister: canister, now: now)
        try signatures.verify(
            answer: answer, requestID: requestID, keys: certificate, canister: canister, rootKey: verifier.rootKey,
            now: now)
    }

    /// The canister's `candid:service` metadata (its `.did` text), read from the state tree at
    /// `/canister/<id>/metadata/candid:service` in a verified certificate; nil when the
    /// certificate proves the canister publishes none.
    public func candidInterface(of canister: Principal, now: Int64 = Int64(Date().timeIntervalSince1970)) throws
        -> String?
    {
        let path: [[UInt8]] = [
            Array("canister".utf8), canister.bytes, Array("metadata".utf8), Array("candid:service".utf8),
        ]
        let content: CBORValue = .map([
            (.text("request_type"), .text("read_state")), (.text("ingress_expiry"), .unsigned(Self.expiry(now: now))),
            (.text("sender"), .bytes(Principal.anonymous.bytes)),
            (.text("paths"), .array([.array(path.map { .bytes($0) })])),
        ])
        let url = url(canister, "read_state")
        let certificate = try readState(
            url, envelope: try Self.anonymousEnvelope(content), canister: canister, now: now)
        guard let bytes = try certificate.value(at: path) else { return nil }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw OnlineError.badReply(url: url, reason: "candid:service is not UTF-8")
        }
        return text
    }
}
