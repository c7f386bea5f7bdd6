import AirsignTestSupport
import BigInt
import Testing

@testable import AirsignMessages

/// `AssetAmount.totals` sums amounts of one asset and account (`oneTotal`), or of a few
/// (`fewTotals`), without dictionaries; wherever they answer, they answer what the general
/// rule gives, byte for byte.
@Suite struct AssetAmountTotalsTests {
    @Test func fewTotalsAgreeWithTheGeneralRule() throws {
        var random = SeededRandom.forTest("AssetAmount.fewTotals")
        let chain = try #require(ChainID(validating: "substrate"))
        let assets = [
            Asset(chain: chain, network: "polkadot:91b1", symbol: "DOT", decimals: 10),
            Asset(chain: chain, network: "polkadot:91b1", id: "1984", symbol: "USDT", decimals: 6),
            Asset(chain: chain, network: "polkadot:91b1", symbol: "DOT", decimals: 12),
            Asset(chain: chain, network: "polkadot:b0a8", symbol: "KSM", decimals: 12),
        ]
        let accounts: [String?] = [nil, "", "16PG7A3j (your account)", "5Grw (contact \"Alice\")"]
        let unstated = ["the whole transferable balance", "the fee", "é", "e\u{301}"]
        var taken = 0
        var oneTaken = 0
        for round in 0..<5000 {
            // Mostly one asset and account, as a review's effects are; sometimes mixed.
            let mixed = round % 3 == 0
            let asset = assets[Int.random(in: 0..<assets.count, using: &random)]
            let account = accounts[Int.random(in: 0..<accounts.count, using: &random)]
            let amounts = (0..<Int.random(in: 0...6, using: &random)).map { _ in
                AssetAmount(
                    asset: mixed && Bool.random(using: &random)
                        ? assets[Int.random(in: 0..<assets.count, using: &random)] : asset,
                    amount: BigUInt(UInt64.random(in: 0...UInt64.max, using: &random))
                        * BigUInt(UInt64.random(in: 0...3, using: &random)),
                    unstated: (0..<Int.random(in: 0...2, using: &random)).map { _ in
                        unstated[Int.random(in: 0..<unstated.count, using: &random)]
                    },
                    upTo: Int.random(in: 0..<5, using: &random) == 0,
                    account: mixed && Bool.random(using: &random)
                        ? accounts[Int.random(in: 0..<accounts.count, using: &random)] : account)
            }
            let general = AssetAmount.totalsByKey(amounts)
            let context = "seed \(random.seed), round \(round)"
            if let one = AssetAmount.oneTotal(amounts) {
                oneTaken += 1
                #expect([one] == general, "\(context)")
                #expect(Array(one.formatted.utf8) == general.first.map { Array($0.formatted.utf8) }, "\(context)")
            }
            guard let few = AssetAmount.fewTotals(amounts) else { continue }
            taken += 1
            #expect(few == general, "\(context)")
            #expect(few.map { Array($0.formatted.utf8) } == general.map { Array($0.formatted.utf8) }, "\(context)")
            #expect(
                few.map { $0.unstated.map { Array($0.utf8) } } == general.map { $0.unstated.map { Array($0.utf8) } })
        }
        // Both kinds of batch occur, so the comparison is not vacuous.
        #expect(taken > 2500 && taken < 4950, "seed \(random.seed): few totals \(taken) times of 5000")
        #expect(oneTaken > 2000 && oneTaken < taken, "seed \(random.seed): one total \(oneTaken) times of 5000")
    }

    /// `AmountFormat.decimalDigits` writes amounts of up to 256 bits by 64-bit long division;
    /// it writes what BigUInt's general conversion writes.
    @Test func decimalDigitsAreBigUIntsText() {
        var random = SeededRandom.forTest("AmountFormat.decimalDigits")
        var taken = 0
        for round in 0..<5000 {
            // Every width from 0 to 300 bits, with runs of zero and of one bits.
            let bits = Int.random(in: 0...300, using: &random)
            var amount = BigUInt(0)
            for _ in 0..<bits {
                amount = amount << 1 | BigUInt(Int.random(in: 0..<4, using: &random) == 0 ? 0 : 1)
            }
            if round % 7 == 0 { amount = (BigUInt(1) << bits) - (bits > 0 ? 1 : 0) }
            let fast = AmountFormat.decimalDigits(amount)
            #expect(fast == nil || fast == String(amount), "seed \(random.seed), round \(round): \(amount)")
            #expect((fast == nil) == (amount.bitWidth > 256))
            if fast != nil { taken += 1 }
            #expect(AmountFormat.decimal(amount, decimals: 18).utf8.count > 0)
        }
        #expect(taken > 3500 && taken < 4800, "seed \(random.seed): \(taken) of 5000 by 64-bit division")
    }
}
