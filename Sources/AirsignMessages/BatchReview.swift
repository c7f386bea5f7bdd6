/// The review of a whole batch: every request reviewed by its chain module before anything is
/// signed. The signer signs a batch only when every request passed; `inspect` shows them all.
public struct BatchReview: Sendable {
    /// One outcome per request, in order: its review, or why it is refused.
    public let outcomes: [Result<Review, MessagesError>]

    /// Reviews each of `requests`. Refusals are collected, not thrown, so all can be shown.
    /// `allowBlind` is the person's `--blind`: without it a request that needs explicit
    /// confirmation is refused.
    public init(_ requests: [SignRequest], registry: ChainRegistry, context: ReviewContext, allowBlind: Bool) {
        outcomes = requests.enumerated().map { index, request in
            let place = index + 1
            let module: any ChainModule
            do throws(MessagesError) {
                module = try registry.module(for: request.chain)
            } catch {
                return .failure(error)
            }
            let review: Review
            do {
                review = try module.review(request, context: context)
            } catch {
                return .failure(.requestRefused(message: place, id: request.id.text, reason: String(describing: error)))
            }
            guard review.request == request, review.key.address == request.account.address, review.key.publicKey == request.account.publicKey else {
                return .failure(.requestRefused(message: place, id: request.id.text, reason: "the \(module.displayName) module reviewed another account or request than the one given"))
            }
            guard !review.signing.isEmpty else {
                return .failure(.requestRefused(message: place, id: request.id.text, reason: "the review found nothing to sign"))
            }
            if case let .explicit(reason) = review.confirmation, !allowBlind {
                return .failure(.blindSigningRequired(message: place, id: request.id.text, reason: reason))
            }
            return .success(review)
        }
    }

    /// The reviews, or the first refusal (which names the request) when any request is refused.
    public func requireAll() throws(MessagesError) -> [Review] {
        var reviews: [Review] = []
        reviews.reserveCapacity(outcomes.count)
        for outcome in outcomes {
            switch outcome {
            case let .success(review): reviews.append(review)
            case let .failure(error): throw error
            }
        }
        return reviews
    }

    /// The refusals, in order.
    public var refusals: [MessagesError] {
        outcomes.compactMap { if case let .failure(error) = $0 { return error } else { return nil } }
    }

    /// Every approval the accepted reviews grant, in request order.
    public var approvals: [Approval] {
        outcomes.flatMap { (try? $0.get())?.approvals ?? [] }
    }

    /// Per asset, the sum over the accepted reviews.
    public var totals: [AssetAmount] {
        AssetAmount.totals(outcomes.flatMap { (try? $0.get())?.totals ?? [] })
    }
}
