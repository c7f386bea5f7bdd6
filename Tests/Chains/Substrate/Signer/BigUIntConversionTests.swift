import AirsignTestSupport
import BigInt
import Testing

@testable import AirsignSubstrate

/// `BigUInt(uint128:)` takes the literal initializer for 64-bit amounts; it gives what the
/// generic conversion gives, on random amounts of every width up to 128 bits.
@Suite struct BigUIntConversionTests {
    @Test func uint128ConversionIsTheGenericOne() {
        var random = SeededRandom.forTest("BigUInt(uint128:)")
        var small = 0
        for round in 0..<5000 {
            let value =
                (UInt128(random.next()) << 64 | UInt128(random.next())) >> Int.random(in: 0...128, using: &random)
            if value <= UInt128(UInt64.max) { small += 1 }
            #expect(BigUInt(uint128: value) == BigUInt(value), "seed \(random.seed), round \(round): \(value)")
            #expect(String(BigUInt(uint128: value)) == String(value))
        }
        #expect(small > 1500 && small < 4000, "seed \(random.seed): \(small) of 5000 by the literal initializer")
    }
}
