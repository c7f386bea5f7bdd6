import AirsignCrypto
import AirsignEncoding
import AirsignMessages
import AirsignStellar
import AirsignTestSupport
import Testing

/// SEP-41 tokens the person installed on the signer: their amounts in whole tokens with the
/// symbol, marked as the signer's table, counted in totals and approvals as asset-contract
/// amounts are, and only on the network they were installed for.
@Suite struct InstalledTokenTests {
    typealias Chain = SorobanChainTests

    /// A contract that is no asset contract: its id is any 32 bytes.
    static let contract = SCAddress.contract([UInt8](repeating: 0x5e, count: 32))
    static let token = try! StellarToken(contract: contract.description, symbol: "TST", decimals: 6)

    /// `contract.<function>(args)` from account 1, source-account authorized.
    static func call(_ function: String, _ args: [SCVal]) throws -> TransactionEnvelope {
        let call = InvokeContractArgs(contract: contract, function: Array(function.utf8), args: args)
        let auth = [
            SorobanAuthorizationEntry(
                credentials: .sourceAccount, rootInvocation: SorobanAuthorizedInvocation(function: .contract(call)))
        ]
        let data = SorobanTransactionData(
            resources: SorobanResources(
                footprint: LedgerFootprint(), instructions: 1000, diskReadBytes: 0, writeBytes: 0),
            resourceFee: 900)
        let tx = Transaction(
            source: try MuxedAccount(publicKey: try Chain.key(1).publicKey), fee: 1000, sequence: 7,
            preconditions: .time(TimeBounds(minTime: 0, maxTime: 1_767_229_200)),
            operations: [Operation(body: .invokeHostFunction(.invokeContract(call), auth: auth))], sorobanData: data)
        return .v1(tx, signatures: [])
    }

    static func transfer(_ amount: UInt64) throws -> TransactionEnvelope {
        try call(
            "transfer",
            [
                .address(.account(try Chain.account(1))), .address(.account(try Chain.account(2))),
                .i128(Int128Parts(hi: 0, lo: amount)),
            ])
    }

    func review(_ envelope: TransactionEnvelope, installed: [String: [StellarToken]]) throws -> Review {
        try StellarChain(installedTokens: installed).review(
            try Chain.request(try StellarChain.payload(envelope, network: .testnet)), context: try Chain.context())
    }

    @Test func anInstalledTokensAmountsAreInWholeTokensFromTheSignersTable() throws {
        let review = try review(Self.transfer(12_500_000), installed: ["stellar:testnet": [Self.token]])
        let amount = try #require(review.lines.first { $0.label == "amount (i128)" })
        #expect(amount.value == "12.5 TST (12500000 base units)")
        #expect(amount.source == .signerTable)
        let contract = try #require(review.lines.first { $0.label == "contract" })
        #expect(
            contract.value
                == "\(Self.contract) (not in your contacts), token TST (installed on this signer, 6 decimals)")
        #expect(contract.source == .signerTable)
        // The authorization's invocation names the token from the same table.
        #expect(
            review.lines.contains {
                $0.value.contains("amount: 12.5 TST (12500000 base units)") && $0.source == .signerTable
            })
        #expect(review.totals.map(\.formatted).contains("12.5 TST"))
        let text = unwrappedReview(
            ReviewText.render(review, position: 1, of: 1, module: Chain.module, context: try Chain.context()))
        #expect(text.contains("12.5 TST (12500000 base units) [signer's table]"))
    }

    @Test func anUnregisteredContractKeepsPlainIntegers() throws {
        let review = try review(Self.transfer(12_500_000), installed: [:])
        #expect(
            review.lines.contains { $0.label == "argument 3 (i128)" && $0.value == "12500000" && $0.source == .signed })
        #expect(!review.lines.contains { $0.value.contains("TST") })
        // A SEP-41 transfer of a token the signer has no table for still leaves: in base units.
        #expect(review.totals.map(\.formatted) == ["0.0001 XLM", "12500000 base units of token \(Self.contract)"])
    }

    @Test func aTokenInstalledForAnotherNetworkNamesNothing() throws {
        // The same contract id on pubnet is another contract: a pubnet registration says nothing here.
        let review = try review(Self.transfer(12_500_000), installed: ["stellar:pubnet": [Self.token]])
        #expect(review.lines.contains { $0.label == "argument 3 (i128)" && $0.value == "12500000" })
        #expect(!review.lines.contains { $0.value.contains("TST") })
    }

    @Test func approvalsAndBurnsOfAnInstalledTokenAreCounted() throws {
        let installed = ["stellar:testnet": [Self.token]]
        let approve = try review(
            Self.call(
                "approve",
                [
                    .address(.account(try Chain.account(1))), .address(.account(try Chain.account(2))),
                    .i128(Int128Parts(hi: 0, lo: 3_000_000)), .u32(500),
                ]), installed: installed)
        #expect(approve.approvals.map(\.allowance) == ["3"])
        #expect(approve.approvals.first?.asset == "TST (\(Self.contract))")
        let burn = try review(
            Self.call("burn", [.address(.account(try Chain.account(1))), .i128(Int128Parts(hi: 0, lo: 250_000))]),
            installed: installed)
        #expect(burn.totals.map(\.formatted).contains("0.25 TST"))
        #expect(burn.lines.contains { $0.label == "amount (i128)" && $0.value == "0.25 TST (250000 base units)" })
    }

    @Test func aRegisteredTokenIsAContractWithSaneFields() {
        #expect(throws: StellarError.self) {
            try StellarToken(contract: try Chain.account(1).description, symbol: "X", decimals: 7)
        }
        #expect(throws: StellarError.self) {
            try StellarToken(contract: Self.contract.description, symbol: "X", decimals: 39)
        }
        #expect(throws: StellarError.self) {
            try StellarToken(contract: Self.contract.description, symbol: "X\nY", decimals: 7)
        }
        #expect(throws: StellarError.self) {
            try StellarToken(contract: Self.contract.description, symbol: "", decimals: 7)
        }
    }
}
