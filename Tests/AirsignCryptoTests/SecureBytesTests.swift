import AirsignCrypto
import AirsignTestSupport
import Foundation
import Testing

@Suite("SecureBytes") struct SecureBytesTests {
    @Test func copyingAndCount() {
        let source: [UInt8] = [1, 2, 3, 4, 5]
        let secure = SecureBytes(copying: source)
        #expect(secure.count == 5)
        #expect(contents(secure) == source)
        #expect(contents(SecureBytes(copying: source.reversed())) == [5, 4, 3, 2, 1])  // non-contiguous source
        #expect(contents(SecureBytes(copying: source[1..<3])) == [2, 3])
        #expect(SecureBytes(count: 0).isEmpty)
        #expect(contents(SecureBytes(count: 4)) == [0, 0, 0, 0])
    }

    @Test func constantTimeEquality() {
        let a = SecureBytes(copying: [1, 2, 3] as [UInt8])
        #expect(a == SecureBytes(copying: [1, 2, 3] as [UInt8]))
        #expect(a != SecureBytes(copying: [1, 2, 4] as [UInt8]))
        #expect(a != SecureBytes(copying: [1, 2] as [UInt8]))
        #expect(SecureBytes(count: 0) == SecureBytes(count: 0))
    }

    @Test func copiesAreIndependent() {
        let original = SecureBytes(copying: [9, 9, 9] as [UInt8])
        var copy = original
        copy.withUnsafeMutableBytes { $0[0] = 1 }
        #expect(contents(original) == [9, 9, 9])
        #expect(contents(copy) == [1, 9, 9])
    }

    @Test func descriptionsNeverShowContents() {
        var rng = SeededRandom.forTest("SecureBytes description")
        for _ in 0..<50 {
            let bytes = rng.bytes(lengthIn: 4...64)
            let secure = SecureBytes(copying: bytes)
            var dumped = ""
            dump(secure, to: &dumped)
            let shown = [
                secure.description, secure.debugDescription, "\(secure)", String(reflecting: secure), dumped,
                "\([secure])",
            ]
            for text in shown {
                #expect(!text.contains(testHex(bytes)))
                #expect(!text.contains(bytes.map(String.init).joined(separator: ", ")))
            }
            #expect(secure.description == "SecureBytes(\(bytes.count) bytes, redacted)")
        }
    }

    @Test func worksAsContiguousBytes() throws {
        // Any API taking `some ContiguousBytes` accepts both forms with the same result.
        let key: [UInt8] = Array("key".utf8)
        #expect(
            contents(HMAC.sha256(key: SecureBytes(copying: key), message: Data("m".utf8)))
                == contents(HMAC.sha256(key: key, message: [UInt8]("m".utf8))))
    }
}

@Suite("SecureRandom") struct SecureRandomTests {
    @Test func bytesAndSecureBytes() {
        #expect(SecureRandom.bytes(0).isEmpty)
        #expect(SecureRandom.bytes(32).count == 32)
        #expect(SecureRandom.bytes(32) != SecureRandom.bytes(32))
        let a = SecureRandom.secureBytes(32), b = SecureRandom.secureBytes(32)
        #expect(a.count == 32 && a != b)
        #expect(SecureRandom.secureBytes(0).isEmpty)
    }

    @Test func uniformStaysInRange() {
        for bound: UInt32 in [2, 3, 10, 2048, .max] {
            for _ in 0..<200 { #expect(SecureRandom.uniform(upperBound: bound) < bound) }
        }
        #expect(SecureRandom.uniform(upperBound: 0) == 0)
        #expect(SecureRandom.uniform(upperBound: 1) == 0)
        // All of 0..<4 show up quickly.
        let seen = Set((0..<400).map { _ in SecureRandom.uniform(upperBound: 4) })
        #expect(seen == [0, 1, 2, 3])
    }
}

@Suite("CryptoError") struct CryptoErrorTests {
    @Test func messagesAreOneLineAndSpecific() {
        let errors: [CryptoError] = [
            .wrongLength(.digest, expected: 32, actual: 31), .lengthOutOfRange(.output, allowed: 1...64, actual: 0),
            .lengthOutOfRange(.ciphertext, allowed: 16...Int.max, actual: 3), .invalidPrivateKey, .invalidPublicKey,
            .invalidSignature, .invalidRecoveryID(4), .recoveryFailed, .tweakOutOfRange, .authenticationFailed,
            .invalidIterationCount(0), .argon2LimitsOutOfRange(opsLimit: 0, memLimit: 1), .outOfMemory,
            .internalFailure("secp256k1_ecdsa_sign"),
        ]
        for error in errors {
            #expect(!error.description.isEmpty && !error.description.contains("\n"))
        }
        #expect(CryptoError.invalidPrivateKey.description == "private key is out of range for secp256k1")
        #expect(
            CryptoError.authenticationFailed.description
                == "decryption failed: the key is wrong or the data was altered")
        #expect(
            CryptoError.wrongLength(.digest, expected: 32, actual: 31).description
                == "the digest must be 32 bytes, not 31")
        #expect(
            CryptoError.lengthOutOfRange(.ciphertext, allowed: 16...Int.max, actual: 3).description
                == "the ciphertext must be at least 16 bytes, not 3")
    }
}
