import AirsignStellar
import AirsignTestSupport
import Testing

/// `StellarAmount.format` drops trailing zeros as digits; this holds it to the text rule (the
/// seven places written out, then their trailing zeros removed) on random amounts of every size.
@Suite struct StellarAmountFormatTests {
    static func byText(_ stroops: Int64) -> String {
        let magnitude = stroops.magnitude
        var fraction = String(magnitude % 10_000_000)
        fraction = String(repeating: "0", count: 7 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return (stroops < 0 ? "-" : "") + String(magnitude / 10_000_000) + (fraction.isEmpty ? "" : "." + fraction)
    }

    @Test func formatIsTheTextRule() throws {
        var random = SeededRandom.forTest("StellarAmount.format")
        var values: [Int64] = [
            0, 1, -1, 10, 10_000_000, 15_000_000, .max, .min, .min + 1, 9_999_999, 1_000_000_000_001,
        ]
        for _ in 0..<20_000 {
            var value = Int64(bitPattern: random.next()) >> Int64.random(in: 0...63, using: &random)
            // Round some to whole units, tenths and hundredths, for the trailing zeros.
            let round = [1, 10, 100, 10_000, 10_000_000][Int.random(in: 0..<5, using: &random)]
            value = value / Int64(round) * Int64(round)
            values.append(value)
        }
        for value in values {
            #expect(StellarAmount.format(value) == Self.byText(value), "seed \(random.seed): \(value)")
            if value >= 0 { #expect(try StellarAmount.parse(StellarAmount.format(value)) == value) }
        }
    }
}
