import AirsignEncoding
import AirsignEthereum
import AirsignMessages
import AirsignTestSupport
import BigInt
import Testing

/// Issue 18 item 3: token amounts come from the calldata and the signer's own token list, never
/// from the request's note; a note that says otherwise is flagged.
@Suite struct TokenAmountReviewTests {
    typealias C = Crafted
    static let transfer: [UInt8] = [0xa9, 0x05, 0x9c, 0xbb]

    static func transfer(
        _ amount: BigUInt, token: String = Crafted.usdc, to: String = Crafted.stranger, note: String? = nil
    ) throws -> SignRequest {
        try C.transaction(C.call(to: token, data: transfer + C.word(to) + C.word(amount)), note: note)
    }

    /// NoteCheck's warning for the crafted request below: the amount the note names, and what
    /// the signed lines show (the token amount line and the batch total).
    static let contradiction =
        "the note says 12.5 USDC, but the signed lines show 12500000 USDC: the note contradicts what is signed"

    /// The watch's note said 12.5 USDC; the calldata the attacker put in moves 12,500,000 USDC.
    @Test func aNoteContradictingTheCalldataIsFlagged() throws {
        let request = try Self.transfer(
            BigUInt(12_500_000) * 1_000_000, to: EthereumChainTests.account(2).address, note: "12.5 USDC")
        let text = try C.render(request)
        #expect(
            unwrappedReview(text).contains(
                """
                  call      ERC-20 transfer
                  token     USDC (USDCoin, 6 decimals) [signer's table]
                  token recipient 0x5050A4F4b3f9338C3472dcC01A87C76A144b3c9c (contact "Alice")
                  token amount 12500000 USDC (12500000000000 base units) [signer's table]
                  total     0.0018 ETH
                  total     12500000 USDC
                  warning   \(Self.contradiction)
                  note      from the request, not signed, not verified: 12.5 USDC
                """), "\(text)")
        let review = try EthereumChainTests.module.review(request, context: EthereumChainTests.context())
        #expect(NoteCheck.contradictions(review) == [Self.contradiction])
        // The honest request: the note agrees, nothing is flagged.
        let honest = try EthereumChainTests.module.review(
            try Self.transfer(12_500_000, note: "12.5 USDC"), context: EthereumChainTests.context())
        #expect(NoteCheck.contradictions(honest).isEmpty)
        #expect(
            honest.lines.contains(ReviewLine("token amount", "12.5 USDC (12500000 base units)", source: .signerTable)))
    }

    @Test func knownTokenAmountsAreInTheBatchTotal() throws {
        let requests = [
            try Self.transfer(12_500_000), try Self.transfer(7_500_000),
            try Self.transfer(BigUInt(10).power(18), token: C.dai),
        ]
        let summary = try C.summary(requests)
        #expect(
            summary == """
                Batch: 3 requests, all reviewed
                  total     0.0054 ETH on ethereum eip155:1
                  total     1 DAI on ethereum eip155:1
                            | (0x6B175474E89094C44Da98b954EedeAC495271d0F)
                  total     20 USDC on ethereum eip155:1
                            | (0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48)
                """, "\(summary)")
        // The same contract on another chain is another token: Polygon's USDC is 0x3c49….
        let polygon = try C.transaction(
            C.call(to: C.usdc, data: Self.transfer + C.word(C.stranger) + C.word(5), chainId: 137),
            network: "eip155:137")
        let review = try EthereumChainTests.module.review(polygon, context: EthereumChainTests.context())
        // Polygon's own currency pays the fee; the token the list does not know on that chain
        // still leaves, counted in base units of its contract.
        #expect(
            review.totals.map(\.asset.symbol) == [
                "POL", "base units of token 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
            ])
        #expect(review.lines.contains(ReviewLine("token amount", "5 base units")))
    }

    @Test func anUnknownTokenIsShownInBaseUnitsAndSaidToBeUnknown() throws {
        let request = try Self.transfer(12_500_000, token: C.unknownToken, note: "12.5 USDC")
        let review = try EthereumChainTests.module.review(request, context: EthereumChainTests.context())
        #expect(
            review.lines.contains(
                ReviewLine(
                    "token", "\(C.unknownToken), not in the signer's token list: amounts in base units",
                    source: .signerTable)))
        #expect(review.lines.contains(ReviewLine("token amount", "12500000 base units")))
        // It still leaves: counted in base units of the contract, never dropped from the total.
        #expect(review.totals.map(\.formatted) == ["0.0018 ETH", "12500000 base units of token \(C.unknownToken)"])
        #expect(
            review.warnings == [
                "the token \(C.unknownToken) is not in the signer's token list: its amount is shown and totalled in base units"
            ])
        // A note naming a symbol the signed lines cannot show is flagged too.
        #expect(
            NoteCheck.contradictions(review) == [
                "the note speaks of 12.5 USDC, but no signed line shows any USDC: trust the lines above, not the note"
            ])
    }

    /// Bytes after a transfer's arguments: Solidity's decoder ignores them, so the token runs
    /// the transfer; the review keeps it in the total and warns of the bytes, never drops it.
    @Test func bytesAfterATokenCallKeepItsEffects() throws {
        let data = Self.transfer + (try C.word(C.stranger)) + C.word(12_500_000) + [UInt8](repeating: 0xab, count: 36)
        let review = try EthereumChainTests.module.review(
            try C.transaction(C.call(to: C.usdc, data: data)), context: EthereumChainTests.context())
        #expect(review.totals.map(\.formatted) == ["0.0018 ETH", "12.5 USDC"])
        #expect(review.unknowns.isEmpty)
        #expect(
            review.warnings.contains { $0.contains("carries 36 bytes after the arguments of transfer") },
            "\(review.warnings)")
    }

    @Test func transferFromCountsOnlyTheAccountsOwnTokens() throws {
        let from = [0x23, 0xb8, 0x72, 0xdd] as [UInt8]
        let own = try EthereumChainTests.account(0x46).address
        let mine = try C.transaction(
            C.call(to: C.usdc, data: from + C.word(own) + C.word(C.stranger) + C.word(3_000_000)))
        let theirs = try C.transaction(
            C.call(to: C.usdc, data: from + C.word(C.stranger) + C.word(own) + C.word(3_000_000)))
        let context = try EthereumChainTests.context()
        #expect(
            try EthereumChainTests.module.review(mine, context: context).totals.map(\.formatted) == [
                "0.0018 ETH", "3 USDC",
            ])
        // Another owner's tokens (an allowance this account spends) leave that owner's account:
        // totalled as theirs, apart from this account's.
        #expect(
            try EthereumChainTests.module.review(theirs, context: context).totals.map(\.formatted)
                == ["0.0018 ETH", "3 USDC from \(C.stranger) (not in your contacts)"])
    }

    @Test func theBuiltInListIsUniswapsDefaultList() throws {
        #expect(TokenList.all.count == 813)
        #expect(TokenList.origin.hasPrefix("repository Uniswap/default-token-list"))
        let usdc = try #require(TokenList.token(chainId: 1, contract: try EthereumAddress(C.usdc)))
        #expect((usdc.symbol, usdc.decimals) == ("USDC", 6))
        #expect(
            TokenList.token(chainId: 137, contract: try EthereumAddress("0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359"))?
                .symbol == "USDC")
        #expect(TokenList.token(chainId: BigUInt(1) << 64, contract: try EthereumAddress(C.usdc)) == nil)
        var seen = Set<String>()
        for token in TokenList.all {
            // Every contract reads as an address; each (chain, contract) once; symbols as the
            // generator checked them.
            #expect(try EthereumAddress(token.contract).bytes.count == 20)
            #expect(token.contract == token.contract.lowercased())
            #expect(seen.insert("\(token.chainId) \(token.contract)").inserted, "\(token)")
            #expect((1...11).contains(token.symbol.count) && (0...36).contains(token.decimals), "\(token)")
        }
    }
}
