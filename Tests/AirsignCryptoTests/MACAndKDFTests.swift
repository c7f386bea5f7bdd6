import AirsignCrypto
import AirsignTestSupport
import Foundation
import Testing

@Suite("HMAC") struct HMACTests {
    @Test func rfc4231() throws {
        let file = try Vectors.load("hmac", as: HMACFile.self)
        #expect(file.cases.count == 7)
        for v in file.cases {
            let key = testBytes(v.key_hex), data = testBytes(v.data_hex)
            var mac256 = contents(HMAC.sha256(key: key, message: data))
            var mac512 = contents(HMAC.sha512(key: key, message: data))
            #expect(mac256.count == 32 && mac512.count == 64)
            if let truncate = v.truncate_to_bytes {
                mac256 = Array(mac256.prefix(truncate))
                mac512 = Array(mac512.prefix(truncate))
            }
            #expect(testHex(mac256) == v.hmac_sha256, "\(v.name) SHA-256")
            #expect(testHex(mac512) == v.hmac_sha512, "\(v.name) SHA-512")
        }
    }

    @Test func secretInputs() {
        let key = SecureBytes(copying: Array("Jefe".utf8))
        let message = SecureBytes(copying: Array("what do ya want for nothing?".utf8))
        #expect(testHex(contents(HMAC.sha256(key: key, message: message))).hasPrefix("5bdcc146bf60754e"))
    }
}

@Suite("PBKDF2") struct PBKDF2Tests {
    @Test func knownAnswers() throws {
        let file = try Vectors.load("pbkdf2", as: PBKDF2File.self)
        #expect(file.cases.count >= 9)
        for v in file.cases {
            let derived = try PBKDF2.sha512(
                password: Array(v.password.utf8), salt: Array(v.salt.utf8), iterations: v.iterations, length: v.length)
            #expect(testHex(contents(derived)) == v.derived, "\(v.name)")
        }
    }

    @Test func outputLengthsArePrefixes() throws {
        let full = contents(
            try PBKDF2.sha512(password: Array("password".utf8), salt: Array("salt".utf8), iterations: 3, length: 150))
        for length in [1, 20, 63, 64, 65, 128, 149] {
            let part = contents(
                try PBKDF2.sha512(
                    password: Array("password".utf8), salt: Array("salt".utf8), iterations: 3, length: length))
            #expect(part == Array(full.prefix(length)), "length \(length)")
        }
    }

    @Test func invalidParameters() {
        #expect(throws: CryptoError.invalidIterationCount(0)) {
            try PBKDF2.sha512(password: [1] as [UInt8], salt: [2] as [UInt8], iterations: 0, length: 64)
        }
        #expect(throws: CryptoError.lengthOutOfRange(.output, allowed: 1...PBKDF2.maximumLength, actual: 0)) {
            try PBKDF2.sha512(password: [1] as [UInt8], salt: [2] as [UInt8], iterations: 1, length: 0)
        }
    }
}

@Suite("Argon2id") struct Argon2idTests {
    static let fastLimits = Argon2id.Limits(opsLimit: 1, memLimit: 64 * 1024)

    @Test func libsodiumKnownAnswers() throws {
        let file = try Vectors.load("argon2id", as: Argon2idFile.self)
        #expect(file.cases.count >= 4)
        for v in file.cases {
            let key = try Argon2id.deriveKey(
                password: testBytes(v.password_hex), salt: testBytes(v.salt_hex),
                limits: .init(opsLimit: v.ops_limit, memLimit: v.mem_limit), length: v.length)
            #expect(testHex(contents(key)) == v.derived, "\(v.name)")
        }
    }

    @Test func interactivePresetIsDeterministicAndPasswordBound() throws {
        let salt = [UInt8](repeating: 7, count: 16)
        let pin = SecureBytes(copying: Array("482915".utf8))
        let first = try Argon2id.deriveKey(password: pin, salt: salt, limits: .interactive)
        let again = try Argon2id.deriveKey(password: pin, salt: salt, limits: .interactive)
        let wrong = try Argon2id.deriveKey(password: Array("482916".utf8), salt: salt, limits: .interactive)
        #expect(first.count == 32)
        #expect(first == again)
        #expect(first != wrong)
    }

    @Test func saltAndLengthMatter() throws {
        let password = Array("correct horse".utf8)
        let a = try Argon2id.deriveKey(
            password: password, salt: [UInt8](repeating: 1, count: 16), limits: Self.fastLimits)
        let b = try Argon2id.deriveKey(
            password: password, salt: [UInt8](repeating: 2, count: 16), limits: Self.fastLimits)
        let long = try Argon2id.deriveKey(
            password: password, salt: [UInt8](repeating: 1, count: 16), limits: Self.fastLimits, length: 64)
        #expect(a != b)
        #expect(long.count == 64)
        #expect(
            try Argon2id.deriveKey(password: [UInt8](), salt: [UInt8](repeating: 1, count: 16), limits: Self.fastLimits)
                .count == 32)
    }

    @Test func presetsComeFromLibsodium() {
        #expect(Argon2id.Limits.interactive == .init(opsLimit: 2, memLimit: 64 << 20))
        #expect(Argon2id.Limits.moderate == .init(opsLimit: 3, memLimit: 256 << 20))
        #expect(Argon2id.Limits.sensitive == .init(opsLimit: 4, memLimit: 1 << 30))
    }

    @Test func invalidInputs() {
        let password = Array("pin".utf8)
        #expect(throws: CryptoError.wrongLength(.salt, expected: 16, actual: 15)) {
            try Argon2id.deriveKey(password: password, salt: [UInt8](repeating: 0, count: 15), limits: Self.fastLimits)
        }
        #expect(throws: CryptoError.argon2LimitsOutOfRange(opsLimit: 0, memLimit: 65536)) {
            try Argon2id.deriveKey(
                password: password, salt: [UInt8](repeating: 0, count: 16), limits: .init(opsLimit: 0, memLimit: 65536))
        }
        #expect(throws: CryptoError.argon2LimitsOutOfRange(opsLimit: 1, memLimit: 10)) {
            try Argon2id.deriveKey(
                password: password, salt: [UInt8](repeating: 0, count: 16), limits: .init(opsLimit: 1, memLimit: 10))
        }
        #expect(throws: CryptoError.self) {
            try Argon2id.deriveKey(
                password: password, salt: [UInt8](repeating: 0, count: 16), limits: Self.fastLimits, length: 15)
        }
    }
}
