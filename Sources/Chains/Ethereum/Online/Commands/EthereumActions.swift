import AirsignCLI
import AirsignChains
import AirsignEncoding
import AirsignEthereum
import AirsignMessages
import AirsignOnline
import AirsignWatch
import Foundation

/// The output step every `airsign-watch ethereum` builder shares: `RequestIssuer`'s, with the
/// review the signer will show printed first.
public enum EthereumActions {
    public static func issue(_ request: SignRequest, output: RequestOutputOptions, registry: ChainRegistry = .standard)
        throws
    {
        try RequestIssuer(store: try RequestActions.store(), registry: registry)
            .issue([request], to: output.output(), now: Int64(Date().timeIntervalSince1970), showReview: true) {
                request in
                "Issued request \(request.id) for \(request.account.address) on \(request.network)."
            }
    }
}

extension EthereumActions {
    /// `ethereum finalize`: the generic finalize (the module recovers the sender and compares
    /// the signed fields with the request's) for Ethereum responses only; shows each raw
    /// transaction and hash and writes the full responses, or with `raw` the raw transactions.
    public static func finalize(_ input: [UInt8], out: String, raw: Bool) throws {
        let responses = try MessageFile.responses(input)
        let store = try RequestActions.store()
        for response in responses {
            let request = try store.record(response.id).request
            guard request.chain.rawValue == "ethereum" else {
                throw EthereumWatchError.invalidInput(
                    "response \(response.id) answers a \(request.chain) request; use airsign-watch finalize")
            }
        }
        let outcomes = try ResponseFinalizer(store: store, finalizers: FinalizerRegistry([EthereumFinalizer()]))
            .finalize(responses, now: Int64(Date().timeIntervalSince1970))
        var rawLines: [String] = []
        for outcome in outcomes {
            Console.info(
                "Response for \(outcome.request.id) (\(outcome.request.account.address), \(outcome.request.network)): verified"
            )
            if case let .string(rawTransaction)? = outcome.finalized.response.result?["rawTransaction"],
                case let .string(hash)? = outcome.finalized.response.result?["hash"]
            {
                Console.info("  raw transaction: \(rawTransaction)")
                Console.info("  hash: \(hash)")
                rawLines.append(rawTransaction)
            } else if let signature = outcome.finalized.response.signatures.first {
                Console.info("  signature: \(signature)")
            }
        }
        if raw {
            guard rawLines.count == outcomes.count else {
                throw EthereumWatchError.invalidInput("--raw: a message signature has no raw transaction")
            }
            try MessageOutput.write(Array(rawLines.map { $0 + "\n" }.joined().utf8), to: out)
        } else {
            try MessageOutput.write(MessageFile.serialize(outcomes.map(\.finalized.response)), to: out)
        }
        if out != "-" { Console.info("Written to \(out).") }
    }

    /// `ethereum broadcast`: checks every transaction first, then sends them in order; `wait`
    /// is the receipt timeout in seconds (nil: do not wait).
    public static func broadcast(_ input: [UInt8], rpc url: String, wait: Int?) throws {
        let broadcaster = EthereumBroadcaster(store: try RequestActions.store(), rpc: EthereumRPC(url: url), wait: wait)
        for signed in try broadcaster.transactions(input) {
            try broadcaster.send(signed) { outcome in
                let hash = Hex.encode(outcome.hash, prefix: true)
                if let receipt = outcome.receipt {
                    let price = receipt.effectiveGasPrice.map { ", effective gas price \(EtherAmount.gwei($0))" } ?? ""
                    Console.info(
                        "\(hash): mined in block \(receipt.blockNumber), status \(receipt.status == 1 ? "1 (success)" : "\(receipt.status) (reverted)"), gas used \(receipt.gasUsed)\(price)"
                    )
                } else {
                    Console.info("\(hash): sent")
                }
                Console.output(JSONSerializer(sortKeys: false).serialize(outcome.json))
            }
        }
    }
}
