import AirsignCrypto
import AirsignFiles
import AirsignKeys
import AirsignTestSupport
import Foundation
import Testing

@testable import AirsignKeystore

@Suite struct KeystoreRoundTripTests {
    @Test func keystoreRoundTripsSecretsAndMetadata() throws {
        let dir = TemporaryDirectory()
        let store = try makeKeystore(in: dir)
        let alpha = try store.secret(of: try KeyName("alpha"), pin: secret(oldPIN))
        #expect(alpha.kind == "test-seed")
        #expect(text(of: alpha.bytes) == "\(secretMarker)-alpha")
        #expect(try store.list().map(\.name.value) == ["alpha", "beta"])
        #expect(try store.metadata(of: try KeyName("beta")) == (try testMetadata("beta")))
        // A fresh value reads the same files: nothing is cached in memory.
        let again = Keystore(directory: dir.home, clock: FakeClock())
        #expect(
            text(of: try again.secret(of: try KeyName("beta"), pin: secret(oldPIN)).bytes) == "\(secretMarker)-beta")
    }

    @Test func keystoreFilesHavePrivateModes() throws {
        let dir = TemporaryDirectory()
        _ = try makeKeystore(in: dir)
        func mode(_ path: String) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        }
        #expect(try mode(dir.home) == 0o700)
        #expect(try mode(dir.home + "/keys") == 0o700)
        #expect(try mode(dir.home + "/keys/alpha.json") == 0o600)
        #expect(try mode(dir.home + "/pin-check.json") == 0o600)
    }

    @Test func keystoreFileIsTheDocumentedFormat() throws {
        let dir = TemporaryDirectory()
        _ = try makeKeystore(in: dir)
        let bytes = try #require(readFile(dir.home + "/keys/alpha.json"))
        #expect(bytes.last == 0x0a)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(Set(object.keys) == ["airsign", "version", "kdf", "cipher", "ciphertext", "public"])
        #expect(object["airsign"] as? String == "keystore")
        let kdf = try #require(object["kdf"] as? [String: Any])
        #expect(kdf["name"] as? String == "argon2id")
        #expect((kdf["salt"] as? String)?.count == 32)
        let cipher = try #require(object["cipher"] as? [String: Any])
        #expect((cipher["nonce"] as? String)?.count == 48)
        let metadata = try #require(object["public"] as? [String: Any])
        #expect(metadata["name"] as? String == "alpha")
        // The secret is nowhere in the file.
        #expect(!String(decoding: bytes, as: UTF8.self).contains(secretMarker))
    }

    @Test func keystoreWrongPINIsReportedAsSuch() throws {
        let dir = TemporaryDirectory()
        let store = try makeKeystore(in: dir)
        #expect(throws: KeystoreError.wrongPIN(failures: 1, nextWait: 0)) {
            try store.secret(of: try KeyName("alpha"), pin: secret("not the pin"))
        }
        #expect(throws: KeystoreError.wrongPIN(failures: 2, nextWait: 0)) { try store.verifyPIN(secret("not the pin")) }
        try store.verifyPIN(secret(oldPIN))
        #expect(try store.pinStatus() == PINStatus(failures: 0, wait: 0))
    }

    @Test func keystoreAddRequiresTheKeystorePIN() throws {
        let dir = TemporaryDirectory()
        let store = try makeKeystore(in: dir, keys: [])
        #expect(throws: KeystoreError.wrongPIN(failures: 1, nextWait: 0)) {
            try store.add(try testPayload(), metadata: try testMetadata("gamma"), pin: secret("another pin"))
        }
        #expect(try store.list().isEmpty)
        try store.add(try testPayload(), metadata: try testMetadata("gamma"), pin: secret(oldPIN))
        #expect(throws: KeystoreError.keyExists(name: "gamma")) {
            try store.add(try testPayload(), metadata: try testMetadata("gamma"), pin: secret(oldPIN))
        }
    }

    @Test func keystoreUpdateReplacesMetadataUnderTheSamePIN() throws {
        let dir = TemporaryDirectory()
        let store = try makeKeystore(in: dir)
        let name = try KeyName("alpha")
        let accounts = try testMetadata("alpha", accounts: 3).accounts
        let updated = try store.update(name, pin: secret(oldPIN)) { (metadata, payload) throws(KeystoreError) in
            #expect(text(of: payload.bytes) == "\(secretMarker)-alpha")
            return try metadata.with(accounts: accounts)
        }
        #expect(updated.accounts.count == 3)
        #expect(try store.metadata(of: name).accounts.count == 3)
        #expect(text(of: try store.secret(of: name, pin: secret(oldPIN)).bytes) == "\(secretMarker)-alpha")
    }

    @Test func keystoreAnswersHasKeyAndTimestampsWithItsClock() throws {
        let dir = TemporaryDirectory()
        let store = try makeKeystore(in: dir, clock: FakeClock(wall: 1_735_689_599))
        #expect(try store.hasKey(try KeyName("alpha")))
        #expect(try !store.hasKey(try KeyName("gamma")))
        #expect(store.timestampNow() == "2024-12-31T23:59:59Z")
        #expect(KeyMetadata.timestamp(0) == "1970-01-01T00:00:00Z")
    }

    @Test func keystoreDeleteRemovesTheFile() throws {
        let dir = TemporaryDirectory()
        let store = try makeKeystore(in: dir)
        try store.delete(try KeyName("alpha"))
        #expect(try store.list().map(\.name.value) == ["beta"])
        #expect(throws: KeystoreError.keyNotFound(name: "alpha")) { try store.delete(try KeyName("alpha")) }
    }

    @Test func keystoreInitRefusesAnExistingKeystoreAndChecksThePINPolicy() throws {
        let dir = TemporaryDirectory()
        let store = try makeKeystore(in: dir, keys: [])
        #expect(throws: KeystoreError.keystoreAlreadyInitialized(path: dir.home)) {
            try store.initialize(pin: secret(oldPIN), limits: testLimits)
        }
        let other = Keystore(directory: dir.path + "/other")
        #expect(throws: KeystoreError.pinTooShort(minimum: 6)) {
            try other.initialize(pin: secret("12345"), limits: testLimits)
        }
        #expect(throws: KeystoreError.keystoreNotInitialized(path: dir.path + "/other")) { try other.list() }
    }

    @Test func keystoreDefaultDirectoryFollowsTheEnvironment() throws {
        #expect(try Keystore.defaultDirectory(environment: ["AIRSIGN_SIGNER_HOME": "/x/y", "HOME": "/h"]) == "/x/y")
        #expect(
            try Keystore.defaultDirectory(environment: ["AIRSIGN_SIGNER_HOME": "", "HOME": "/h"])
                == "/h/.airsign-signer")
    }

    @Test func keystoreRejectsBadNamesAndMetadata() throws {
        for bad in ["", ".hidden", "-x", "a/b", "a b", "é", String(repeating: "a", count: 65), "../x"] {
            #expect(throws: KeystoreError.self) { try KeyName(bad) }
        }
        // A ///password is secret and never stored in the clear; addresses are printable tokens.
        let name = try KeyName("k")
        #expect(throws: KeystoreError.self) {
            try KeyMetadata(
                name: name, kind: "bip39",
                accounts: [
                    Account(
                        chain: .substrate, scheme: .sr25519, path: "//Alice///hunter2", publicKey: [1], address: "5Grw")
                ], created: "2025-06-15T12:00:00Z")
        }
        #expect(throws: KeystoreError.self) {
            try KeyMetadata(
                name: name, kind: "bip39",
                accounts: [
                    Account(chain: .ethereum, scheme: .secp256k1, path: "", publicKey: [1], address: "0x\n")
                ], created: "2025-06-15T12:00:00Z")
        }
    }
}
