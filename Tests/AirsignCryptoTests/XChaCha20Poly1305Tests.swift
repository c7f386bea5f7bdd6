import AirsignCrypto
import AirsignTestSupport
import Foundation
import Testing

@Suite("XChaCha20-Poly1305") struct XChaCha20Poly1305Tests {
    @Test func draftVector() throws {
        let file = try Vectors.load("xchacha20poly1305", as: XChaChaFile.self)
        for v in file.cases {
            let key = SecureBytes(copying: testBytes(v.key))
            let sealed = try XChaCha20Poly1305.seal(
                plaintext: testBytes(v.plaintext_hex), key: key, nonce: testBytes(v.nonce),
                associatedData: testBytes(v.aad))
            #expect(testHex(sealed) == v.ciphertext + v.tag, "\(v.name)")
            let opened = try XChaCha20Poly1305.open(
                ciphertext: sealed, key: key, nonce: testBytes(v.nonce), associatedData: testBytes(v.aad))
            #expect(testHex(contents(opened)) == v.plaintext_hex)
        }
    }

    @Test func everySingleBitFlipFailsToOpen() throws {
        var rng = SeededRandom.forTest("XChaCha20-Poly1305 bit flips")
        let key = SecureBytes(copying: rng.bytes(32))
        let nonce = rng.bytes(24)
        let ad = rng.bytes(20)
        let plaintext = rng.bytes(40)
        let sealed = try XChaCha20Poly1305.seal(plaintext: plaintext, key: key, nonce: nonce, associatedData: ad)
        #expect(sealed.count == plaintext.count + XChaCha20Poly1305.tagLength)
        #expect(
            contents(try XChaCha20Poly1305.open(ciphertext: sealed, key: key, nonce: nonce, associatedData: ad))
                == plaintext)

        func flipped(_ bytes: [UInt8], bit: Int) -> [UInt8] {
            var copy = bytes
            copy[bit / 8] ^= UInt8(1) << UInt8(bit % 8)
            return copy
        }
        var failures = 0
        for bit in 0..<sealed.count * 8 {  // ciphertext and tag
            #expect(throws: CryptoError.authenticationFailed) {
                try XChaCha20Poly1305.open(
                    ciphertext: flipped(sealed, bit: bit), key: key, nonce: nonce, associatedData: ad)
            }
            failures += 1
        }
        for bit in 0..<nonce.count * 8 {
            #expect(throws: CryptoError.authenticationFailed) {
                try XChaCha20Poly1305.open(
                    ciphertext: sealed, key: key, nonce: flipped(nonce, bit: bit), associatedData: ad)
            }
            failures += 1
        }
        for bit in 0..<ad.count * 8 {
            #expect(throws: CryptoError.authenticationFailed) {
                try XChaCha20Poly1305.open(
                    ciphertext: sealed, key: key, nonce: nonce, associatedData: flipped(ad, bit: bit))
            }
            failures += 1
        }
        #expect(failures == (sealed.count + nonce.count + ad.count) * 8)
    }

    @Test func wrongKeyTruncationAndMissingADFail() throws {
        let key = SecureRandom.secureBytes(32)
        let nonce = SecureRandom.bytes(24)
        let sealed = try XChaCha20Poly1305.seal(
            plaintext: Array("secret".utf8), key: key, nonce: nonce, associatedData: [1, 2, 3])
        #expect(throws: CryptoError.authenticationFailed) {
            try XChaCha20Poly1305.open(
                ciphertext: sealed, key: SecureRandom.secureBytes(32), nonce: nonce, associatedData: [1, 2, 3])
        }
        #expect(throws: CryptoError.authenticationFailed) {
            try XChaCha20Poly1305.open(ciphertext: sealed, key: key, nonce: nonce)
        }
        #expect(throws: CryptoError.authenticationFailed) {
            try XChaCha20Poly1305.open(
                ciphertext: Array(sealed.dropLast()), key: key, nonce: nonce, associatedData: [1, 2, 3])
        }
        #expect(throws: CryptoError.authenticationFailed) {
            try XChaCha20Poly1305.open(ciphertext: sealed + [0], key: key, nonce: nonce, associatedData: [1, 2, 3])
        }
        #expect(throws: CryptoError.lengthOutOfRange(.ciphertext, allowed: 16...Int.max, actual: 15)) {
            try XChaCha20Poly1305.open(
                ciphertext: Array(sealed.prefix(15)), key: key, nonce: nonce, associatedData: [1, 2, 3])
        }
    }

    @Test func emptyPlaintext() throws {
        let key = SecureRandom.secureBytes(32)
        let nonce = SecureRandom.bytes(24)
        let sealed = try XChaCha20Poly1305.seal(plaintext: [UInt8](), key: key, nonce: nonce)
        #expect(sealed.count == 16)
        #expect(try XChaCha20Poly1305.open(ciphertext: sealed, key: key, nonce: nonce).isEmpty)
    }

    @Test func parameterLengths() {
        #expect(throws: CryptoError.wrongLength(.key, expected: 32, actual: 31)) {
            try XChaCha20Poly1305.seal(
                plaintext: [1] as [UInt8], key: [UInt8](repeating: 0, count: 31),
                nonce: [UInt8](repeating: 0, count: 24))
        }
        #expect(throws: CryptoError.wrongLength(.nonce, expected: 24, actual: 12)) {
            try XChaCha20Poly1305.seal(
                plaintext: [1] as [UInt8], key: [UInt8](repeating: 0, count: 32),
                nonce: [UInt8](repeating: 0, count: 12))
        }
        #expect(throws: CryptoError.wrongLength(.nonce, expected: 24, actual: 0)) {
            try XChaCha20Poly1305.open(
                ciphertext: [UInt8](repeating: 0, count: 32), key: [UInt8](repeating: 0, count: 32), nonce: [])
        }
    }
}
