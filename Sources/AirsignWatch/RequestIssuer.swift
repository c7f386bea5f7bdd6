import AirsignChains
import AirsignMessages

/// The hook every chain's watch-side builder calls with the requests it built: each is
/// reviewed by its chain module first (so the watch never hands the signer something the
/// signer would refuse), then stored as issued, and its canonical bytes returned for the file
/// or QR codes to carry across.
public struct RequestIssuer: Sendable {
    public let store: WatchRequestStore
    public let registry: ChainRegistry

    public init(store: WatchRequestStore, registry: ChainRegistry = .standard) {
        self.store = store
        self.registry = registry
    }

    /// Reviews, stores and serializes `requests` (one message, or JSON lines for several).
    public func issue(_ requests: [SignRequest], now: Int64) throws -> [UInt8] {
        try issueReviewed(requests, now: now).bytes
    }

    /// `issue`, also returning the reviews it made (in request order), for a caller that shows them.
    public func issueReviewed(_ requests: [SignRequest], now: Int64) throws -> (bytes: [UInt8], reviews: [Review]) {
        let reviews = try requests.map { try review($0, now: now) }
        try store.add(requests, now: now)
        return (MessageFile.serialize(requests), reviews)
    }

    /// `issueReviewed` for one request, with its one review.
    public func issueReviewed(_ request: SignRequest, now: Int64) throws -> (bytes: [UInt8], review: Review) {
        let review = try review(request, now: now)
        try store.add([request], now: now)
        return (MessageFile.serialize([request]), review)
    }

    private func review(_ request: SignRequest, now: Int64) throws -> Review {
        let module = try registry.module(for: request.chain)
        do {
            return try module.review(request, context: ReviewContext(now: now))
        } catch {
            throw WatchError.requestRefused(id: request.id.text, reason: String(describing: error))
        }
    }
}
