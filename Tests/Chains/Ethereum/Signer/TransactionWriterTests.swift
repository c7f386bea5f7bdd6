import AirsignCrypto
import AirsignEncoding
import AirsignTestSupport
import BigInt
import Foundation
import Testing

@testable import AirsignEthereum

/// A transaction is encoded by `RLPWriter` straight into bytes; these hold the writer to the
/// tree of items (`RLP.encode`), unsigned and signed, for every type on random transactions,
/// and the minimal big-endian bytes of an integer to `BigUInt.serialize`.
@Suite struct TransactionWriterTests {
    @Test func writtenEncodingsAreTheItemsEncodings() throws {
        var rng = SeededRandom.forTest("ethereum.RLPWriter")
        for type in TransactionType.allCases {
            for round in 0..<300 {
                let tx = try randomTransaction(type, &rng)
                #expect(tx.unsignedEncoding == tx.unsignedEncodingByItems, "seed \(rng.seed), \(type) round \(round)")
                if round % 5 == 0 {
                    let key = try Secp256k1.PrivateKey(SecureBytes(copying: [1] + rng.bytes(31)))
                    let signed = try tx.signed(with: key)
                    #expect(signed.encoded == signed.encodedByItems, "seed \(rng.seed), \(type) round \(round)")
                }
            }
        }
    }

    @Test func minimalBigEndianIsSerialize() {
        var rng = SeededRandom.forTest("ethereum.minimalBigEndian")
        for round in 0..<3000 {
            let bytes = rng.bytes(lengthIn: 0...40)
            let value = BigUInt(Data(bytes))
            #expect(value.minimalBigEndian == Array(value.serialize()), "seed \(rng.seed), round \(round): \(bytes)")
        }
    }

    /// The writer's own forms against the items they stand for, on edge values.
    @Test func writerFormsAreTheItems() {
        var rng = SeededRandom.forTest("RLPWriter forms")
        for round in 0..<3000 {
            let integer = rng.next() >> UInt64.random(in: 0...63, using: &rng)
            let bytes = rng.bytes(lengthIn: 0...(round % 10 == 0 ? 70 : 2))
            var writer = RLPWriter()
            writer.beginList()
            writer.append(integer: integer)
            writer.append(bytes: bytes)
            writer.append(unsignedBigEndian: [0, 0] + bytes)
            writer.beginList()
            writer.endList()
            writer.endList()
            let items: RLPItem = .list([
                .integer(integer), .bytes(bytes), .unsignedBigEndian([0, 0] + bytes), .list([]),
            ])
            #expect(writer.bytes == RLP.encode(items), "seed \(rng.seed), round \(round)")
        }
    }
}
