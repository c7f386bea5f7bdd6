import AirsignCrypto
import AirsignTestSupport
import Testing

@testable import AirsignEthereum

/// `EthereumAddress(publicKey:)` answers from a memo what it hashed before; this holds the
/// remembered address to the computed one, through hits and misses.
@Suite struct EthereumAddressMemoTests {
    @Test func rememberedAddressesAreComputedOnes() throws {
        var random = SeededRandom.forTest("EthereumAddress.keyAddresses")
        let keys = try (0..<32).map { _ in
            try Secp256k1.PrivateKey(SecureBytes(copying: [1] + random.bytes(31))).publicKey
        }
        var hits = 0
        for round in 0..<1000 {
            let key = keys[Int.random(in: 0..<keys.count, using: &random)]
            if EthereumAddress.keyAddresses.remembers(key.uncompressed) { hits += 1 }
            #expect(
                EthereumAddress(publicKey: key).bytes == EthereumAddress.address(ofUncompressed: key.uncompressed),
                "seed \(random.seed), round \(round)")
        }
        #expect(hits > 500, "seed \(random.seed): \(hits) hits of 1000")
    }
}
