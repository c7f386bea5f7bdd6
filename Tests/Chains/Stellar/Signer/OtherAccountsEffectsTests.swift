import AirsignChains
import AirsignEncoding
import AirsignMessages
import AirsignStellar
import AirsignTestSupport
import BigInt
import Testing

/// Token calls on what another account than the signer's holds, in a Soroban transaction or an
/// authorization signed alone, crafted as a requester could: each is counted as that account's
/// (an outflow `from` it, an allowance "held by" it), warned of by whose it is and by what
/// authorizes it, or an unknown effect when nothing in the signed bytes authorizes it.
/// Account 1 signs, account 2 is contact "Alice", 3, 5 and 7 are strangers.
@Suite struct OtherAccountsEffectsTests {
    typealias S = SorobanChainTests
    typealias A = TokenApprovalTests

    static func address(_ n: UInt8) throws -> SCVal { .address(.account(try S.account(n))) }
    static func stroops(_ n: UInt64) -> SCVal { .i128(Int128Parts(hi: 0, lo: n)) }
    static func call(_ function: String, _ args: [SCVal]) -> InvokeContractArgs {
        InvokeContractArgs(contract: .contract(S.xlm), function: Array(function.utf8), args: args)
    }

    /// An unsigned entry of account `n`'s own (address credentials) for `root` and `subs`.
    static func entry(_ n: UInt8, _ root: InvokeContractArgs, subs: [InvokeContractArgs] = []) throws
        -> SorobanAuthorizationEntry
    {
        SorobanAuthorizationEntry(
            credentials: .address(
                SorobanAddressCredentials(
                    address: .account(try S.account(n)), nonce: 11,
                    signatureExpirationLedger: 700_000)),
            rootInvocation: invocation(root, subs))
    }

    static func invocation(_ root: InvokeContractArgs, _ subs: [InvokeContractArgs]) -> SorobanAuthorizedInvocation {
        SorobanAuthorizedInvocation(
            function: .contract(root), subInvocations: subs.map { SorobanAuthorizedInvocation(function: .contract($0)) }
        )
    }

    /// `SorobanChainTests.transfer`'s transaction of account 1 with `call` as its operation, of
    /// `source` when given.
    static func transaction(_ call: InvokeContractArgs, auth: [SorobanAuthorizationEntry], source: UInt8? = nil) throws
        -> TransactionEnvelope
    {
        guard case .v1(var tx, _) = try S.transfer() else { throw StellarError.soroban(.notV1) }
        tx.operations = [
            Operation(
                source: try source.map { try MuxedAccount(publicKey: try S.key($0).publicKey) },
                body: .invokeHostFunction(.invokeContract(call), auth: auth))
        ]
        return .v1(tx, signatures: [])
    }

    static let xlm = StellarChain.messageAsset(.native, network: "stellar:testnet", chain: S.module.chain)
    static let token = "XLM (\(SCAddress.contract(S.xlm)))"

    static func xlm(_ stroops: BigUInt) -> AssetAmount { AssetAmount(asset: xlm, amount: stroops) }

    /// The batch summary of one transaction request, `--blind` naming it.
    static func summary(_ payload: JSONValue) throws -> String {
        let batch = BatchReview(
            [try S.request(payload)], registry: ChainRegistry([S.module]), context: try S.context(),
            blind: BlindConsent(onlyRequest: true))
        return unwrappedReview(ReviewText.renderTotals(batch))
    }

    @Test func anotherAccountsTransferByItsOwnEntry() throws {
        let transfer = Self.call("transfer", [try Self.address(3), try Self.address(7), Self.stroops(20_000_000)])
        let envelope = try Self.transaction(transfer, auth: [try Self.entry(3, transfer)])
        let review = try A.review(envelope)
        let (three, seven) = (try A.label(3), try A.label(7))
        #expect(
            review.effects.contains(.outflow(Outflow(Self.xlm(20_000_000), from: three, to: seven))),
            "\(review.effects)")
        #expect(
            review.warnings.contains(
                "transfer of 2 \(Self.token) to \(seven) takes from \(three), not your account: that account "
                    + "authorizes it by an authorization entry of its own, not by your key; totalled as that account's"),
            "\(review.warnings)")
        #expect(
            review.warnings.contains(
                "operation 1, authorization 1 still needs a signature from \(try S.account(3)): the transaction fails without it"
            ))
        #expect(review.unknowns.isEmpty, "\(review.unknowns)")
        #expect(
            try A.summary(envelope) == """
                Batch: 1 request, all reviewed
                  total     0.0059243 XLM on stellar stellar:testnet
                  total     2 XLM from \(three) on stellar stellar:testnet
                """)
    }

    /// An unlimited approval another account grants by its own entry: listed as held by it,
    /// warned as UNLIMITED naming it and as not yours; its spender is not the signer's concern.
    @Test func anotherAccountsApprovalNamesItsHolder() throws {
        let approve = Self.call("approve", [try Self.address(3), try Self.address(7), .i128(A.iMax), .u32(12_345)])
        let envelope = try Self.transaction(approve, auth: [try Self.entry(3, approve)])
        let review = try A.review(envelope)
        let (three, seven) = (try A.label(3), try A.label(7))
        #expect(
            review.approvals == [
                Approval(
                    asset: "\(Self.token) held by \(three)", spender: seven, allowance: "Unlimited", isUnlimited: true,
                    expiry: "ledger 12345")
            ])
        #expect(
            review.warnings.contains(
                "approve gives \(seven) an UNLIMITED allowance of \(Self.token) (170141183460469231731687303715884105727 "
                    + "base units) until ledger 12345: it may take all of it \(three) holds, without another signature"),
            "\(review.warnings)")
        #expect(
            review.warnings.contains(
                "approve gives \(seven) an allowance of 17014118346046923173168730371588.4105727 \(Self.token) until "
                    + "ledger 12345 over what \(three) holds, not your account: that account authorizes it by an authorization entry of its own, "
                    + "not by your key; listed as that account's"), "\(review.warnings)")
        #expect(!review.warnings.contains { $0.hasPrefix("approve's spender") })
        #expect(
            try A.summary(envelope) == """
                Batch: 1 request, all reviewed, 1 approval (1 unlimited)
                  total     0.0059243 XLM on stellar stellar:testnet
                  approval  Unlimited \(Self.token) held by \(three) to spender \(seven), until ledger 12345
                """)
    }

    /// The signer's key as the spender of `transfer_from`: its signature takes another
    /// account's tokens (within the allowance given to it), totalled as that account's.
    @Test func transferFromAnotherAccountByTheSignersKey() throws {
        let pull = Self.call(
            "transfer_from", [try Self.address(1), try Self.address(3), try Self.address(1), Self.stroops(50_000_000)])
        let envelope = try Self.transaction(
            pull,
            auth: [SorobanAuthorizationEntry(credentials: .sourceAccount, rootInvocation: Self.invocation(pull, []))])
        let review = try A.review(envelope)
        let (one, three) = (try A.label(1), try A.label(3))
        #expect(
            review.effects.contains(.outflow(Outflow(Self.xlm(50_000_000), from: three, to: one))), "\(review.effects)")
        #expect(
            review.warnings.contains(
                "transfer_from of 5 \(Self.token) to \(one) takes from \(three), not your account: your key "
                    + "authorizes it as the spender, within the allowance that account gave you; totalled as that account's"
            ), "\(review.warnings)")
        #expect(review.totals.map(\.formatted) == ["0.0059243 XLM", "5 XLM from \(three)"])
    }

    /// A co-signed operation of account 5 (source-account authorization, covered by account
    /// 5's signature of the transaction) and a burn account 3 authorizes by its own entry.
    @Test func theOperationSourceAndAnotherEntry() throws {
        let transfer = Self.call("transfer", [try Self.address(5), try Self.address(2), Self.stroops(10_000_000)])
        let burn = Self.call("burn", [try Self.address(3), Self.stroops(30_000_000)])
        let envelope = try Self.transaction(
            transfer,
            auth: [
                SorobanAuthorizationEntry(credentials: .sourceAccount, rootInvocation: Self.invocation(transfer, [])),
                try Self.entry(3, burn),
            ], source: 5)
        let review = try A.review(envelope)
        let (alice, three, five) = (try A.label(2), try A.label(3), try A.label(5))
        #expect(review.effects.contains(.outflow(Outflow(Self.xlm(10_000_000), from: five, to: alice))))
        #expect(review.effects.contains(.outflow(Outflow(Self.xlm(30_000_000), from: three))))
        #expect(
            review.warnings.contains(
                "transfer of 1 \(Self.token) to \(alice) takes from \(five), not your account: that account "
                    + "authorizes it as the operation's source, by its own signature of this transaction; totalled as that account's"
            ), "\(review.warnings)")
        #expect(
            review.warnings.contains(
                "burn of 3 \(Self.token) takes from \(three), not your account: that account authorizes it by an "
                    + "authorization entry of its own, not by your key; totalled as that account's"),
            "\(review.warnings)")
        let summary = try A.summary(envelope)
        #expect(
            summary == """
                Batch: 1 request, all reviewed
                  total     0.0059243 XLM on stellar stellar:testnet
                  total     1 XLM from \(five) on stellar stellar:testnet
                  total     3 XLM from \(three) on stellar stellar:testnet
                """, "\(summary)")
    }

    /// A muxed `from` is its account: counted with that account's entry, labelled as `G…`.
    @Test func aMuxedHolderIsItsAccount() throws {
        let muxed = SCAddress.muxedAccount(id: 9, publicKey: try S.key(3).publicKey)
        let transfer = Self.call("transfer", [.address(muxed), try Self.address(7), Self.stroops(1)])
        let review = try A.review(try Self.transaction(transfer, auth: [try Self.entry(3, transfer)]))
        #expect(
            review.effects.contains(.outflow(Outflow(Self.xlm(1), from: try A.label(3), to: try A.label(7)))),
            "\(review.effects)")
        #expect(review.unknowns.isEmpty)
    }

    /// Another account's transfer that nothing in the transaction authorizes (the source's
    /// entry covers the source only): the signer cannot tell whether it happens, so it is an
    /// unknown effect, and the totals say they hold only what the signer understands.
    @Test func aTransferNobodyAuthorizesIsUnknown() throws {
        let envelope = try S.transfer(from: 3)
        let review = try A.review(envelope)
        let (alice, three) = (try A.label(2), try A.label(3))
        let unknown =
            "transfer of 12.5 \(Self.token) from \(three) to \(alice): the transaction carries no authorization of "
            + "\(try S.account(3)) (neither the operation's source nor an entry of its own), so the signer cannot tell whether it happens"
        #expect(review.unknowns == [unknown])
        #expect(review.totals.map(\.formatted) == ["0.0059243 XLM"])
        #expect(!review.warnings.contains { $0.contains("not your account") })
        #expect(
            try Self.summary(try StellarChain.payload(envelope, network: .testnet)) == """
                Batch: 1 request, all reviewed
                  unknown   effects the signer does not understand: 1 request (1), read every line
                  blind     signed only because --blind names it: request 1
                  total     0.0059243 XLM on stellar stellar:testnet
                  total     only what the signer understands: more may leave through the requests with unknown effects
                """)
    }

    /// An authorization signed alone authorizes only calls of the signing account: another
    /// account's approval and transfer in its tree are that account's, and warned as not
    /// authorized by this signature.
    @Test func aStandaloneAuthorizationCountsOtherAccountsCallsAsTheirs() throws {
        let own = Self.call("transfer", [try Self.address(1), try Self.address(2), Self.stroops(10_000_000)])
        let approve = Self.call(
            "approve", [try Self.address(3), try Self.address(7), Self.stroops(30_000_000), .u32(600)])
        let theirs = Self.call("transfer", [try Self.address(3), try Self.address(7), Self.stroops(40_000_000)])
        let payload = try StellarPayload.json(try Self.entry(1, own, subs: [approve, theirs]), network: .testnet)
        let review = try S.module.review(try S.request(payload), context: try S.context())
        let (alice, three, seven) = (try A.label(2), try A.label(3), try A.label(7))
        #expect(review.effects.contains(.outflow(Outflow(Self.xlm(10_000_000), to: alice))))
        #expect(review.effects.contains(.outflow(Outflow(Self.xlm(40_000_000), from: three, to: seven))))
        #expect(
            review.approvals == [
                Approval(
                    asset: "\(Self.token) held by \(three)", spender: seven, allowance: "3", isUnlimited: false,
                    expiry: "ledger 600")
            ])
        let why =
            "your signature of this authorization does not authorize it: it happens only if that account authorizes it too"
        #expect(
            review.warnings.contains(
                "approve gives \(seven) an allowance of 3 \(Self.token) until ledger 600 over what \(three) holds, "
                    + "not your account: \(why); listed as that account's"), "\(review.warnings)")
        #expect(
            review.warnings.contains(
                "transfer of 4 \(Self.token) to \(seven) takes from \(three), not your account: \(why); "
                    + "totalled as that account's"), "\(review.warnings)")
        #expect(review.unknowns.isEmpty)
        #expect(
            try Self.summary(payload) == """
                Batch: 1 request, all reviewed, 1 approval, 1 signature others may submit later
                  total     1 XLM on stellar stellar:testnet
                  total     4 XLM from \(three) on stellar stellar:testnet
                  approval  3 \(Self.token) held by \(three) to spender \(seven), until ledger 600
                  later     a Soroban authorization entry: whoever holds it can submit it until ledger 700000
                """)
    }

    /// A pool's address cannot authorize a call: what a call takes from it is unknown.
    @Test func aPoolAsTheHolderIsUnknown() throws {
        let own = Self.call("transfer", [try Self.address(1), try Self.address(2), Self.stroops(1)])
        let pool = SCAddress.liquidityPool([UInt8](repeating: 0xAB, count: 32))
        let drain = Self.call("transfer", [.address(pool), try Self.address(1), Self.stroops(10_000_000)])
        let payload = try StellarPayload.json(try Self.entry(1, own, subs: [drain]), network: .testnet)
        let review = try S.module.review(try S.request(payload), context: try S.context())
        let label = S.module.describe(pool.description, in: try S.context())
        #expect(
            review.unknowns == [
                "transfer of 1 \(Self.token) from \(label) to \(try A.label(1)): \(pool) is a claimable balance or "
                    + "liquidity pool address, which cannot authorize a call, so the signer cannot tell whether it happens"
            ])
        #expect(review.totals.map(\.formatted) == ["0.0000001 XLM"])
    }
}
