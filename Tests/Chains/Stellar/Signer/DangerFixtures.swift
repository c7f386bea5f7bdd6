import AirsignChains
import AirsignMessages
import AirsignStellar
import AirsignTestSupport

/// Envelopes built by hand as a requester would craft them, for the danger-list tests: the keys,
/// context and request of `StellarChainTests` (account 1 signs, account 2 is contact "Alice",
/// every other account is a stranger), with the review and the batch summary as the signer
/// prints them.
enum Danger {
    typealias T = StellarChainTests

    /// A v1 transaction of `operations` from `source`, fee 100, valid until 2026-01-01 01:00 UTC.
    static func transaction(_ operations: [Operation], source: UInt8 = 1, maxTime: UInt64 = 1_767_229_200) throws
        -> Transaction
    {
        Transaction(
            source: try MuxedAccount(publicKey: try T.key(source).publicKey), fee: 100, sequence: 4_294_967_297,
            preconditions: .time(TimeBounds(minTime: 0, maxTime: maxTime)), operations: operations)
    }

    static func envelope(_ operations: [Operation], source: UInt8 = 1) throws -> TransactionEnvelope {
        .v1(try transaction(operations, source: source), signatures: [])
    }

    static func account(_ n: UInt8) throws -> AccountID { try AccountID(publicKey: try T.key(n).publicKey) }
    static func muxed(_ n: UInt8) throws -> MuxedAccount { try MuxedAccount(publicKey: try T.key(n).publicKey) }
    static func usd() throws -> AirsignStellar.Asset { try Asset.credit("USD", issuer: try T.address(9)) }

    static func review(_ envelope: TransactionEnvelope, signer: UInt8 = 1) throws -> Review {
        try T.module.review(try T.request(envelope, account: try T.account(signer)), context: try T.context())
    }

    /// The review as printed, continuation lines joined.
    static func text(_ envelope: TransactionEnvelope, signer: UInt8 = 1) throws -> String {
        let context = try T.context()
        let review = try T.module.review(try T.request(envelope, account: try T.account(signer)), context: context)
        return unwrappedReview(ReviewText.render(review, position: 1, of: 1, module: T.module, context: context) + "\n")
    }

    /// The batch summary of one request, as printed under the reviews.
    static func summary(_ envelope: TransactionEnvelope, signer: UInt8 = 1) throws -> String {
        let batch = BatchReview(
            [try T.request(envelope, account: try T.account(signer))], registry: ChainRegistry([T.module]),
            context: try T.context(), blind: .none)
        return unwrappedReview(ReviewText.renderTotals(batch))
    }

    /// `address (label)` as the review labels account `n`.
    static func labelled(_ n: UInt8) throws -> String {
        T.module.describe(try T.address(n), in: try T.context())
    }
}
