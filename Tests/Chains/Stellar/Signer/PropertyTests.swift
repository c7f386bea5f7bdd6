import AirsignCrypto
import AirsignEncoding
import AirsignStellar
import AirsignTestSupport
import Testing

@Suite struct StellarPropertyTests {
    @Test func roundTripEveryOperationType() throws {
        var random = StellarRandom(rng: .forTest("roundTripEveryOperationType"))
        for type in StellarRandom.operationTypes {
            for _ in 0..<40 {
                let envelope = random.envelope(including: type)
                let bytes = try envelope.xdr()
                let decoded = try TransactionEnvelope(xdr: bytes)
                #expect(decoded == envelope, "operation type \(type)")
                #expect(try decoded.xdr() == bytes, "operation type \(type)")
                #expect(try TransactionEnvelope(base64: try envelope.base64()) == envelope)
                // The review must not trap either; it may refuse (random amounts are positive, so it should not).
                _ = try decoded.review(network: .testnet)
            }
        }
    }

    @Test func decoderSurvivesCorruption() throws {
        var random = StellarRandom(rng: .forTest("decoderSurvivesCorruption"))
        var refused = 0
        for type in StellarRandom.operationTypes {
            let bytes = try random.envelope(including: type).xdr()
            for mutated in random.rng.corruptions(of: bytes, count: 150) {
                do {
                    let envelope = try TransactionEnvelope(xdr: mutated)
                    // Whatever is accepted re-encodes to exactly the same bytes (one encoding per value).
                    #expect(try envelope.xdr() == mutated)
                    _ = try? envelope.review(network: .public)
                } catch {
                    refused += 1
                    #expect(!error.description.isEmpty)
                }
            }
            // Every truncation point is refused.
            for cut in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 40)) {
                #expect(throws: StellarError.self) { try TransactionEnvelope(xdr: Array(bytes.prefix(cut))) }
            }
        }
        #expect(refused > 0)
    }

    @Test func signAndVerifyRandomEnvelopes() throws {
        var random = StellarRandom(rng: .forTest("signAndVerifyRandomEnvelopes"))
        for type in StellarRandom.operationTypes {
            let envelope = random.envelope(including: type)
            guard envelope.signatures.count < 20 else { continue }
            let key = try Ed25519.PrivateKey(seed: SecureBytes(copying: random.rng.bytes(32)))
            let (signed, signature) = try envelope.signed(with: key, network: .testnet)
            #expect(signed.signatures == envelope.signatures + [signature])
            #expect(try signed.verify(signature, publicKey: key.publicKey, network: .testnet))
            #expect(try !signed.verify(signature, publicKey: key.publicKey, network: .public))
            #expect(try signed.hash(network: .testnet) == envelope.hash(network: .testnet))
            #expect(throws: StellarError.duplicateSignature(hint: testHex(key.publicKey.suffix(4)))) {
                try signed.signed(with: key, network: .testnet)
            }
        }
    }
}

@Suite struct StellarFuzzTests {
    /// Random bytes behind each envelope tag, random operations, and random text for the
    /// text decoders: every call returns or throws, none traps.
    @Test func randomInputNeverTraps() {
        var rng = SeededRandom.forTest("randomInputNeverTraps")
        for _ in 0..<3000 {
            let tail = rng.bytes(lengthIn: 0...300)
            for tag: UInt8 in [0, 2, 5] { _ = try? TransactionEnvelope(xdr: [0, 0, 0, tag] + tail) }
            let opType = UInt8.random(in: 0...30, using: &rng)
            _ = try? Operation(xdr: [0, 0, 0, 0, 0, 0, 0, opType] + tail)
            _ = try? ClaimPredicate(xdr: tail)
            let text = String(decoding: rng.bytes(lengthIn: 0...80).map { $0 & 0x7f }, as: UTF8.self)
            _ = try? StellarAmount.parse(text, allowNegative: true)
            _ = try? StellarBase64.decode(text)
            _ = try? SEP7TransactionRequest(uri: "web+stellar:tx?" + text)
            _ = try? MuxedAccount(text)
        }
    }
}
