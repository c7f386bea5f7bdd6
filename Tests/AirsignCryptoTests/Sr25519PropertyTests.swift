@_spi(Testing) import AirsignCrypto
import AirsignTestSupport
import Foundation
import Testing

/// ℓ, the ristretto255 group order, little-endian.
private let groupOrder = testBytes("edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010")

/// a + b for 256-bit little-endian integers (wrapping; callers keep the sum below 2^256).
private func add256(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: 32)
    var carry = 0
    for i in 0..<32 {
        let sum = Int(a[i]) + Int(b[i]) + carry
        out[i] = UInt8(sum & 0xff)
        carry = sum >> 8
    }
    return out
}

private func randomKey(_ rng: inout SeededRandom) throws -> Sr25519.SecretKey {
    try Sr25519.SecretKey(miniSecret: SecureBytes(copying: rng.bytes(32)))
}

private func randomContext(_ rng: inout SeededRandom) -> [UInt8] {
    Bool.random(using: &rng) ? Sr25519.substrateContext : rng.bytes(lengthIn: 0...40)
}

@Suite("sr25519 properties") struct Sr25519PropertyTests {
    @Test func signVerifyRoundTripsAndTamperingIsRejected() throws {
        var rng = SeededRandom.forTest("sr25519 round trips and tampering")
        for _ in 0..<300 {
            let key = try randomKey(&rng)
            let context = randomContext(&rng)
            let message = rng.bytes(lengthIn: 0...300)
            let signature = try key.sign(message, context: context)
            #expect(signature.count == 64 && signature[63] & 0x80 != 0)
            #expect(key.publicKey.isValidSignature(signature, message: message, context: context))
            #expect(
                Sr25519.isValidSignature(signature, message: message, publicKey: key.publicKey.bytes, context: context))

            // Any single flipped bit of the signature, including the marker.
            var flipped = signature
            let bit = Int.random(in: 0..<512, using: &rng)
            flipped[bit / 8] ^= UInt8(1) << UInt8(bit % 8)
            #expect(!key.publicKey.isValidSignature(flipped, message: message, context: context), "bit \(bit)")

            // The marker alone cleared.
            var unmarked = signature
            unmarked[63] &= 0x7f
            #expect(!key.publicKey.isValidSignature(unmarked, message: message, context: context))

            // Another message, another context, another key.
            var otherMessage = message
            if otherMessage.isEmpty {
                otherMessage = [0]
            } else {
                otherMessage[Int.random(in: 0..<otherMessage.count, using: &rng)] ^= 1
            }
            #expect(!key.publicKey.isValidSignature(signature, message: otherMessage, context: context))
            #expect(!key.publicKey.isValidSignature(signature, message: message, context: context + [0]))
            let otherKey = try randomKey(&rng)
            #expect(!otherKey.publicKey.isValidSignature(signature, message: message, context: context))
        }
    }

    @Test func nonCanonicalScalarsAndPointsAreRejected() throws {
        var rng = SeededRandom.forTest("sr25519 non-canonical encodings")
        for _ in 0..<100 {
            let key = try randomKey(&rng)
            let message = rng.bytes(lengthIn: 0...64)
            let signature = try key.sign(message)
            // s + ℓ gives the same point s·B, but s must be canonical.
            var s = Array(signature[32..<64])
            s[31] &= 0x7f
            var malleated = Array(signature[0..<32]) + add256(s, groupOrder)
            #expect(malleated[63] & 0x80 == 0)  // s + ℓ < 2^254: room for the marker
            malleated[63] |= 0x80
            #expect(!key.publicKey.isValidSignature(malleated, message: message))
            // R with its top bit set is not a canonical ristretto encoding.
            var badR = signature
            badR[31] |= 0x80
            #expect(!key.publicKey.isValidSignature(badR, message: message))
            // A public key with its top bit set does not parse.
            var badKey = key.publicKey.bytes
            badKey[31] |= 0x80
            #expect(throws: CryptoError.invalidSr25519PublicKey) { try Sr25519.PublicKey(bytes: badKey) }
            #expect(!Sr25519.isValidSignature(signature, message: message, publicKey: badKey))
        }
    }

    @Test func identityPublicKeyForgeriesAreRejected() throws {
        // With A = identity, R = s·B satisfies s·B − k·A = R for any message: a forgery that a
        // verifier accepting the identity would take.
        var rng = SeededRandom.forTest("sr25519 identity key")
        for _ in 0..<20 {
            let s = try randomKey(&rng)
            let sBytes = Array(contents(s.schnorrkelBytes)[0..<32])
            var forged = s.publicKey.bytes + sBytes
            forged[63] |= 0x80
            #expect(
                !Sr25519.isValidSignature(forged, message: rng.bytes(16), publicKey: [UInt8](repeating: 0, count: 32)))
        }
    }

    @Test func garbageNeverTraps() throws {
        var rng = SeededRandom.forTest("sr25519 garbage inputs")
        let key = try randomKey(&rng)
        var parsedKeys = 0, parsedSecrets = 0, parsedEd25519Secrets = 0
        for _ in 0..<2000 {
            let signature = rng.bytes(64)
            let publicKey = rng.bytes(32)
            #expect(!Sr25519.isValidSignature(signature, message: rng.bytes(lengthIn: 0...40), publicKey: publicKey))
            #expect(!key.publicKey.isValidSignature(signature, message: []))
            if let parsed = try? Sr25519.PublicKey(bytes: publicKey) {
                parsedKeys += 1
                #expect(!parsed.isValidSignature(signature, message: []))
                _ = try parsed.softDerived(chainCode: rng.bytes(32))
            }
            if let secret = try? Sr25519.SecretKey(schnorrkelBytes: SecureBytes(copying: rng.bytes(64))) {
                parsedSecrets += 1
                let message = rng.bytes(8)
                #expect(secret.publicKey.isValidSignature(try secret.sign(message), message: message))
            }
            if (try? Sr25519.SecretKey(ed25519Bytes: SecureBytes(copying: rng.bytes(64)))) != nil {
                parsedEd25519Secrets += 1
            }
            // Wrong lengths of everything.
            let odd = rng.bytes(lengthIn: 0...100)
            if odd.count != 64 { #expect(!key.publicKey.isValidSignature(odd, message: [])) }
            if odd.count != 32 {
                #expect(!Sr25519.isValidSignature(signature, message: [], publicKey: odd))
                #expect(throws: CryptoError.self) { try Sr25519.PublicKey(bytes: odd) }
                #expect(throws: CryptoError.self) { try key.hardDerived(chainCode: odd) }
            }
            for corrupted in rng.corruptions(of: try key.sign([1, 2, 3]), count: 2) {
                #expect(!key.publicKey.isValidSignature(corrupted, message: [1, 2, 3]))
            }
        }
        // The samples reached every branch: about 1 in 16 random strings is a ristretto point
        // (top bit clear, even, a square root exists); 1 in 16 random scalars is below ℓ; 1 in 8
        // ed25519-form secrets has its low bits clear, and half of those are below ℓ after /8.
        #expect(parsedKeys > 50 && parsedKeys < 400)
        #expect(parsedSecrets > 50 && parsedSecrets < 300)
        #expect(parsedEd25519Secrets > 50 && parsedEd25519Secrets < 250)
    }

    @Test func secretFormatsRoundTrip() throws {
        var rng = SeededRandom.forTest("sr25519 secret formats")
        for _ in 0..<200 {
            let key = try randomKey(&rng)
            let canonical = try Sr25519.SecretKey(schnorrkelBytes: key.schnorrkelBytes)
            let ed25519 = try Sr25519.SecretKey(ed25519Bytes: key.ed25519Bytes)
            #expect(canonical.publicKey == key.publicKey && ed25519.publicKey == key.publicKey)
            #expect(contents(ed25519.schnorrkelBytes) == contents(key.schnorrkelBytes))
            #expect(contents(canonical.ed25519Bytes) == contents(key.ed25519Bytes))
            // A soft-derived scalar is no longer clamped, and still round-trips through both forms.
            let child = try key.softDerived(chainCode: rng.bytes(32))
            #expect(try Sr25519.SecretKey(ed25519Bytes: child.ed25519Bytes).publicKey == child.publicKey)
            #expect(try Sr25519.SecretKey(schnorrkelBytes: child.schnorrkelBytes).publicKey == child.publicKey)
        }
    }

    @Test func softDerivationMatchesOnBothSidesAndSigns() throws {
        var rng = SeededRandom.forTest("sr25519 soft derivation")
        for _ in 0..<100 {
            var secret = try randomKey(&rng)
            var publicKey = secret.publicKey
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let chainCode = rng.bytes(32)
                secret = try secret.softDerived(chainCode: chainCode)
                publicKey = try publicKey.softDerived(chainCode: chainCode)
                #expect(secret.publicKey == publicKey)
            }
            let message = rng.bytes(lengthIn: 0...64)
            #expect(publicKey.isValidSignature(try secret.sign(message), message: message))
            // Hard derivation is deterministic and depends on the chain code.
            let chainCode = rng.bytes(32)
            let hard1 = try secret.hardDerived(chainCode: chainCode)
            let hard2 = try secret.hardDerived(chainCode: chainCode)
            #expect(contents(hard1.schnorrkelBytes) == contents(hard2.schnorrkelBytes))
            var otherCode = chainCode
            otherCode[0] ^= 1
            #expect(try secret.hardDerived(chainCode: otherCode).publicKey != hard1.publicKey)
            #expect(hard1.publicKey != (try publicKey.softDerived(chainCode: chainCode)))
        }
    }
}
