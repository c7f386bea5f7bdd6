import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignMessages
import BigInt
import Testing

@testable import AirsignEthereum

/// Multicall3's other batches, crafted as an attacker would (calldata written with the ABI
/// encoder, the watch's request edited to carry it): `tryAggregate`, `blockAndAggregate`,
/// `tryBlockAndAggregate`, and `aggregate3Value`, which pays the transaction's ether on to its
/// calls' targets; batches nested in batches; batches nested past the depth budget; values that
/// do not add up; the same selectors sent to another contract.
@Suite struct MulticallVariantsTests {
    typealias C = Crafted
    typealias T = EthereumChainTests
    static let multicall3 = MulticallTests.multicall3
    static let ether = BigUInt(10).power(18)

    /// The selectors as Keccak-256 computes them from the canonical signatures, and as
    /// eth-utils' `keccak(text=…)[:4]` printed them (the review's table must agree with both).
    static let signatures: [(String, String)] = [
        ("aggregate((address,bytes)[])", "0x252dba42"),
        ("tryAggregate(bool,(address,bytes)[])", "0xbce38bd7"),
        ("blockAndAggregate((address,bytes)[])", "0xc3077fa9"),
        ("tryBlockAndAggregate(bool,(address,bytes)[])", "0x399542e9"),
        ("aggregate3((address,bool,bytes)[])", "0x82ad56cb"),
        ("aggregate3Value((address,bool,uint256,bytes)[])", "0x174dea71"),
    ]

    @Test func theSelectorsAreKeccakOfTheSignatures() throws {
        for (signature, hex) in Self.signatures {
            let selector = Array(Keccak256.hash(Array(signature.utf8)).prefix(4))
            #expect(Hex.encode(selector, prefix: true) == hex, "\(signature)")
            let form = try #require(MulticallReview.Form.allCases.first { $0.signature == signature }, "\(signature)")
            #expect(form.selector == selector, "\(signature)")
            #expect(try ABIFunction(signature: signature).selector == selector)
        }
        #expect(MulticallReview.Form.allCases.count == Self.signatures.count)
    }

    // MARK: calldata, written with the repository's ABI encoder

    /// `signature`'s calldata: selector (Keccak of the signature) and its arguments.
    static func call(_ signature: String, _ values: [ABIValue]) throws -> [UInt8] {
        try ABIEncoder.call(try ABIFunction(signature: signature), values)
    }

    static func address(_ text: String) throws -> ABIValue { .address(try EthereumAddress(text)) }

    /// `(address,bytes)[]` batches: aggregate, blockAndAggregate; with `requireSuccess`, the try forms.
    static func batch(_ name: String, requireSuccess: Bool? = nil, _ calls: [(String, [UInt8])]) throws -> [UInt8] {
        let items = try calls.map { ABIValue.tuple([try address($0.0), .bytes($0.1)]) }
        guard let requireSuccess else { return try call("\(name)((address,bytes)[])", [.array(items)]) }
        return try call("\(name)(bool,(address,bytes)[])", [.bool(requireSuccess), .array(items)])
    }

    /// aggregate3Value((address,bool,uint256,bytes)[]).
    static func aggregate3Value(_ calls: [(target: String, allowFailure: Bool, value: BigUInt, data: [UInt8])]) throws
        -> [UInt8]
    {
        try call(
            "aggregate3Value((address,bool,uint256,bytes)[])",
            [
                .array(
                    try calls.map {
                        .tuple([try address($0.target), .bool($0.allowFailure), .uint($0.value), .bytes($0.data)])
                    })
            ])
    }

    /// transferFrom(<the signing account>, stranger, amount): the account's own tokens.
    static func pull(_ amount: BigUInt) throws -> [UInt8] {
        try call(
            "transferFrom(address,address,uint256)",
            [try address(try PermitReviewTests.owner()), try address(C.stranger), .uint(amount)])
    }

    /// transfer(stranger, amount): Multicall3's own tokens, not the account's.
    static func transfer(_ amount: BigUInt) throws -> [UInt8] {
        try call("transfer(address,uint256)", [try address(C.stranger), .uint(amount)])
    }

    static func alice() throws -> String { try T.account(2).address }

    static func request(to: String = multicall3, _ data: [UInt8], value: BigUInt = 0) throws -> SignRequest {
        try C.transaction(C.call(to: to, data: data, value: value))
    }

    static func review(_ request: SignRequest) throws -> Review {
        try T.module.review(request, context: T.context())
    }

    /// The ether outflows of `review`: amount and where to.
    static func etherOutflows(_ review: Review) -> [String] {
        review.effects.compactMap {
            guard case let .outflow(outflow) = $0, outflow.amount.asset.symbol == "ETH" else { return nil }
            return outflow.amount.formatted + " to " + (outflow.to ?? "(fees)")
        }
    }

    static func unknownCall(_ path: String, to target: String) -> String {
        "call \(path) of the Multicall3 batch, to \(target): made by Multicall3 with its own tokens or another's allowance, not read by the signer"
    }

    /// The batch summary of one request with unknown effects, signed with --blind.
    static func blindSummary(_ totals: [String]) -> String {
        """
        Batch: 1 request, all reviewed
          unknown   effects the signer does not understand: 1 request (1), read every
                    | line
          blind     signed only because --blind names it: request 1

        """ + totals.map { "  total     \($0)\n" }.joined() + """
              total     only what the signer understands: more may leave through the
                        | requests with unknown effects
            """
    }

    // MARK: the forms without value

    @Test func tryAndBlockFormsCountTheAccountsTokensAndNothingElse() throws {
        let calls = [(C.usdc, try Self.pull(7_000_000)), (C.usdc, try Self.transfer(1))]
        let forms: [(name: String, data: [UInt8], mayFail: Bool)] = [
            ("tryAggregate", try Self.batch("tryAggregate", requireSuccess: false, calls), true),
            ("tryAggregate", try Self.batch("tryAggregate", requireSuccess: true, calls), false),
            ("blockAndAggregate", try Self.batch("blockAndAggregate", calls), false),
            ("tryBlockAndAggregate", try Self.batch("tryBlockAndAggregate", requireSuccess: false, calls), true),
            ("tryBlockAndAggregate", try Self.batch("tryBlockAndAggregate", requireSuccess: true, calls), false),
        ]
        for form in forms {
            let request = try Self.request(form.data)
            let review = try Self.review(request)
            let mayFail = form.mayFail ? " (allowed to fail)" : ""
            #expect(
                Array(review.lines.drop { !$0.value.hasPrefix("Multicall3") }) == [
                    ReviewLine(
                        "call", "Multicall3 \(form.name): 2 calls, each made by Multicall3, not by your account"),
                    ReviewLine("call 1", "\(C.usdc) (not in your contacts)\(mayFail)"),
                    ReviewLine(
                        "call", "ERC-20 transferFrom of your tokens, through an allowance you gave Multicall3", level: 1
                    ),
                    ReviewLine("token", "USDC (USDCoin, 6 decimals)", level: 1, source: .signerTable),
                    ReviewLine("token recipient", "\(C.stranger) (not in your contacts)", level: 1),
                    ReviewLine("token amount", "7 USDC (7000000 base units)", level: 1, source: .signerTable),
                    ReviewLine("call 2", "\(C.usdc) (not in your contacts)\(mayFail)"),
                    ReviewLine("data", "selector 0xa9059cbb, 68 bytes: Multicall3's own call, not read", level: 1),
                ], "\(form)")
            #expect(review.totals.map(\.formatted) == ["0.0018 ETH", "7 USDC"], "\(form)")
            #expect(review.unknowns == [Self.unknownCall("2", to: C.usdc)], "\(form)")
            #expect(review.warnings.isEmpty, "\(form): \(review.warnings)")
            #expect(
                try C.summary([request], allowBlind: true)
                    == Self.blindSummary([
                        "0.0018 ETH on ethereum eip155:1",
                        "7 USDC on ethereum eip155:1\n            | (0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48)",
                    ]), "\(form)")
        }
    }

    /// Bytes after an inner transferFrom's arguments do not hide it: the token runs it all the
    /// same, so it is counted, shown with the extra bytes, and warned of.
    @Test func anInnerPullWithExtraBytesIsStillCounted() throws {
        let padded = try Self.pull(7_000_000) + [0xde, 0xad, 0xbe, 0xef, 0x01]
        let request = try Self.request(try Self.batch("tryAggregate", requireSuccess: true, [(C.usdc, padded)]))
        let review = try Self.review(request)
        #expect(review.totals.map(\.formatted) == ["0.0018 ETH", "7 USDC"])
        #expect(review.unknowns.isEmpty, "\(review.unknowns)")
        #expect(
            review.lines.contains(
                ReviewLine("extra data", "5 bytes after the arguments, which the token ignores", level: 1)))
        #expect(
            review.warnings == [
                "call 1 of the Multicall3 batch carries 5 bytes after its arguments; the token ignores them and the call is counted as shown, but a wallet that sends such data may be hiding something"
            ])
    }

    @Test func etherSentWithABatchThatDoesNotPassItOnStaysInMulticall3() throws {
        let data = try Self.batch("tryAggregate", requireSuccess: false, [(C.usdc, try Self.pull(7_000_000))])
        let review = try Self.review(try Self.request(data, value: Self.ether / 2))
        #expect(review.warnings == ["0.5 ETH is sent to Multicall3, which any caller can take from it"])
        #expect(
            Self.etherOutflows(review) == [
                "0.0018 ETH to (fees)", "0.5 ETH to \(Self.multicall3) (not in your contacts)",
            ])
        #expect(review.totals.map(\.formatted) == ["0.5018 ETH", "7 USDC"])
        #expect(review.unknowns.isEmpty)
    }

    // MARK: aggregate3Value

    static func valueCalls() throws -> [(target: String, allowFailure: Bool, value: BigUInt, data: [UInt8])] {
        [
            (try alice(), false, ether / 4, []), (C.stranger, true, ether / 2, []),
            (C.usdc, false, 0, try pull(7_000_000)),
        ]
    }

    @Test func aggregate3ValuePaysEachCallsValueToItsTarget() throws {
        let request = try Self.request(try Self.aggregate3Value(Self.valueCalls()), value: Self.ether * 3 / 4)
        let review = try Self.review(request)
        let alice = "\(try Self.alice()) (contact \"Alice\")"
        let stranger = "\(C.stranger) (not in your contacts)"
        #expect(
            Array(
                review.lines.drop {
                    $0.value != "Multicall3 aggregate3Value: 3 calls, each made by Multicall3, not by your account"
                }) == [
                    ReviewLine(
                        "call", "Multicall3 aggregate3Value: 3 calls, each made by Multicall3, not by your account"),
                    ReviewLine("call 1", alice),
                    ReviewLine("value", "0.25 ETH", level: 1),
                    ReviewLine("data", "none: ether sent to the target", level: 1),
                    ReviewLine("call 2", "\(stranger) (allowed to fail)"),
                    ReviewLine("value", "0.5 ETH", level: 1),
                    ReviewLine("data", "none: ether sent to the target", level: 1),
                    ReviewLine("call 3", "\(C.usdc) (not in your contacts)"),
                    ReviewLine("value", "0 ETH", level: 1),
                    ReviewLine(
                        "call", "ERC-20 transferFrom of your tokens, through an allowance you gave Multicall3", level: 1
                    ),
                    ReviewLine("token", "USDC (USDCoin, 6 decimals)", level: 1, source: .signerTable),
                    ReviewLine("token recipient", stranger, level: 1),
                    ReviewLine("token amount", "7 USDC (7000000 base units)", level: 1, source: .signerTable),
                ])
        // The fees alone, then each value to the target it pays: the same 0.7518 ETH in all.
        #expect(
            Self.etherOutflows(review) == ["0.0018 ETH to (fees)", "0.25 ETH to \(alice)", "0.5 ETH to \(stranger)"])
        #expect(review.totals.map(\.formatted) == ["0.7518 ETH", "7 USDC"])
        // Ether forwarded with no call is a payment the signer counts: nothing here is unknown,
        // so the batch needs no --blind.
        #expect(review.unknowns.isEmpty, "\(review.unknowns)")
        #expect(review.warnings.isEmpty, "\(review.warnings)")
        #expect(
            try C.summary([request]) == """
                Batch: 1 request, all reviewed
                  total     0.7518 ETH on ethereum eip155:1
                  total     7 USDC on ethereum eip155:1
                            | (0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48)
                """)
    }

    @Test func valuesThatDoNotAddUpAreWarnedAndWhatTheTransactionSendsIsCounted() throws {
        let data = try Self.aggregate3Value(Self.valueCalls())
        let toMulticall = "to \(Self.multicall3) (not in your contacts)"
        // More than the calls take, less, and none: Multicall3 reverts each (msg.value must equal the sum).
        let cases: [(value: BigUInt, warning: String, ether: [String], total: String)] = [
            (
                Self.ether,
                "the Multicall3 aggregate3Value calls send 0.75 ETH in all, but the transaction sends it 1 ETH: Multicall3 reverts a batch whose values do not add up to what it receives; the 1 ETH the transaction sends is counted as sent to Multicall3",
                ["0.0018 ETH to (fees)", "1 ETH \(toMulticall)"], "1.0018 ETH"
            ),
            (
                Self.ether / 2,
                "the Multicall3 aggregate3Value calls send 0.75 ETH in all, but the transaction sends it 0.5 ETH: Multicall3 reverts a batch whose values do not add up to what it receives; the 0.5 ETH the transaction sends is counted as sent to Multicall3",
                ["0.0018 ETH to (fees)", "0.5 ETH \(toMulticall)"], "0.5018 ETH"
            ),
            (
                0,
                "the Multicall3 aggregate3Value calls send 0.75 ETH in all, but the transaction sends it 0 ETH: Multicall3 reverts a batch whose values do not add up to what it receives",
                ["0.0018 ETH to (fees)"], "0.0018 ETH"
            ),
        ]
        for item in cases {
            let request = try Self.request(data, value: item.value)
            let review = try Self.review(request)
            #expect(review.warnings == [item.warning], "\(item.value)")
            #expect(Self.etherOutflows(review) == item.ether, "\(item.value)")
            #expect(review.totals.map(\.formatted) == [item.total, "7 USDC"], "\(item.value)")
            #expect(review.unknowns.isEmpty, "\(item.value): \(review.unknowns)")
            #expect(
                try C.summary([request]) == """
                    Batch: 1 request, all reviewed
                      total     \(item.total) on ethereum eip155:1
                      total     7 USDC on ethereum eip155:1
                                | (0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48)
                    """, "\(item.value)")
        }
    }

    // MARK: nesting

    @Test func aNestedBatchIsReadOneLevelDeeperAndItsPullsCount() throws {
        let inner = try MulticallTests.aggregate3([(C.usdc, try Self.pull(5_000_000)), (C.dai, try Self.transfer(1))])
        let data = try Self.batch("aggregate", [(Self.multicall3, inner), (C.usdc, try Self.pull(2_000_000))])
        let request = try Self.request(data)
        let review = try Self.review(request)
        let mc = "\(Self.multicall3) (not in your contacts)"
        #expect(
            Array(review.lines.drop { !$0.value.hasPrefix("Multicall3 aggregate:") }.prefix(11)) == [
                ReviewLine("call", "Multicall3 aggregate: 2 calls, each made by Multicall3, not by your account"),
                ReviewLine("call 1", mc),
                ReviewLine(
                    "call", "Multicall3 aggregate3: 2 calls, each made by Multicall3, not by your account", level: 1),
                ReviewLine("call 1", "\(C.usdc) (not in your contacts) (allowed to fail)", level: 1),
                ReviewLine(
                    "call", "ERC-20 transferFrom of your tokens, through an allowance you gave Multicall3", level: 2),
                ReviewLine("token", "USDC (USDCoin, 6 decimals)", level: 2, source: .signerTable),
                ReviewLine("token recipient", "\(C.stranger) (not in your contacts)", level: 2),
                ReviewLine("token amount", "5 USDC (5000000 base units)", level: 2, source: .signerTable),
                ReviewLine("call 2", "\(C.dai) (not in your contacts) (allowed to fail)", level: 1),
                ReviewLine("data", "selector 0xa9059cbb, 68 bytes: Multicall3's own call, not read", level: 2),
                ReviewLine("call 2", "\(C.usdc) (not in your contacts)"),
            ])
        #expect(review.totals.map(\.formatted) == ["0.0018 ETH", "7 USDC"])
        #expect(review.unknowns == [Self.unknownCall("1.2", to: C.dai)])
        #expect(
            try C.summary([request], allowBlind: true)
                == Self.blindSummary([
                    "0.0018 ETH on ethereum eip155:1",
                    "7 USDC on ethereum eip155:1\n            | (0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48)",
                ]))
    }

    /// `depth` batches, each the only call of the one above, the innermost pulling 9 USDC.
    static func nested(_ depth: Int) throws -> [UInt8] {
        var data = try batch("blockAndAggregate", [(C.usdc, try pull(9_000_000))])
        for _ in 1..<depth { data = try batch("tryAggregate", requireSuccess: true, [(multicall3, data)]) }
        return data
    }

    @Test func fourBatchesDeepAreReadAFifthIsUnknown() throws {
        // Four deep: every call read, the pull counted, nothing unknown: nothing but the fee and
        // the 9 USDC leaves.
        let four = try Self.request(try Self.nested(4))
        let read = try Self.review(four)
        #expect(read.totals.map(\.formatted) == ["0.0018 ETH", "9 USDC"])
        #expect(read.unknowns.isEmpty)
        #expect(
            read.lines.contains(
                ReviewLine("token amount", "9 USDC (9000000 base units)", level: 4, source: .signerTable)))
        #expect(
            read.lines.contains(
                ReviewLine(
                    "call", "Multicall3 blockAndAggregate: 1 call, each made by Multicall3, not by your account",
                    level: 3)))
        #expect(
            try C.summary([four]) == """
                Batch: 1 request, all reviewed
                  total     0.0018 ETH on ethereum eip155:1
                  total     9 USDC on ethereum eip155:1
                            | (0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48)
                """)

        // Five deep: the fifth batch is not read, so its pull is not counted but unknown.
        let five = try Self.request(try Self.nested(5))
        let beyond = try Self.review(five)
        #expect(beyond.totals.map(\.formatted) == ["0.0018 ETH"])
        #expect(
            beyond.unknowns == [
                "call 1.1.1.1 of the Multicall3 batch: a Multicall3 batch nested more than 4 deep, not read by the signer"
            ])
        #expect(
            beyond.lines.contains(
                ReviewLine("data", "a Multicall3 blockAndAggregate batch nested more than 4 deep: not read", level: 4)))
        #expect(try C.summary([five], allowBlind: true) == Self.blindSummary(["0.0018 ETH on ethereum eip155:1"]))
    }

    @Test func etherPassedOnThroughANestedValueBatchReachesItsTargets() throws {
        let alice = "\(try Self.alice()) (contact \"Alice\")"
        let inner = try Self.aggregate3Value([(try Self.alice(), false, Self.ether / 10, [])])
        let outer = try Self.aggregate3Value([
            (Self.multicall3, false, Self.ether / 10, inner), (C.stranger, false, Self.ether / 5, []),
        ])
        let review = try Self.review(try Self.request(outer, value: Self.ether * 3 / 10))
        #expect(
            Self.etherOutflows(review) == [
                "0.0018 ETH to (fees)", "0.1 ETH to \(alice)", "0.2 ETH to \(C.stranger) (not in your contacts)",
            ])
        #expect(review.totals.map(\.formatted) == ["0.3018 ETH"])
        #expect(review.warnings.isEmpty, "\(review.warnings)")
        #expect(review.lines.contains(ReviewLine("call 1", alice, level: 1)))
        #expect(review.lines.contains(ReviewLine("value", "0.1 ETH", level: 2)))

        // An inner value batch whose values do not add up to what the outer call sends it:
        // that part is counted as sent to Multicall3, and warned of.
        let short = try Self.aggregate3Value([(try Self.alice(), true, Self.ether / 20, [])])
        let mismatched = try Self.aggregate3Value([(Self.multicall3, true, Self.ether / 10, short)])
        let uneven = try Self.review(try Self.request(mismatched, value: Self.ether / 10))
        #expect(
            uneven.warnings == [
                "the Multicall3 aggregate3Value calls send 0.05 ETH in all, but call 1 sends it 0.1 ETH: Multicall3 reverts a batch whose values do not add up to what it receives; the 0.1 ETH call 1 sends is counted as sent to Multicall3"
            ])
        #expect(
            Self.etherOutflows(uneven) == [
                "0.0018 ETH to (fees)", "0.1 ETH to \(Self.multicall3) (not in your contacts)",
            ])
        #expect(uneven.totals.map(\.formatted) == ["0.1018 ETH"])

        // An inner value batch under a batch that sends no ether: it receives none.
        let unpaid = try Self.review(try Self.request(try Self.batch("aggregate", [(Self.multicall3, inner)])))
        #expect(
            unpaid.warnings == [
                "the Multicall3 aggregate3Value calls send 0.1 ETH in all, but call 1 sends it 0 ETH: Multicall3 reverts a batch whose values do not add up to what it receives"
            ])
        #expect(unpaid.totals.map(\.formatted) == ["0.0018 ETH"])
    }

    // MARK: not Multicall3

    @Test func theSelectorsSentToAnotherContractAreNotRead() throws {
        for data in [
            try Self.aggregate3Value(Self.valueCalls()),
            try Self.batch("tryAggregate", requireSuccess: false, [(C.usdc, try Self.pull(7_000_000))]),
        ] {
            let review = try Self.review(try Self.request(to: C.stranger, data, value: Self.ether * 3 / 4))
            #expect(!review.lines.contains { $0.value.hasPrefix("Multicall3") })
            #expect(review.totals.map(\.formatted) == ["0.7518 ETH"])
            #expect(Self.etherOutflows(review) == ["0.7518 ETH to \(C.stranger) (not in your contacts)"])
            #expect(!review.unknowns.isEmpty)
        }
        // Inside a batch, a batch sent to another contract is that contract's call, not read.
        let inner = try Self.batch("aggregate", [(C.usdc, try Self.pull(7_000_000))])
        let review = try Self.review(try Self.request(try Self.batch("blockAndAggregate", [(C.stranger, inner)])))
        #expect(review.totals.map(\.formatted) == ["0.0018 ETH"])
        #expect(review.unknowns == [Self.unknownCall("1", to: C.stranger)])
        // A try form whose flag is not a strict bool is not read as Multicall3's either.
        var bent = try Self.batch("tryAggregate", requireSuccess: true, [(C.usdc, try Self.pull(7_000_000))])
        bent[4 + 31] = 2
        let malformed = try Self.review(try Self.request(bent))
        #expect(!malformed.lines.contains { $0.value.hasPrefix("Multicall3") })
        #expect(malformed.totals.map(\.formatted) == ["0.0018 ETH"])
        #expect(!malformed.unknowns.isEmpty)
    }
}
