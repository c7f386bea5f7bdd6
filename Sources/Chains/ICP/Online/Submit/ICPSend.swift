import AirsignCLI
import AirsignEncoding
import AirsignICP
import AirsignMessages
import AirsignOnline
import Foundation

/// `airsign-watch icp send`: picks the signed message whose expiry window covers now, posts
/// it, polls its status with the pre-signed read_state and decodes the reply.
public enum ICPSend {
    /// A call must still be valid when it reaches the IC, and expire at most ~5 minutes ahead.
    public static let margin: UInt64 = 20
    public static let maxAhead: UInt64 = 300 + 60

    /// The message to send at `now` (seconds): the earliest whose expiry is at least `margin`
    /// away and at most `maxAhead`.
    public static func pick(_ messages: [QuillMessage], now: Int64) throws(ICPError) -> Int {
        let t = UInt64(max(0, now)) * ICPTime.nanosPerSecond
        let expiries = messages.map(\.call.content.ingressExpiry)
        if let index = expiries.firstIndex(where: {
            $0 >= t + margin * ICPTime.nanosPerSecond && $0 <= t + maxAhead * ICPTime.nanosPerSecond
        }) {
            return index
        }
        guard let last = expiries.max(), last > t + margin * ICPTime.nanosPerSecond else {
            throw .allExpired(last: ICPTime.utc(nanos: expiries.max() ?? 0))
        }
        throw .notYetSendable(earliest: ICPTime.utc(nanos: expiries.min() ?? 0))
    }

    /// Checks every envelope's signature (the call's and its read_state's).
    public static func verify(_ messages: [QuillMessage]) throws(ICPError) {
        for (i, message) in messages.enumerated() {
            try ICPIdentity.verify(message.call, field: "messages[\(i)].ingress")
            try ICPIdentity.verify(message.readState, field: "messages[\(i)].request_status")
        }
    }

    /// Reads FILE's bytes: a finalized sign response, or quill's JSON array.
    public static func messages(_ bytes: [UInt8]) throws(ICPError) -> [QuillMessage] {
        let json: JSONValue
        do { json = try JSONParser().parse(bytes) } catch { throw .malformed(field: "input", reason: "\(error)") }
        return try QuillMessage.parseArray(json)
    }

    public struct Outcome: Sendable {
        public let index: Int
        public let requestID: [UInt8]
        public let status: ICPRequestStatus
        /// The reply decoded as Candid text (or why it could not be), named by the method's
        /// return types where the canister's interface is built in.
        public let reply: String?
        /// The same reply as JSON (nil when there is none or it is not Candid).
        public var replyJSON: JSONValue?
        /// The boundary node refused the call itself (a v2 call's synchronous reject, which no
        /// certificate covers), rather than the certified status saying rejected.
        public var callRejected = false
    }

    /// Polls of the status, half a second apart: a minute.
    public static let polls = 120
    static let pollInterval = 0.5

    /// Sends the right message and polls until its status is final or `polls` run out. Every
    /// status comes from a certificate `client` verified; a certificate that fails ends the
    /// send with its error, and nothing it said is reported.
    public static func send(
        _ messages: [QuillMessage], client: ICPClient, now: Int64, polls: Int = polls,
        pause: (Double) -> Void = { Thread.sleep(forTimeInterval: $0) }
    ) throws -> Outcome {
        try verify(messages)
        let index = try pick(messages, now: now)
        let message = messages[index]
        let id = message.requestID
        if case let .rejected(code, text, errorCode) = try client.call(
            canister: message.canisterID, envelope: message.call.encoded)
        {
            return Outcome(
                index: index, requestID: id, status: .rejected(code: code, message: text, errorCode: errorCode),
                reply: nil, callRejected: true)
        }
        var status = ICPRequestStatus.unknown
        for attempt in 0..<max(1, polls) {
            if attempt > 0 { pause(pollInterval) }
            // The clock the certificate's /time is held to moves on with the polls.
            let elapsed = Int64(Double(attempt) * pollInterval)
            status = try client.requestStatus(
                canister: message.canisterID, envelope: message.readState.encoded, requestID: id, now: now + elapsed)
            switch status {
            case .replied, .rejected, .done:
                var method = ""
                if case let .call(call) = message.call.content { method = call.methodName }
                let reply = decodedReply(status, canister: message.canisterID, method: method)
                return Outcome(index: index, requestID: id, status: status, reply: reply?.text, replyJSON: reply?.json)
            case .unknown, .received, .processing: continue
            }
        }
        return Outcome(index: index, requestID: id, status: status, reply: nil)
    }

    static func decodedReply(_ status: ICPRequestStatus, canister: Principal, method: String) -> (
        text: String, json: JSONValue?
    )? {
        guard case let .replied(reply) = status else { return nil }
        do { return try CandidReply.decode(reply, canister: canister, method: method) } catch {
            return ("not Candid (\(error)): \(Hex.encode(reply.prefix(64)))", nil)
        }
    }

    /// The CLI: reads FILE (a finalized sign response, or quill's JSON array), sends, reports.
    public static func run(
        _ bytes: [UInt8], url: String, verifier: ICPCertificateVerifier,
        now: Int64 = Int64(Date().timeIntervalSince1970),
        transport: any HTTPTransport = URLSessionTransport(),
        pause: (Double) -> Void = { Thread.sleep(forTimeInterval: $0) }
    ) throws {
        let messages = try Self.messages(bytes)
        let client = try ICPClient(baseURL: url, verifier: verifier, transport: transport)
        let outcome = try send(messages, client: client, now: now, pause: pause)
        let message = messages[outcome.index]
        Console.info(
            "Sent message \(outcome.index + 1) of \(messages.count) (expires \(ICPTime.utc(nanos: message.call.content.ingressExpiry))) to \(message.canisterID.text) at \(url)"
        )
        Console.info("request id: \(Hex.encode(outcome.requestID))")
        Console.info("status:     \(outcome.status.name)")
        switch outcome.status {
        case let .rejected(code, text, errorCode):
            Console.info(
                "reject:     code \(code)\(errorCode.map { " (\(MessageText.escaped(String($0.prefix(40)))))" } ?? ""): \(MessageText.escaped(text))"
            )
        case .replied:
            Console.info("reply:      \(MessageText.escaped(outcome.reply ?? ""))")
        case .unknown, .received, .processing:
            Console.info(
                "The call is not finished yet; run send again with the same file to poll (the ledger executes it once)."
            )
        case .done:
            Console.info("The reply is no longer available (status done).")
        }
        if case .rejected = outcome.status, outcome.callRejected {
            Console.info(
                "Note: this rejection is the boundary node's own answer to the call (not certified); send again to read the certified status."
            )
        } else {
            Console.info(
                "Certified: the status comes from a certificate verified against \(verifier.rootKey.isMainnet ? "the IC mainnet root key" : "the root key given (not the IC mainnet's)")."
            )
        }
        // `certified` tells a script what the person reads above: whether a verified certificate said the status.
        var result: [(key: String, value: JSONValue)] = [
            ("requestId", .string(Hex.encode(outcome.requestID))), ("status", .string(outcome.status.name)),
            ("certified", .bool(!outcome.callRejected)),
        ]
        if let reply = outcome.reply { result.append(("reply", .string(reply))) }
        if let replyJSON = outcome.replyJSON { result.append(("replyJSON", replyJSON)) }
        Console.output(JSONSerializer(sortKeys: false).serialize(.object(result)))
        // A rejection happened on the network side: exit 9, like the other chains' rejected transactions.
        switch outcome.status {
        case let .rejected(code, _, _):
            throw OnlineError.unexpected(url: url, reason: "the IC rejected the call (reject code \(code))")
        case .unknown, .received, .processing:
            // Not known to have executed: a script must not take this for success (exit 9).
            throw OnlineError.timedOut(
                what: "the call to finish (status \(outcome.status.name))",
                seconds: Int(Double(polls) * pollInterval))
        case .replied, .done:
            break
        }
    }
}
