import AirsignCLI
import AirsignEncoding
import AirsignKeys
import AirsignMessages
import AirsignOnline
import AirsignSubstrate
import AirsignWatch
import Foundation

extension SubstrateWatch {
    /// `substrate submit FILE --rpc URL`: the extrinsic of one Substrate response (full, or
    /// compact and completed from the store), sent with `author_submitExtrinsic` once
    /// `finalizer` verified it against its stored request (as `finalize` does; a refusal is
    /// `WatchError.notSent` and nothing is sent); returns the hash the node reports.
    public static func submit(
        _ input: [UInt8], rpc url: String, finalizer: ResponseFinalizer,
        transport: (any HTTPTransport)? = nil
    ) throws -> [UInt8] {
        let responses = try MessageFile.responses(input)
        guard responses.count == 1, let response = responses.first else {
            throw SubstrateError.responseCount(responses.count)
        }
        guard let outcome = try finalizer.verifiedForSending([response], chain: .substrate).first,
            case let .string(hex)? = outcome.finalized.response.result?["extrinsic"]
        else {
            throw WatchError.notSent(
                reason: "the response for \(response.id) signs no extrinsic (a raw payload or message signature)")
        }
        let extrinsic: [UInt8]
        do { extrinsic = try Hex.decode(hex) } catch {
            throw SubstrateError.unreadable(field: "result.extrinsic", reason: "\(error)")
        }
        let rpc = SubstrateRPC(client: JSONRPCClient(url: url, transport: transport ?? URLSessionTransport()))
        return try rpc.submit(extrinsic)
    }
}
