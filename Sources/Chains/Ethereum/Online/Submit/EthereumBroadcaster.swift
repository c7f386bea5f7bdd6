import AirsignEncoding
import AirsignEthereum
import AirsignMessages
import AirsignOnline
import AirsignWatch
import BigInt
import Foundation

/// `ethereum broadcast`: sends finalized transactions to a node and, with `wait`, follows them
/// until mined. Only transactions this watch finalized are sent (the response must be one its
/// store recorded for the request), each decoded again so the hash the node reports can be
/// checked against our own.
public struct EthereumBroadcaster: Sendable {
    public let store: WatchRequestStore
    public let rpc: EthereumRPC
    /// Seconds to wait for a receipt (`--timeout`); nil: do not wait.
    public let wait: Int?
    /// Seconds between receipt polls.
    public let pollInterval: Double

    public init(store: WatchRequestStore, rpc: EthereumRPC, wait: Int?, pollInterval: Double = 1) {
        self.store = store
        self.rpc = rpc
        self.wait = wait
        self.pollInterval = pollInterval
    }

    /// One transaction's outcome; `receipt` is nil when not waited for.
    public struct Outcome: Sendable {
        public let hash: [UInt8]
        public let receipt: EthereumRPC.Receipt?

        /// One JSON line for standard output.
        public var json: JSONValue {
            var members: [(key: String, value: JSONValue)] = [
                (key: "hash", value: .string(Hex.encode(hash, prefix: true)))
            ]
            if let receipt {
                members += [
                    (key: "blockNumber", value: .number(String(receipt.blockNumber))),
                    (key: "status", value: .number(String(receipt.status))),
                    (key: "gasUsed", value: .number(String(receipt.gasUsed))),
                ]
                if let price = receipt.effectiveGasPrice {
                    members.append((key: "effectiveGasPrice", value: .number(String(price))))
                }
                if let created = receipt.contractAddress {
                    members.append((key: "contractAddress", value: .string(created)))
                }
            }
            return .object(members)
        }
    }

    /// The signed transactions of finalized responses, checked before anything is sent.
    public func transactions(_ input: [UInt8]) throws -> [SignedEthereumTransaction] {
        let responses = try MessageFile.responses(input)
        var out: [SignedEthereumTransaction] = []
        for response in responses {
            let id = response.id.text
            let record = try store.record(response.id)
            guard record.request.chain.rawValue == "ethereum", record.request.payloadType == "transaction" else {
                throw EthereumWatchError.invalidInput("response \(id) is not for an Ethereum transaction")
            }
            guard record.responses.contains(where: { $0.response == response }) else {
                throw EthereumWatchError.invalidInput(
                    "response \(id) is not one this watch finalized: run airsign-watch ethereum finalize first")
            }
            guard case let .string(raw)? = response.result?["rawTransaction"],
                case let .string(hash)? = response.result?["hash"]
            else {
                throw EthereumWatchError.invalidInput("response \(id) has no rawTransaction and hash")
            }
            let signed: SignedEthereumTransaction
            do { signed = try SignedEthereumTransaction.decode(try Hex.decode(raw)) } catch {
                throw EthereumWatchError.invalidInput("response \(id): rawTransaction: \(error)")
            }
            guard Hex.encode(signed.hash, prefix: true) == hash.lowercased() else {
                throw EthereumWatchError.invalidInput("response \(id): hash is not the hash of rawTransaction")
            }
            out.append(signed)
        }
        return out
    }

    /// Sends one transaction; the node's hash must be ours. With `wait`, polls its receipt;
    /// a reverted transaction (status 0) is an error after the outcome was reported to `report`.
    public func send(_ signed: SignedEthereumTransaction, report: (Outcome) -> Void) throws {
        let ours = signed.hash
        let theirs = try rpc.sendRawTransaction(signed.encoded)
        guard theirs == ours else {
            throw EthereumWatchError.hashMismatch(
                ours: Hex.encode(ours, prefix: true), node: Hex.encode(theirs, prefix: true))
        }
        guard let wait else {
            report(Outcome(hash: ours, receipt: nil))
            return
        }
        let deadline = Date().addingTimeInterval(Double(wait))
        while true {
            if let receipt = try rpc.receipt(ours) {
                report(Outcome(hash: ours, receipt: receipt))
                guard receipt.status == 1 else {
                    throw EthereumWatchError.reverted(
                        hash: Hex.encode(ours, prefix: true), block: String(receipt.blockNumber),
                        gasUsed: String(receipt.gasUsed))
                }
                return
            }
            guard Date() < deadline else {
                throw OnlineError.timedOut(what: "the receipt of \(Hex.encode(ours, prefix: true))", seconds: wait)
            }
            Thread.sleep(forTimeInterval: pollInterval)
        }
    }
}
