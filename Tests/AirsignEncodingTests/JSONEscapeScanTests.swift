import AirsignTestSupport
import Testing

@testable import AirsignEncoding

/// The serializer copies a string whole when `needsEscape`, eight bytes at a time, finds
/// nothing to escape; this holds the word check to the byte rule on random bytes, the special
/// ones and their neighbours (0x1f, 0x20, 0x21, 0x5b, 0x5d, 0x7f, 0x80…) at every position.
@Suite struct JSONEscapeScanTests {
    @Test func wordCheckIsTheByteRule() {
        var random = SeededRandom.forTest("JSONSerializer.needsEscape")
        let near: [UInt8] = [0x00, 0x1f, 0x20, 0x21, 0x22, 0x23, 0x5b, 0x5c, 0x5d, 0x7f, 0x80, 0xa2, 0xdc, 0xff]
        var escaped = 0
        for round in 0..<20_000 {
            let count = Int.random(in: 0...40, using: &random)
            var bytes = (0..<count).map { _ in UInt8.random(in: 0x23...0x5b, using: &random) }
            // Most texts get no special byte; the rest one or two of the bytes near them.
            if round % 3 == 0, count > 0 {
                for _ in 0..<Int.random(in: 1...2, using: &random) {
                    bytes[Int.random(in: 0..<count, using: &random)] =
                        near[Int.random(in: 0..<near.count, using: &random)]
                }
            }
            let expected = bytes.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5c }
            if expected { escaped += 1 }
            #expect(
                bytes.withUnsafeBufferPointer(JSONSerializer.needsEscape) == expected,
                "seed \(random.seed), round \(round): \(bytes)")
        }
        #expect(escaped > 1000 && escaped < 6000, "seed \(random.seed): \(escaped) texts to escape of 20000")
    }
}
