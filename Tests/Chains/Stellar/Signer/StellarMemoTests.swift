import AirsignCrypto
import AirsignEncoding
import AirsignTestSupport
import Testing

@testable import AirsignStellar

/// What the Stellar module computes once and reuses: the network id and quoted passphrase
/// made with the network, the asset contract ids it remembers, the hash `sign` signed. Each is
/// held to its computation on random input.
@Suite struct StellarMemoTests {
    @Test func aNetworkCarriesItsIdAndQuotedPassphrase() {
        var random = SeededRandom.forTest("StellarNetwork.id")
        let words = ["Test", "SDF", "Network", ";", "September", "2015", "é", "e\u{301}", "\"", "\\", "\t"]
        for round in 0..<500 {
            let passphrase = (0..<Int.random(in: 1...6, using: &random)).map { _ in
                words[Int.random(in: 0..<words.count, using: &random)]
            }.joined(separator: " ")
            let network = StellarNetwork(passphrase: passphrase)
            #expect(network.id == SHA256.hash(Array(passphrase.utf8)), "seed \(random.seed), round \(round)")
            #expect(Array(network.quotedPassphrase.utf8) == Array(passphrase.debugDescription.utf8))
        }
        for network in [StellarNetwork.public, .testnet, .futurenet] {
            #expect(network.id == SHA256.hash(Array(network.passphrase.utf8)))
            #expect(StellarNetwork(passphrase: network.passphrase) == network)
        }
        #expect(StellarNetwork.testnet != .public)
    }

    @Test func rememberedContractIdsAreComputedOnes() throws {
        var random = StellarRandom(rng: .forTest("HashIDPreimage.contractIDs"))
        let networks: [StellarNetwork] = [.public, .testnet, .futurenet, StellarNetwork(passphrase: "Standalone ; 1")]
        let assets = [Asset.native] + (0..<40).map { _ in random.asset() }
        var hits = 0
        for round in 0..<2000 {
            let asset = assets[Int.random(in: 0..<assets.count, using: &random.rng)]
            let network = networks[Int.random(in: 0..<networks.count, using: &random.rng)]
            let preimage = try HashIDPreimage.contractIDPreimage(.fromAsset(asset), network: network)
            if HashIDPreimage.contractIDs.remembers(preimage) { hits += 1 }
            #expect(
                try HashIDPreimage.assetContractID(asset, network: network) == SHA256.hash(preimage),
                "seed \(random.rng.seed), round \(round)")
        }
        #expect(hits > 1000, "seed \(random.rng.seed): \(hits) hits of 2000")
    }

    @Test func theHashSignedIsTheSignedEnvelopesHash() throws {
        var random = StellarRandom(rng: .forTest("TransactionEnvelope.signedWithHash"))
        for type in StellarRandom.operationTypes {
            let envelope = random.envelope(including: type)
            guard envelope.signatures.count < 20 else { continue }
            let key = try Ed25519.PrivateKey(seed: SecureBytes(copying: random.rng.bytes(32)))
            let (signed, signature, hash) = try envelope.signedWithHash(with: key, network: .testnet)
            #expect(try hash == signed.hash(network: .testnet), "seed \(random.rng.seed), type \(type)")
            let (plain, plainSignature) = try envelope.signed(with: key, network: .testnet)
            #expect(try signed.xdr() == plain.xdr() && signature == plainSignature)
            #expect(
                try StellarChain.result(signed, signature, hash: hash)
                    == StellarChain.result(signed, signature, network: .testnet))
        }
    }
}
