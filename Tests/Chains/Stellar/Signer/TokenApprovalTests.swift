import AirsignChains
import AirsignMessages
import AirsignStellar
import AirsignTestSupport
import BigInt
import Testing

/// SEP-41 and Stellar Asset Contract calls in invocations and authorizations: approvals (the
/// unlimited rule of TokenApprovals, strangers, the expiration ledger), transfers to a labelled
/// destination, and authorization entries signed with the transaction.
@Suite struct TokenApprovalTests {
    typealias S = SorobanChainTests
    static let iMax = Int128Parts(hi: Int64.max, lo: UInt64.max)

    /// A transaction of account 1 whose only operation calls `function` on `contract`.
    static func call(_ function: String, _ args: [SCVal], contract: [UInt8] = S.xlm) throws -> TransactionEnvelope {
        guard case .v1(var tx, _) = try S.transfer() else { throw StellarError.soroban(.notV1) }
        let call = InvokeContractArgs(contract: .contract(contract), function: Array(function.utf8), args: args)
        tx.operations = [Operation(body: .invokeHostFunction(.invokeContract(call), auth: []))]
        return .v1(tx, signatures: [])
    }

    static func approve(_ amount: Int128Parts, spender: UInt8, contract: [UInt8] = S.xlm, ledger: UInt32 = 12_345)
        throws -> TransactionEnvelope
    {
        try call(
            "approve",
            [
                .address(.account(try S.account(1))), .address(.account(try S.account(spender))), .i128(amount),
                .u32(ledger),
            ],
            contract: contract)
    }

    static func review(_ envelope: TransactionEnvelope) throws -> Review {
        try S.module.review(
            try S.request(try StellarChain.payload(envelope, network: .testnet)), context: try S.context())
    }

    static func label(_ n: UInt8) throws -> String {
        S.module.describe(try S.account(n).description, in: try S.context())
    }

    static func summary(_ envelope: TransactionEnvelope) throws -> String {
        let batch = BatchReview(
            [try S.request(try StellarChain.payload(envelope, network: .testnet))], registry: ChainRegistry([S.module]),
            context: try S.context(), blind: .none)
        return unwrappedReview(ReviewText.renderTotals(batch))
    }

    @Test func anUnlimitedApprovalToAStranger() throws {
        let envelope = try Self.approve(Self.iMax, spender: 7)
        let review = try Self.review(envelope)
        let token = "XLM (\(SCAddress.contract(S.xlm)))"
        #expect(
            review.warnings.contains(
                "approve gives \(try Self.label(7)) an UNLIMITED allowance of \(token) "
                    + "(170141183460469231731687303715884105727 base units) until ledger 12345: it may take all of it \(try Self.label(1)) holds, "
                    + "without another signature"), "\(review.warnings)")
        #expect(
            review.warnings.contains(
                "approve's spender \(try S.account(7)) is not one of your accounts or contacts: it may take \(token) until ledger 12345"
            ))
        #expect(
            review.approvals == [
                Approval(
                    asset: token, spender: try Self.label(7), allowance: "Unlimited", isUnlimited: true,
                    expiry: "ledger 12345")
            ])
        #expect(
            try Self.summary(envelope) == """
                Batch: 1 request, all reviewed, 1 approval (1 unlimited)
                  total     0.0059243 XLM on stellar stellar:testnet
                  approval  Unlimited \(token) to spender \(try Self.label(7)), until ledger 12345
                """)
    }

    /// A Stellar Asset Contract allowance of Int64.max is more than any classic balance holds;
    /// one stroop less is an amount. A contact spender gets no stranger warning.
    @Test func theAssetContractsUnlimitedMarkIsTheLargestBalance() throws {
        let atMark = try Self.review(try Self.approve(Int128Parts(hi: 0, lo: UInt64(Int64.max)), spender: 2))
        #expect(atMark.approvals.map(\.isUnlimited) == [true])
        let alice = try Self.label(2)
        #expect(atMark.warnings.contains { $0.hasPrefix("approve gives \(alice) an UNLIMITED allowance") })
        #expect(!atMark.warnings.contains { $0.hasPrefix("approve's spender") })
        let below = try Self.review(try Self.approve(Int128Parts(hi: 0, lo: UInt64(Int64.max) - 1), spender: 2))
        #expect(below.approvals.map(\.allowance) == ["922337203685.4775806"])
        #expect(!below.warnings.contains { $0.contains("approve") }, "\(below.warnings)")
    }

    /// Another token's mark is 2^126 base units: 2^64 (18.4 tokens of 18 decimals) is an amount.
    @Test func anotherTokensUnlimitedMark() throws {
        let token = [UInt8](1...32)
        let plenty = try Self.review(try Self.approve(Int128Parts(hi: 1, lo: 0), spender: 2, contract: token))
        #expect(plenty.approvals.map(\.allowance) == ["18446744073709551616"])
        #expect(plenty.approvals.map(\.isUnlimited) == [false])
        let mark = try Self.review(try Self.approve(Int128Parts(hi: 1 << 62, lo: 0), spender: 2, contract: token))
        #expect(mark.approvals.map(\.isUnlimited) == [true])
    }

    /// An approval in an authorization signed on its own: the same warnings and expiry.
    @Test func anApprovalInAStandaloneAuthorization() throws {
        let call = InvokeContractArgs(
            contract: .contract(S.xlm), function: Array("approve".utf8),
            args: [
                .address(.account(try S.account(1))), .address(.account(try S.account(7))), .i128(Self.iMax), .u32(600),
            ])
        let entry = SorobanAuthorizationEntry(
            credentials: .address(
                SorobanAddressCredentials(
                    address: .account(try S.account(1)), nonce: 1,
                    signatureExpirationLedger: 500)),
            rootInvocation: SorobanAuthorizedInvocation(function: .contract(call)))
        let review = try S.module.review(
            try S.request(try StellarPayload.json(entry, network: .testnet)), context: try S.context())
        #expect(review.approvals.map(\.expiry) == ["ledger 600"])
        let (stranger, address) = (try Self.label(7), try S.account(7))
        #expect(review.warnings.contains { $0.hasPrefix("approve gives \(stranger) an UNLIMITED allowance") })
        #expect(
            review.warnings.contains {
                $0.hasPrefix("approve's spender \(address) is not one of your accounts or contacts")
            })
    }

    @Test func aTransfersDestinationIsLabelled() throws {
        let review = try Self.review(try S.transfer())
        let xlm = StellarChain.messageAsset(.native, network: "stellar:testnet", chain: S.module.chain)
        #expect(
            review.effects.contains(
                .outflow(Outflow(AssetAmount(asset: xlm, amount: 125_000_000), to: try Self.label(2)))),
            "\(review.effects)")
    }

    /// The entry signed with the transaction can be lifted out and submitted by anyone who
    /// sees it: a warning per entry, and the summary counts it.
    @Test func authorizationsSignedWithTheTransaction() throws {
        let envelope = try S.transfer(auth: [try S.addressEntry(1, expiration: 1_000_000)])
        let review = try Self.review(envelope)
        #expect(
            review.warnings.contains(
                "authorization 1 of operation 1: whoever holds this signed authorization can submit the invocation "
                    + "until ledger 1000000, in a transaction of their own"), "\(review.warnings)")
        let summary = try Self.summary(envelope)
        #expect(
            summary.hasPrefix("Batch: 1 request, all reviewed, 1 signature others may submit later\n"), "\(summary)")
        #expect(
            summary.contains(
                "  later     Soroban authorization entry 1 of operation 1: whoever holds it can submit it until ledger 1000000"
            ), "\(summary)")
    }
}
