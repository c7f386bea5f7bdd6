import AirsignCrypto
import AirsignTestSupport
import Foundation
import Testing

/// The group order n, big-endian.
let secp256k1Order = testBytes("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141")

/// (a - b) mod 2^256 on 32-byte big-endian numbers.
func subtract256(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: 32)
    var borrow = 0
    for i in stride(from: 31, through: 0, by: -1) {
        var digit = Int(a[i]) - Int(b[i]) - borrow
        borrow = digit < 0 ? 1 : 0
        if digit < 0 { digit += 256 }
        out[i] = UInt8(digit)
    }
    return out
}

func privateKey(_ hex: String) throws -> Secp256k1.PrivateKey {
    try Secp256k1.PrivateKey(SecureBytes(copying: testBytes(hex)))
}

@Suite("secp256k1") struct Secp256k1Tests {
    @Test func deterministicSignatureVectors() throws {
        let file = try Vectors.load("secp256k1", as: Secp256k1File.self)
        #expect(file.ecdsa.count >= 20)
        for v in file.ecdsa {
            let key = try privateKey(v.private_key)
            let digest: [UInt8]
            if let hex = v.digest {
                digest = testBytes(hex)
            } else {
                #expect(v.hash == "blake2b-256")
                digest = try Blake2b.hash(testBytes(v.message_hex ?? ""), outputLength: 32)
            }
            let signature = try key.sign(digest32: digest)
            #expect(signature.isLowS)
            if v.verify_only == true {
                // See the vector's note: a digest not below n, signed with another valid nonce.
                let published = try Secp256k1.Signature(compact: testBytes(v.signature))
                #expect(published.isLowS)
                #expect(key.publicKey.isValidSignature(published, digest32: digest), "\(v.name)")
                #expect(key.publicKey.isValidSignature(signature, digest32: digest), "\(v.name)")
                continue
            }
            #expect(testHex(signature.compact) == v.signature, "\(v.name)")
            #expect(key.publicKey.isValidSignature(signature, digest32: digest), "\(v.name)")

            let recoverable = try key.signRecoverable(digest32: digest)
            #expect(recoverable.compact == signature.compact)
            #expect(recoverable.signature == signature)
            if let id = v.recovery_id {
                #expect(recoverable.recoveryID == id, "\(v.name) recovery id")
                let parsed = try Secp256k1.RecoverableSignature(compact: testBytes(v.signature), recoveryID: id)
                #expect(try parsed.recoverPublicKey(digest32: digest) == key.publicKey, "\(v.name) recovery")
            }
            if let address = v.ethereum_address {
                let hash = Keccak256.hash(Array(key.publicKey.uncompressed.dropFirst()))
                #expect("0x" + testHex(hash.suffix(20)) == address.lowercased(), "\(v.name) address")
            }
            if let compressed = v.public_key_compressed {
                #expect(testHex(key.publicKey.compressed) == compressed)
            }
            if let uncompressed = v.public_key_uncompressed {
                #expect(testHex(key.publicKey.uncompressed) == uncompressed)
            }
        }
    }

    @Test func publicKeyVectors() throws {
        let file = try Vectors.load("secp256k1", as: Secp256k1File.self)
        for v in file.public_keys {
            let key = try privateKey(v.private_key)
            #expect(testHex(key.publicKey.compressed) == v.public_key_compressed, "\(v.name)")
            let parsed = try Secp256k1.PublicKey(parsing: testBytes(v.public_key_compressed))
            #expect(parsed == key.publicKey)
            if let uncompressed = v.public_key_uncompressed {
                #expect(testHex(key.publicKey.uncompressed) == uncompressed)
                #expect(try Secp256k1.PublicKey(parsing: testBytes(uncompressed)) == parsed)
            }
        }
    }

    @Test func signVerifyRecoverRoundTrips() throws {
        var rng = SeededRandom.forTest("secp256k1 round trips")
        var previous: Secp256k1.PublicKey?
        for _ in 0..<1000 {
            let key = try Secp256k1.PrivateKey(SecureBytes(copying: rng.bytes(32)))
            let digest = rng.bytes(32)
            let signature = try key.sign(digest32: digest)
            #expect(key.publicKey.isValidSignature(signature, digest32: digest))
            #expect(signature.isLowS)
            #expect(try Secp256k1.Signature(der: signature.der) == signature)
            #expect(try Secp256k1.Signature(compact: signature.compact) == signature)

            let recoverable = try key.signRecoverable(digest32: digest)
            #expect(try recoverable.recoverPublicKey(digest32: digest) == key.publicKey)

            // A flipped bit anywhere in (r, s) either no longer parses or no longer verifies.
            var tampered = signature.compact
            let bit = Int.random(in: 0..<512, using: &rng)
            tampered[bit / 8] ^= UInt8(1) << UInt8(bit % 8)
            if let bad = try? Secp256k1.Signature(compact: tampered) {
                #expect(!key.publicKey.isValidSignature(bad, digest32: digest))
            }
            var otherDigest = digest
            otherDigest[Int.random(in: 0..<32, using: &rng)] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &rng)
            #expect(!key.publicKey.isValidSignature(signature, digest32: otherDigest))
            if let previous {
                #expect(!previous.isValidSignature(signature, digest32: digest))
            }
            previous = key.publicKey
        }
    }

    @Test func outOfRangePrivateKeysAreRejected() {
        let zero = [UInt8](repeating: 0, count: 32)
        let nPlusOne = subtract256(secp256k1Order, subtract256(zero, [UInt8](repeating: 0, count: 31) + [1]))
        for bad in [zero, secp256k1Order, nPlusOne, [UInt8](repeating: 0xff, count: 32)] {
            #expect(throws: CryptoError.invalidPrivateKey) { try Secp256k1.PrivateKey(SecureBytes(copying: bad)) }
        }
        var rng = SeededRandom.forTest("secp256k1 keys above n")
        for _ in 0..<200 {
            // The top 128 bits all set is above n, whose 16th byte is 0xfe.
            let above = [UInt8](repeating: 0xff, count: 16) + rng.bytes(16)
            #expect(throws: CryptoError.invalidPrivateKey) { try Secp256k1.PrivateKey(SecureBytes(copying: above)) }
        }
        #expect(throws: CryptoError.wrongLength(.key, expected: 32, actual: 31)) {
            try Secp256k1.PrivateKey(SecureBytes(count: 31))
        }
        // n - 1 is the largest valid key.
        #expect(throws: Never.self) {
            try Secp256k1.PrivateKey(
                SecureBytes(copying: subtract256(secp256k1Order, [UInt8](repeating: 0, count: 31) + [1])))
        }
    }

    @Test func garbledPublicKeysThrowNeverTrap() throws {
        var rng = SeededRandom.forTest("secp256k1 public key parsing")
        let key = try Secp256k1.PrivateKey(SecureBytes(copying: rng.bytes(32)))
        var inputs: [[UInt8]] = []
        inputs += rng.corruptions(of: key.publicKey.compressed, count: 1000)
        inputs += rng.corruptions(of: key.publicKey.uncompressed, count: 1000)
        for _ in 0..<500 {
            inputs.append([[0x02, 0x03].randomElement(using: &rng)!] + rng.bytes(32))
            inputs.append([0x04] + rng.bytes(64))
            inputs.append(rng.bytes(lengthIn: 0...70))
        }
        // Hybrid encodings, x = p (not a field element), and the empty input.
        inputs.append([0x06] + Array(key.publicKey.uncompressed.dropFirst()))
        inputs.append([0x07] + Array(key.publicKey.uncompressed.dropFirst()))
        inputs.append([0x02] + testBytes("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"))
        inputs.append([])
        var accepted = 0
        for input in inputs {
            do {
                let parsed = try Secp256k1.PublicKey(parsing: input)
                #expect(input.count == 33 ? parsed.compressed == input : parsed.uncompressed == input)
                accepted += 1
            } catch {
                #expect(error == .invalidPublicKey)
            }
        }
        #expect(accepted > 0)  // about half of random x coordinates are on the curve
        #expect(throws: CryptoError.invalidPublicKey) {
            try Secp256k1.PublicKey(parsing: [0x06] + Array(key.publicKey.uncompressed.dropFirst()))
        }
    }

    @Test func garbledSignaturesThrowNeverTrap() throws {
        var rng = SeededRandom.forTest("secp256k1 signature parsing")
        let key = try Secp256k1.PrivateKey(SecureBytes(copying: rng.bytes(32)))
        let signature = try key.sign(digest32: rng.bytes(32))
        for input in rng.corruptions(of: signature.der, count: 1500) {
            do { _ = try Secp256k1.Signature(der: input) } catch { #expect(error == .invalidSignature) }
        }
        for input in rng.corruptions(of: signature.compact, count: 1500) {
            do {
                _ = try Secp256k1.Signature(compact: input)
            } catch {
                #expect(
                    error == .invalidSignature || error == .wrongLength(.signature, expected: 64, actual: input.count))
            }
        }
        #expect(throws: CryptoError.invalidSignature) {
            try Secp256k1.Signature(compact: [UInt8](repeating: 0, count: 64))
        }
        #expect(throws: CryptoError.invalidSignature) { try Secp256k1.Signature(compact: secp256k1Order + signature.s) }
        #expect(throws: CryptoError.invalidSignature) { try Secp256k1.Signature(der: []) }
    }

    @Test func highSIsRejectedUntilNormalized() throws {
        let key = try privateKey("0000000000000000000000000000000000000000000000000000000000000001")
        let digest = SHA256.hash(Array("Airsign".utf8))
        let low = try key.sign(digest32: digest)
        let high = try Secp256k1.Signature(compact: low.r + subtract256(secp256k1Order, low.s))
        #expect(!high.isLowS)
        #expect(!key.publicKey.isValidSignature(high, digest32: digest))
        #expect(high.normalized == low)
        #expect(low.normalized == low)
        #expect(key.publicKey.isValidSignature(high.normalized, digest32: digest))
    }

    @Test func digestAndRecoveryIDChecks() throws {
        let key = try privateKey("0000000000000000000000000000000000000000000000000000000000000002")
        #expect(throws: CryptoError.wrongLength(.digest, expected: 32, actual: 31)) {
            try key.sign(digest32: [UInt8](repeating: 1, count: 31))
        }
        #expect(throws: CryptoError.wrongLength(.digest, expected: 32, actual: 33)) {
            try key.signRecoverable(digest32: [UInt8](repeating: 1, count: 33))
        }
        let recoverable = try key.signRecoverable(digest32: [UInt8](repeating: 1, count: 32))
        #expect(throws: CryptoError.wrongLength(.digest, expected: 32, actual: 0)) {
            try recoverable.recoverPublicKey(digest32: [])
        }
        #expect(!key.publicKey.isValidSignature(recoverable.signature, digest32: [UInt8](repeating: 1, count: 31)))
        for bad in [-1, 4, 27] {
            #expect(throws: CryptoError.invalidRecoveryID(bad)) {
                try Secp256k1.RecoverableSignature(compact: recoverable.compact, recoveryID: bad)
            }
        }
        // The other recovery IDs recover other keys or nothing, never this key.
        for id in 0...3 where id != recoverable.recoveryID {
            let other = try Secp256k1.RecoverableSignature(compact: recoverable.compact, recoveryID: id)
            do {
                #expect(try other.recoverPublicKey(digest32: [UInt8](repeating: 1, count: 32)) != key.publicKey)
            } catch {
                #expect(error == .recoveryFailed)
            }
        }
    }

    @Test func tweaksAgreeBetweenPrivateAndPublic() throws {
        var rng = SeededRandom.forTest("secp256k1 tweaks")
        for _ in 0..<100 {
            let key = try Secp256k1.PrivateKey(SecureBytes(copying: rng.bytes(32)))
            let tweak = rng.bytes(32)
            let child = try key.addingTweak(tweak)
            #expect(try key.publicKey.addingTweak(tweak) == child.publicKey)
            #expect(try key.addingTweak(SecureBytes(copying: tweak)).secret == child.secret)

            let other = try Secp256k1.PrivateKey(SecureBytes(copying: rng.bytes(32)))
            #expect(
                try Secp256k1.PublicKey.combine([key.publicKey, other.publicKey])
                    == key.addingTweak(other.secret).publicKey)
        }
        let key = try privateKey("00000000000000000000000000000000000000000000000000000000000000aa")
        #expect(throws: CryptoError.tweakOutOfRange) { try key.addingTweak(secp256k1Order) }
        #expect(throws: CryptoError.tweakOutOfRange) { try key.publicKey.addingTweak(secp256k1Order) }
        let negation = key.secret.withUnsafeBytes { subtract256(secp256k1Order, Array($0)) }
        #expect(throws: CryptoError.tweakOutOfRange) { try key.addingTweak(negation) }
        #expect(throws: CryptoError.tweakOutOfRange) { try key.publicKey.addingTweak(negation) }
        #expect(throws: CryptoError.wrongLength(.tweak, expected: 32, actual: 31)) {
            try key.addingTweak([UInt8](repeating: 1, count: 31))
        }
        #expect(throws: CryptoError.invalidPublicKey) { try Secp256k1.PublicKey.combine([]) }
        let negated = try Secp256k1.PrivateKey(SecureBytes(copying: negation))
        #expect(throws: CryptoError.invalidPublicKey) {
            try Secp256k1.PublicKey.combine([key.publicKey, negated.publicKey])
        }
        #expect(try Secp256k1.PublicKey.combine([key.publicKey]) == key.publicKey)
    }

    @Test func privateKeyIsRedacted() throws {
        let key = try privateKey("abababababababababababababababababababababababababababababababab")
        var dumped = ""
        dump(key, to: &dumped)
        for text in ["\(key)", String(reflecting: key), dumped] {
            #expect(!text.contains("abababab") && !text.contains("171, 171"))
        }
    }
}
