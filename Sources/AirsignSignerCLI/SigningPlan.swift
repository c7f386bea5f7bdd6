import AirsignMessages

/// A batch that passed every check that needs no PIN: each request reviewed by its chain
/// module and matched to a keystore account with the same public key. Signing it needs only
/// the PIN.
public struct SigningPlan: Sendable {
    /// The batch's reviews (all accepted), for showing and totals.
    public let batch: BatchReview
    /// One per request, in order.
    public let reviews: [Review]
    /// The account that signs each review (with the name of the key holding it).
    public let signers: [OwnAccount]

    /// The distinct keys the batch needs, in the order first needed: each is unlocked once.
    public var keyNames: [String] {
        var seen = Set<String>()
        return signers.map(\.keyName).filter { seen.insert($0).inserted }
    }
}
