import AirsignEthereum
import AirsignMessages
import BigInt
import Testing

/// ERC-721 shares `transferFrom` and `approve` with ERC-20; ERC-721 permits and Permit2's
/// `approve` call grant allowances. Each crafted by hand, as an attacker would.
@Suite struct NFTAndPermit2Tests {
    typealias C = Crafted
    typealias P = PermitReviewTests
    static let nft = "0xC36442b4a4522E871399CD717aBDD847Ab11FE88"

    func review(_ request: SignRequest) throws -> Review {
        try EthereumChainTests.module.review(request, context: EthereumChainTests.context())
    }

    @Test func aContractTheListLacksMayBeAnNFT() throws {
        let owner = try P.owner()
        let move = try review(
            try C.transaction(
                C.call(
                    to: Self.nft, data: [0x23, 0xb8, 0x72, 0xdd] + C.word(owner) + C.word(C.stranger) + C.word(1234))))
        #expect(
            move.lines.contains(
                ReviewLine(
                    "token amount",
                    "1234 base units, or ERC-721 token id 1234: the signer's token list does not have this contract")))
        #expect(move.totals.map(\.asset.symbol) == ["ETH", "base units or ERC-721 token id of \(Self.nft)"])
        let approve = try review(
            try C.transaction(C.call(to: Self.nft, data: [0x09, 0x5e, 0xa7, 0xb3] + C.word(C.stranger) + C.word(0))))
        // Token id 0 is an NFT like any other: approving it is an approval.
        #expect(
            approve.approvals == [
                Approval(
                    asset: "token \(Self.nft) (not in the signer's token list)",
                    spender: "\(C.stranger) (not in your contacts)",
                    allowance: "0 base units or ERC-721 token id of", isUnlimited: false)
            ])
        #expect(
            approve.lines.contains(
                ReviewLine(
                    "allowance",
                    "0 base units, or ERC-721 token id 0: the signer's token list does not have this contract")))
        // A token the list has is an ERC-20 amount, as before.
        let usdc = try review(
            try C.transaction(
                C.call(to: C.usdc, data: [0x23, 0xb8, 0x72, 0xdd] + C.word(owner) + C.word(C.stranger) + C.word(1234))))
        #expect(
            usdc.lines.contains(ReviewLine("token amount", "0.001234 USDC (1234 base units)", source: .signerTable)))
        #expect(usdc.totals.map(\.asset.symbol) == ["ETH", "USDC"])
        let revoke = try review(
            try C.transaction(C.call(to: C.usdc, data: [0x09, 0x5e, 0xa7, 0xb3] + C.word(C.stranger) + C.word(0))))
        #expect(revoke.approvals.isEmpty)
    }

    @Test func anERC721PermitIsAnAllowanceOfOneToken() throws {
        let types =
            "\"Permit\":["
            + [
                P.member("spender", "address"), P.member("tokenId", "uint256"), P.member("nonce", "uint256"),
                P.member("deadline", "uint256"),
            ].joined(separator: ",") + "]"
        let json = C.typedJSON(
            domain: [
                ("name", "string", "\"Uniswap V3 Positions NFT-V1\""), ("version", "string", "\"1\""),
                ("chainId", "uint256", "1"),
                ("verifyingContract", "address", "\"\(Self.nft)\""),
            ],
            types: types, primary: "Permit",
            message:
                "{\"spender\":\"\(C.stranger)\",\"tokenId\":\"\((BigUInt(1) << 255))\",\"nonce\":0,\"deadline\":1767312000}"
        )
        let permit = try review(try C.typedData(json))
        #expect(
            permit.approvals == [
                Approval(
                    asset: "token id \(BigUInt(1) << 255) of collection \(Self.nft)",
                    spender: "\(C.stranger) (not in your contacts)",
                    allowance: "ERC-721", isUnlimited: false,
                    expiry: "1767312000 (2026-01-02 00:00:00 UTC, in 24 hours)")
            ])
        #expect(
            permit.effects.deferredSignatures == [
                DeferredSignature(
                    "a Permit signature the spender submits", until: "1767312000 (2026-01-02 00:00:00 UTC, in 24 hours)"
                )
            ])
        #expect(permit.warnings == ["the permit goes to \(C.stranger), which is not one of your accounts or contacts"])
        #expect(permit.unknowns.isEmpty)
    }

    static func permit2Approve(to: String = Crafted.permit2, amount: BigUInt, expiration: BigUInt = 1_767_312_000)
        throws -> SignRequest
    {
        try C.transaction(
            C.call(
                to: to,
                data: [0x87, 0x51, 0x7c, 0x45] + C.word(C.usdc) + C.word(C.stranger) + C.word(amount)
                    + C.word(expiration)))
    }

    @Test func permit2ApproveCalls() throws {
        let request = try Self.permit2Approve(amount: (BigUInt(1) << 160) - 1)
        let unlimited = try review(request)
        #expect(
            unlimited.approvals == [
                Approval(
                    asset: "USDC (\(C.usdc))", spender: "\(C.stranger) (not in your contacts)", allowance: "Unlimited",
                    isUnlimited: true, expiry: "1767312000 (2026-01-02 00:00:00 UTC, in 24 hours)")
            ])
        #expect(
            unlimited.warnings == [
                "UNLIMITED approval: \(C.stranger) (not in your contacts) may take all of this account's USDC (\(C.usdc)), now and later, until the approval is revoked or expires",
                "the approval goes to \(C.stranger), which is not one of your accounts or contacts",
            ])
        #expect(unlimited.unknowns.isEmpty)
        let summary = try C.summary([request])
        #expect(
            summary == """
                Batch: 1 request, all reviewed, 1 approval (1 unlimited)
                  total     0.0018 ETH on ethereum eip155:1
                  approval  Unlimited USDC (0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48) to
                            | spender 0x4242424242424242424242424242424242424242 (not in your
                            | contacts), until 1767312000 (2026-01-02 00:00:00 UTC, in 24 hours)
                """, "\(summary)")
        // The same call to another contract is that contract's to interpret: unknown.
        let elsewhere = try review(try Self.permit2Approve(to: C.stranger, amount: 5))
        #expect(elsewhere.approvals.isEmpty)
        #expect(!elsewhere.unknowns.isEmpty)
    }
}
