import AirsignKeystore
import AirsignMessages

/// A batch that passed every check that needs no PIN: each request reviewed by its chain
/// module and matched to a keystore account with the same public key. Signing it needs only
/// the PIN.
public struct SigningPlan: Sendable {
    /// The batch's reviews (all accepted), for showing and totals.
    public let batch: BatchReview
    /// One per request, in order.
    public let reviews: [Review]
    /// The keystore account that signs each review, and the key holding it.
    let signers: [(key: KeyName, account: AccountRecord)]

    /// The distinct keys the batch needs, in the order first needed: each is unlocked once.
    public var keyNames: [KeyName] {
        var seen = Set<KeyName>()
        return signers.map(\.key).filter { seen.insert($0).inserted }
    }
}
