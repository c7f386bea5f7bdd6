import AirsignEncoding
import AirsignTestSupport
import Testing

/// `Base64.encode` against RFC 4648 read literally (six bits at a time, `=` to a multiple of
/// four), on random bytes of every length mod 3.
@Suite struct Base64EncodeTests {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func reference(_ bytes: [UInt8]) -> String {
        let bits = bytes.flatMap { byte in (0..<8).map { byte >> (7 - $0) & 1 } }
        var out: [UInt8] = []
        var i = 0
        while i < bits.count {
            let group = (0..<6).map { i + $0 < bits.count ? bits[i + $0] : 0 }
            out.append(alphabet[Int(group.reduce(0) { $0 << 1 | $1 })])
            i += 6
        }
        while out.count % 4 != 0 { out.append(UInt8(ascii: "=")) }
        return String(decoding: out, as: UTF8.self)
    }

    @Test func encodeIsTheRFC() throws {
        var random = SeededRandom.forTest("Base64.encode")
        for round in 0..<2000 {
            let bytes = random.bytes(lengthIn: 0...70)
            let text = Base64.encode(bytes)
            #expect(text == Self.reference(bytes), "seed \(random.seed), round \(round): \(bytes)")
            #expect(try Base64.decode(text) == bytes)
        }
    }
}
