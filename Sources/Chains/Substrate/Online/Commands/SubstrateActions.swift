import AirsignMessages
import AirsignOnline
import AirsignWatch
import Foundation

/// The output step of `airsign-watch substrate transfer|call`: the request `SubstrateWatch`
/// builds, issued by `RequestIssuer` as every chain's is.
public enum SubstrateActions {
    @discardableResult
    public static func issue(
        from: String, options: SubstrateOptions, call: SubstrateCallSpec, output: RequestOutputOptions,
        transport: (any HTTPTransport)? = nil, now: Int64? = nil
    ) throws -> SignRequest {
        let (request, summary) = try SubstrateWatch.build(
            from: from, options: options, call: call, note: output.note, transport: transport)
        try RequestIssuer(store: try RequestActions.store())
            .issue([request], to: output.output(), now: now ?? Int64(Date().timeIntervalSince1970)) { _ in summary }
        return request
    }
}
