import AirsignCrypto
import AirsignTestSupport
import Foundation
import Testing

@Suite("Ed25519") struct Ed25519Tests {
    @Test func rfc8032() throws {
        let file = try Vectors.load("ed25519", as: Ed25519File.self)
        #expect(file.cases.count >= 3)
        for v in file.cases {
            let key = try Ed25519.PrivateKey(seed: SecureBytes(copying: testBytes(v.secret_key)))
            #expect(testHex(key.publicKey) == v.public_key, "\(v.name) public key")
            let signature = key.sign(testBytes(v.message))
            #expect(testHex(signature) == v.signature, "\(v.name) signature")
            #expect(
                Ed25519.isValidSignature(
                    testBytes(v.signature), message: testBytes(v.message), publicKey: testBytes(v.public_key)))
        }
    }

    @Test func roundTripsAndTampering() throws {
        var rng = SeededRandom.forTest("Ed25519 round trips")
        for _ in 0..<1000 {
            let key = try Ed25519.PrivateKey(seed: SecureBytes(copying: rng.bytes(32)))
            let message = rng.bytes(lengthIn: 0...200)
            let signature = key.sign(message)
            #expect(signature.count == 64)
            #expect(Ed25519.isValidSignature(signature, message: message, publicKey: key.publicKey))

            var badSignature = signature
            let bit = Int.random(in: 0..<512, using: &rng)
            badSignature[bit / 8] ^= UInt8(1) << UInt8(bit % 8)
            #expect(!Ed25519.isValidSignature(badSignature, message: message, publicKey: key.publicKey))

            var badMessage = message
            if badMessage.isEmpty {
                badMessage = [0]
            } else {
                badMessage[Int.random(in: 0..<badMessage.count, using: &rng)] ^= 0x01
            }
            #expect(!Ed25519.isValidSignature(signature, message: badMessage, publicKey: key.publicKey))
        }
    }

    @Test func wrongLengths() {
        #expect(throws: CryptoError.wrongLength(.seed, expected: 32, actual: 31)) {
            try Ed25519.PrivateKey(seed: SecureBytes(count: 31))
        }
        #expect(
            !Ed25519.isValidSignature(
                [UInt8](repeating: 0, count: 63), message: [], publicKey: [UInt8](repeating: 0, count: 32)))
        #expect(
            !Ed25519.isValidSignature(
                [UInt8](repeating: 0, count: 64), message: [], publicKey: [UInt8](repeating: 0, count: 31)))
    }

    @Test func descriptionIsRedacted() throws {
        let key = try Ed25519.PrivateKey(seed: SecureBytes(copying: [UInt8](repeating: 0xab, count: 32)))
        #expect(!"\(key)".contains("abab"))
        var dumped = ""
        dump(key, to: &dumped)
        #expect(!dumped.contains("abab") && !dumped.contains("171, 171"))
    }
}
