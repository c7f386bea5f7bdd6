import AirsignEncoding
import AirsignEthereum
import AirsignMessages
import BigInt
import Testing

/// Multicall3 makes each call itself: only a `transferFrom` of the signing account's tokens
/// takes from the account; everything else it does is unknown. Calldata written by hand.
@Suite struct MulticallTests {
    typealias C = Crafted
    static let multicall3 = "0xcA11bde05977b3631167028862bE2a173976CA11"

    /// aggregate3((address,bool,bytes)[]) of `calls`, encoded word by word.
    static func aggregate3(_ calls: [(String, [UInt8])]) throws -> [UInt8] {
        var heads: [UInt8] = [], tails: [UInt8] = []
        let base = 32 * calls.count
        for (target, data) in calls {
            heads += C.word(BigUInt(base + tails.count))
            let padded = data + [UInt8](repeating: 0, count: (32 - data.count % 32) % 32)
            tails += (try C.word(target)) + C.word(1) + C.word(96) + C.word(BigUInt(data.count)) + padded
        }
        return [0x82, 0xad, 0x56, 0xcb] + C.word(32) + C.word(BigUInt(calls.count)) + heads + tails
    }

    @Test func onlyTheAccountsOwnTokensAreCountedTheRestIsUnknown() throws {
        let owner = try PermitReviewTests.owner()
        let pull = [0x23, 0xb8, 0x72, 0xdd] + (try C.word(owner)) + (try C.word(C.stranger)) + C.word(7_000_000)
        let own = [0xa9, 0x05, 0x9c, 0xbb] + (try C.word(C.stranger)) + C.word(1)
        let request = try C.transaction(
            C.call(to: Self.multicall3, data: try Self.aggregate3([(C.usdc, pull), (C.usdc, own)])))
        let review = try EthereumChainTests.module.review(request, context: EthereumChainTests.context())
        #expect(review.totals.map(\.formatted) == ["0.0018 ETH", "7 USDC"])
        #expect(
            review.unknowns == [
                "call 2 of the Multicall3 batch, to \(C.usdc): made by Multicall3 with its own tokens or another's allowance, not read by the signer"
            ])
        #expect(review.lines.contains(ReviewLine("token recipient", "\(C.stranger) (not in your contacts)", level: 1)))
        let summary = try C.summary([request], allowBlind: true)
        #expect(
            summary == """
                Batch: 1 request, all reviewed
                  unknown   effects the signer does not understand: 1 request (1), read every
                            | line
                  blind     signed only because --blind names it: request 1
                  total     0.0018 ETH on ethereum eip155:1
                  total     7 USDC on ethereum eip155:1
                            | (0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48)
                  total     only what the signer understands: more may leave through the
                            | requests with unknown effects
                """, "\(summary)")
        // The same selector to another contract is not read as Multicall3's.
        let elsewhere = try EthereumChainTests.module.review(
            try C.transaction(C.call(to: C.stranger, data: try Self.aggregate3([(C.usdc, pull)]))),
            context: EthereumChainTests.context())
        #expect(elsewhere.totals.map(\.formatted) == ["0.0018 ETH"])
        #expect(!elsewhere.unknowns.isEmpty)
    }
}
