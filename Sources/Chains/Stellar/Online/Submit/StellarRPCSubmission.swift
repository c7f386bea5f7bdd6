import AirsignOnline
import AirsignStellar
import Foundation

/// `stellar submit --rpc`: `sendTransaction`, then `getTransaction` until the transaction is
/// in a ledger (or the wait is over), with the result XDR decoded.
public struct StellarRPCSubmission: Sendable {
    public let rpc: StellarRPC
    /// How many times `getTransaction` is asked, and how long to wait between asks.
    public var polls: Int = 30
    public var interval: Double = 2

    public init(rpc: StellarRPC) { self.rpc = rpc }

    /// The final outcome: its hash, ledger, status (`SUCCESS`), the decoded result (fee charged,
    /// result codes) and meta (the call's return value, resource fee charged).
    public struct Outcome: Sendable {
        public let hash: String
        public let ledger: Int64?
        public let status: String
        public let result: TransactionResultSummary?
        public var meta: TransactionMetaSummary? = nil

        /// `fee charged 0.0012345 XLM (resource fee 0.0011 XLM, rent 0.0001 XLM)`, or nil.
        public var feeText: String? {
            guard let result else { return nil }
            var text = "fee charged \(StellarAmount.format(result.feeCharged)) XLM"
            if let fee = meta?.resourceFee {
                text +=
                    " (resource fee \(StellarAmount.format(fee.total)) XLM, rent \(StellarAmount.format(fee.rent)) XLM)"
            }
            return text
        }

        /// The invoked function's return value as the review writes values (`i128 5`), or nil.
        public var returnValueText: String? { meta?.returnValue.map { SCValText.inline($0) } }

        /// `tx_success`, or `tx_failed (op_…)`, or the status alone when there is no result.
        public var resultText: String {
            guard let result else { return status }
            guard !result.operations.isEmpty, !result.succeeded else { return result.name }
            return
                "\(result.name) (\((result.operations + (result.operationsComplete ? [] : ["…"])).joined(separator: ", ")))"
        }
    }

    /// Sends `envelope` and polls to a final status. A rejection (`ERROR`, `FAILED`) or a wait
    /// that ends with the transaction not found is an `OnlineError` naming it (exit 9).
    public func submit(_ envelope: TransactionEnvelope) throws -> Outcome {
        let sent = try rpc.send(envelope)
        switch sent.status {
        case "ERROR":
            let result = try sent.errorResultXDR.map { try decode($0, "sendTransaction errorResultXdr") }
            throw OnlineError.unexpected(
                url: rpc.url,
                reason: "the transaction was rejected: "
                    + Outcome(hash: sent.hash, ledger: nil, status: "ERROR", result: result).resultText
                    + " (hash \(sent.hash))")
        case "TRY_AGAIN_LATER":
            throw OnlineError.unexpected(
                url: rpc.url, reason: "the server is busy (TRY_AGAIN_LATER): nothing was applied; submit again later")
        default: break  // PENDING, or DUPLICATE (already sent): poll for it either way
        }
        for attempt in 0..<polls {
            let status = try rpc.transaction(hash: sent.hash)
            if status.status != "NOT_FOUND" {
                let outcome = Outcome(
                    hash: sent.hash, ledger: status.ledger, status: status.status,
                    result: try status.resultXDR.map { try decode($0, "getTransaction resultXdr") },
                    meta: try status.resultMetaXDR.map { try decodeMeta($0) })
                guard status.status == "SUCCESS" else {
                    throw OnlineError.unexpected(
                        url: rpc.url,
                        reason: "the transaction failed: \(outcome.resultText)"
                            + (outcome.feeText.map { ", \($0)" } ?? "") + " (hash \(sent.hash))")
                }
                return outcome
            }
            if attempt + 1 < polls && interval > 0 { Thread.sleep(forTimeInterval: interval) }
        }
        throw OnlineError.timedOut(
            what: "transaction \(sent.hash) to reach a ledger", seconds: Int(Double(polls) * interval))
    }

    private func decodeMeta(_ base64: String) throws -> TransactionMetaSummary {
        do { return try TransactionMetaSummary(base64: base64) } catch {
            throw OnlineError.badReply(url: rpc.url, reason: "getTransaction resultMetaXdr: \(error)")
        }
    }

    private func decode(_ base64: String, _ field: String) throws -> TransactionResultSummary {
        do { return try TransactionResultSummary(base64: base64) } catch {
            throw OnlineError.badReply(url: rpc.url, reason: "\(field): \(error)")
        }
    }
}
