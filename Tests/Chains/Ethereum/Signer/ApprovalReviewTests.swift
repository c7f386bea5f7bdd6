import AirsignEncoding
import AirsignEthereum
import AirsignMessages
import AirsignTestSupport
import BigInt
import Testing

/// Issue 18 item 2: transactions that let others move the account's tokens are shown as
/// approvals, "Unlimited" from `Allowance.unlimitedThreshold` with a warning, the spender
/// labelled, and counted in the batch summary.
@Suite struct ApprovalReviewTests {
    typealias C = Crafted
    static let approve: [UInt8] = [0x09, 0x5e, 0xa7, 0xb3]

    static func approval(_ amount: BigUInt, token: String = Crafted.usdc, spender: String = Crafted.stranger) throws
        -> SignRequest
    {
        try C.transaction(C.call(to: token, data: approve + C.word(spender) + C.word(amount)))
    }

    @Test func anApprovalOfTwoToThe256MinusTwoIsUnlimited() throws {
        let request = try Self.approval((BigUInt(1) << 256) - 2)
        let text = try C.render(request)
        #expect(
            text == """
                Request 1 of 1  id 11111111-1111-4111-8111-111111111111
                  Ethereum transaction, EIP-1559 (type 2)
                  chain     Ethereum (ethereum)
                  network   eip155:1
                  account   0x9d8A62f656a8d1615C1294fd71e9CFb3E4855A4F (your account (key
                            | "main"))
                  network name Ethereum Mainnet (chain id 1) [signer's table]
                  from      0x9d8A62f656a8d1615C1294fd71e9CFb3E4855A4F (your account (key
                            | "main"))
                  to        0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48 (not in your contacts)
                  value     0 ETH
                  nonce     7
                  gas limit 60000
                  max priority fee 1 gwei
                  max fee   30 gwei
                  max fees  0.0018 ETH
                  max total cost 0.0018 ETH
                  access list none
                  call      ERC-20 approve
                  token     USDC (USDCoin, 6 decimals) [signer's table]
                  spender   0x4242424242424242424242424242424242424242 (not in your contacts)
                  allowance Unlimited USDC (2^256 − 2 base units) [signer's table]
                  total     0.0018 ETH
                  approval  Unlimited USDC (0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48) to
                            | spender 0x4242424242424242424242424242424242424242 (not in your
                            | contacts)
                  warning   UNLIMITED approval: 0x4242424242424242424242424242424242424242 (not
                            | in your contacts) may take all of this account's USDC
                            | (0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48), now and later, until
                            | the approval is revoked or expires
                  warning   the approval goes to 0x4242424242424242424242424242424242424242,
                            | which is not one of your accounts or contacts
                  signs     1 message, 112 bytes: transaction

                """, "\(text)")
        // The batch says what the signature grants, not that nothing leaves.
        let summary = try C.summary([request, try C.transaction(EthereumChainTests.plainTransfer())])
        #expect(
            summary == """
                Batch: 2 requests, all reviewed, 1 approval (1 unlimited)
                  total     1.50222 ETH on ethereum eip155:1
                  approval  Unlimited USDC (0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48) to
                            | spender 0x4242424242424242424242424242424242424242 (not in your
                            | contacts)
                """, "\(summary)")
    }

    @Test func theThresholdIsTwoToThe128MinusOne() throws {
        let context = try EthereumChainTests.context()
        let below = try EthereumChainTests.module.review(
            try Self.approval(Allowance.unlimitedThreshold - 1), context: context)
        #expect(
            below.lines.contains(
                ReviewLine(
                    "allowance",
                    "340282366920938463463374607431768.211454 USDC (340282366920938463463374607431768211454 base units)",
                    source: .signerTable)))
        #expect(below.approvals.map(\.isUnlimited) == [false])
        #expect(below.approvals.map(\.allowance) == ["340282366920938463463374607431768.211454"])
        // Not unlimited, but a billion tokens or more: very large (issue 21), and to a stranger.
        #expect(
            below.warnings == [
                "VERY LARGE approval: \(Crafted.stranger) (not in your contacts) may take up to 340282366920938463463374607431768.211454 USDC, a billion or more whole tokens",
                "the approval goes to \(Crafted.stranger), which is not one of your accounts or contacts",
            ])
        let at = try EthereumChainTests.module.review(try Self.approval(Allowance.unlimitedThreshold), context: context)
        #expect(
            at.lines.contains(ReviewLine("allowance", "Unlimited USDC (2^128 − 1 base units)", source: .signerTable)))
        #expect(at.approvals.map(\.isUnlimited) == [true])
        #expect(at.warnings.count == 2 && at.warnings[0].hasPrefix("UNLIMITED approval"))
        // Just below a billion USDC: neither.
        let large = try EthereumChainTests.module.review(
            try Self.approval(BigUInt(999_999_999) * 1_000_000, spender: try EthereumChainTests.account(2).address),
            context: context)
        #expect(large.warnings.isEmpty)
        let billion = try EthereumChainTests.module.review(
            try Self.approval(BigUInt(1_000_000_000) * 1_000_000, spender: try EthereumChainTests.account(2).address),
            context: context)
        #expect(billion.warnings.map { $0.prefix(19) } == ["VERY LARGE approval"])
        // An ordinary allowance to a contact: counted, labelled, no warning.
        let alice = try EthereumChainTests.account(2).address
        let small = try EthereumChainTests.module.review(
            try Self.approval(250_000_000, spender: alice), context: context)
        #expect(
            small.approvals == [
                Approval(
                    asset: "USDC (\(Crafted.usdc))", spender: "\(alice) (contact \"Alice\")", allowance: "250",
                    isUnlimited: false)
            ])
        #expect(small.warnings.isEmpty)
        // An allowance of zero revokes: shown, and counted as nothing.
        let revoke = try EthereumChainTests.module.review(try Self.approval(0), context: context)
        #expect(revoke.lines.contains(ReviewLine("allowance", "0 USDC (0 base units)", source: .signerTable)))
        #expect(revoke.approvals.isEmpty && revoke.warnings.isEmpty)
    }

    @Test func baseUnitsNearAPowerOfTwoAreWrittenAsOne() {
        #expect(Allowance.baseUnits((BigUInt(1) << 256) - 1) == "2^256 − 1")
        #expect(Allowance.baseUnits((BigUInt(1) << 160) - 1) == "2^160 − 1")
        #expect(Allowance.baseUnits(BigUInt(1) << 255) == "2^255")
        #expect(Allowance.baseUnits((BigUInt(1) << 200) + 5) == String((BigUInt(1) << 200) + 5))
        #expect(Allowance.baseUnits(12_500_000) == "12500000")
        // Below the threshold a near-power is written out: it is a budget, shown as one.
        #expect(Allowance.baseUnits((BigUInt(1) << 64) - 1) == "18446744073709551615")
    }

    @Test func anUnknownTokensUnlimitedApprovalStillWarns() throws {
        let review = try EthereumChainTests.module.review(
            try Self.approval((BigUInt(1) << 256) - 1, token: Crafted.unknownToken),
            context: EthereumChainTests.context())
        #expect(review.lines.contains(ReviewLine("allowance", "Unlimited (2^256 − 1 base units)")))
        #expect(
            review.approvals == [
                Approval(
                    asset: "token \(Crafted.unknownToken) (not in the signer's token list)",
                    spender: "\(Crafted.stranger) (not in your contacts)", allowance: "Unlimited", isUnlimited: true)
            ])
        #expect(
            review.warnings == [
                "UNLIMITED approval: \(Crafted.stranger) (not in your contacts) may take all of this account's token \(Crafted.unknownToken) (not in the signer's token list), now and later, until the approval is revoked or expires",
                "the approval goes to \(Crafted.stranger), which is not one of your accounts or contacts",
            ])
        let limited = try EthereumChainTests.module.review(
            try Self.approval(5, token: Crafted.unknownToken), context: EthereumChainTests.context())
        #expect(limited.approvals.map(\.allowance) == ["5 base units or ERC-721 token id of"])
    }

    @Test func increaseAllowanceAndApprovalForAll() throws {
        let context = try EthereumChainTests.context()
        let increase = try C.transaction(
            C.call(to: Crafted.usdc, data: [0x39, 0x50, 0x93, 0x51] + C.word(Crafted.stranger) + C.word(12_500_000)))
        let review = try EthereumChainTests.module.review(increase, context: context)
        #expect(review.lines.contains(ReviewLine("call", "ERC-20 increaseAllowance")))
        #expect(
            review.lines.contains(
                ReviewLine("added allowance", "12.5 USDC (12500000 base units)", source: .signerTable)))
        #expect(review.approvals.map(\.allowance) == ["+12.5"])
        #expect(review.confirmation == .standard)

        let nft = "0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D"
        let setAll = { (flag: UInt8) in
            try C.transaction(
                C.call(to: nft, data: [0xa2, 0x2c, 0xb4, 0x65] + C.word(Crafted.stranger) + C.word(BigUInt(flag))))
        }
        let all = try EthereumChainTests.module.review(try setAll(1), context: context)
        #expect(
            all.approvals == [
                Approval(
                    asset: "tokens of the collection \(nft)", spender: "\(Crafted.stranger) (not in your contacts)",
                    allowance: "All", isUnlimited: true)
            ])
        #expect(
            all.warnings == [
                "APPROVAL FOR ALL: \(Crafted.stranger) (not in your contacts) may move every token of the collection \(nft) this account holds, now and later, until the approval is revoked",
                "the approval goes to \(Crafted.stranger), which is not one of your accounts or contacts",
            ])
        let revoke = try EthereumChainTests.module.review(try setAll(0), context: context)
        #expect(revoke.approvals.isEmpty && revoke.warnings.isEmpty)
        #expect(revoke.lines.contains(ReviewLine("approved", "false: the approval is revoked")))
        let summary = try C.summary([try setAll(1), increase])
        #expect(summary.hasPrefix("Batch: 2 requests, all reviewed, 2 approvals (1 unlimited)\n"), "\(summary)")
    }
}
