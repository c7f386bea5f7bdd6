/// The review of a whole batch: every request reviewed by its chain module before anything is
/// signed. The signer signs a batch only when every request passed; `inspect` shows them all.
public struct BatchReview: Sendable {
    /// One outcome per request, in order: its review, or why it is refused.
    public let outcomes: [Result<Review, MessagesError>]

    /// Reviews each of `requests`. Refusals are collected, not thrown, so all can be shown.
    /// `blind` names the requests the person lets be signed although the signer does not
    /// understand all they do; any other such request is refused.
    public init(_ requests: [SignRequest], registry: ChainRegistry, context: ReviewContext, blind: BlindConsent) {
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
            guard review.request == request, review.key.address == request.account.address,
                review.key.publicKey == request.account.publicKey
            else {
                return .failure(
                    .requestRefused(
                        message: place, id: request.id.text,
                        reason:
                            "the \(module.displayName) module reviewed another account or request than the one given"))
            }
            guard !review.signing.isEmpty else {
                return .failure(
                    .requestRefused(message: place, id: request.id.text, reason: "the review found nothing to sign"))
            }
            if case let .explicit(reason) = review.confirmation,
                !blind.covers(request, place: place, of: requests.count)
            {
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

    /// The accepted reviews with their places (1-based), in order.
    public var accepted: [(place: Int, review: Review)] {
        outcomes.enumerated().compactMap { index, outcome in
            if case let .success(review) = outcome { (index + 1, review) } else { nil }
        }
    }

    /// Every effect of the accepted reviews, in request order. (Read from the outcomes in
    /// place: `accepted` copies every review, tens of retains each, for a batch of thousands.)
    public var effects: [Effect] {
        var effects: [Effect] = []
        for index in outcomes.indices {
            if case let .success(review) = outcomes[index] { effects += review.effects }
        }
        return effects
    }

    /// Every approval the accepted reviews grant, in request order.
    public var approvals: [Approval] { effects.approvals }

    /// Per asset, the sum over the accepted reviews.
    public var totals: [AssetAmount] { effects.totals }

    /// The places of the accepted requests with an effect the signer does not understand.
    public var unknownPlaces: [Int] {
        outcomes.indices.filter {
            if case let .success(review) = outcomes[$0] { !review.unknowns.isEmpty } else { false }
        }.map { $0 + 1 }
    }
}

/// The requests the person lets be signed although the signer does not understand everything
/// they do (`--blind`): one by one, by id or place, never the whole batch. `--blind` alone
/// names the one request of a batch of one.
public struct BlindConsent: Sendable, Equatable {
    /// `--blind` given without naming: valid only for a batch of one request.
    public let onlyRequest: Bool
    /// Request ids and 1-based places named with `--blind-request`.
    public let named: Set<String>

    public init(onlyRequest: Bool = false, named: [String] = []) {
        self.onlyRequest = onlyRequest
        self.named = Set(named)
    }

    /// No request may be signed blind.
    public static let none = BlindConsent()

    /// Whether the request at `place` (1-based) of `count` is covered.
    public func covers(_ request: SignRequest, place: Int, of count: Int) -> Bool {
        (onlyRequest && count == 1) || named.contains(request.id.text) || named.contains(String(place))
    }
}
