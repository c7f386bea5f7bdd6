import AirsignCrypto
import AirsignEncoding
import AirsignFiles
import AirsignKeys
import AirsignTestSupport
import Foundation
import Testing

@testable import AirsignKeystore

@Suite struct KeystoreTamperTests {
    /// Every byte of a key file replaced by every other value: each variant must fail to parse or
    /// fail to authenticate with the right PIN; none may decrypt to anything. The file is cut
    /// into `parts` slices tested in parallel.
    static let parts = 4

    @Test(arguments: 0..<parts) func keystoreEverySingleByteChangeIsDetected(part: Int) throws {
        let dir = TemporaryDirectory()
        _ = try makeKeystore(in: dir, keys: ["alpha"])
        let path = dir.home + "/keys/alpha.json"
        let original = try #require(readFile(path))
        let pin = secret(oldPIN)
        let slice = original.count / Self.parts + 1
        let indices = min(original.count, part * slice)..<min(original.count, (part + 1) * slice)
        var parseErrors = 0
        var authenticationFailures = 0
        for index in indices {
            for value in UInt8.min...UInt8.max where value != original[index] {
                var changed = original
                changed[index] = value
                let document: KeystoreDocument
                do {
                    document = try KeystoreDocument.parse(changed, path: path)
                } catch {
                    parseErrors += 1
                    continue
                }
                do {
                    _ = try document.open(pin: pin, path: path)
                    Issue.record("byte \(index) set to \(value) still decrypts")
                } catch {
                    guard case .authentication = error else {
                        Issue.record("byte \(index) set to \(value): \(error)")
                        continue
                    }
                    authenticationFailures += 1
                }
            }
        }
        #expect(parseErrors + authenticationFailures == indices.count * 255)
        // Both defences are exercised: hex digits in the salt, nonce and ciphertext parse fine
        // and are caught by the AEAD.
        #expect(authenticationFailures > 100)
    }

    /// The same through the keystore, one change per byte: never a wrong-PIN error (the PIN is
    /// right), never a secret; always an error naming the file.
    @Test func keystoreChangedKeyFileIsNotReportedAsWrongPIN() throws {
        let dir = TemporaryDirectory()
        let store = try makeKeystore(in: dir, keys: ["alpha"])
        let path = dir.home + "/keys/alpha.json"
        let original = try #require(readFile(path))
        let name = try KeyName("alpha")
        for index in original.indices {
            var changed = original
            changed[index] ^= 0x01
            writeFile(path, changed)
            do {
                _ = try store.secret(of: name, pin: secret(oldPIN))
                Issue.record("byte \(index) flipped still decrypts")
            } catch {
                switch error {
                case .keyFileTampered(path), .keystoreFileMalformed(path, _, _), .keystoreFileTruncated(path),
                    .keystoreVersionUnsupported(path, _), .keyFileNameMismatch(path, _):
                    break
                default:
                    Issue.record("byte \(index) flipped: unexpected \(error)")
                }
                #expect(!error.description.contains(secretMarker))
            }
        }
        writeFile(path, original)
        #expect(text(of: try store.secret(of: name, pin: secret(oldPIN)).bytes) == "\(secretMarker)-alpha")
        #expect(try store.pinStatus().failures == 0)
    }

    @Test func keystoreTruncatedFileAtEveryLengthIsReportedAsTruncated() throws {
        let dir = TemporaryDirectory()
        let store = try makeKeystore(in: dir, keys: ["alpha"])
        let path = dir.home + "/keys/alpha.json"
        let original = try #require(readFile(path))
        for length in 0..<original.count {
            #expect(throws: KeystoreError.keystoreFileTruncated(path: path)) {
                _ = try KeystoreDocument.parse(Array(original.prefix(length)), path: path)
            }
        }
        writeFile(path, Array(original.prefix(original.count / 2)))
        #expect(throws: KeystoreError.keystoreFileTruncated(path: path)) { try store.list() }
        #expect(throws: KeystoreError.keystoreFileTruncated(path: path)) {
            try store.secret(of: try KeyName("alpha"), pin: secret(oldPIN))
        }
        // Parse failures happen before the PIN is tried, so they cost no try.
        #expect(try store.pinStatus().failures == 0)
    }

    @Test func keystoreSwappedKeyFilesAreRefused() throws {
        let dir = TemporaryDirectory()
        let store = try makeKeystore(in: dir)
        let alpha = try #require(readFile(dir.home + "/keys/alpha.json"))
        writeFile(dir.home + "/keys/beta.json", alpha)
        #expect(throws: KeystoreError.keyFileNameMismatch(path: dir.home + "/keys/beta.json", storedName: "alpha")) {
            try store.secret(of: try KeyName("beta"), pin: secret(oldPIN))
        }
    }

    @Test func keystoreMetadataMovedOntoAnotherSecretFailsAuthentication() throws {
        let dir = TemporaryDirectory()
        let store = try makeKeystore(in: dir)
        // beta's ciphertext under alpha's header and metadata: well-formed, but the AEAD binds them.
        let alpha = try KeystoreDocument.parse(try #require(readFile(dir.home + "/keys/alpha.json")), path: "a")
        let beta = try KeystoreDocument.parse(try #require(readFile(dir.home + "/keys/beta.json")), path: "b")
        let alphaText = String(decoding: alpha.fileBytes, as: UTF8.self)
        let spliced = alphaText.replacingOccurrences(of: Hex.lower(alpha.ciphertext), with: Hex.lower(beta.ciphertext))
        #expect(spliced != alphaText)
        writeFile(dir.home + "/keys/alpha.json", Array(spliced.utf8))
        #expect(throws: KeystoreError.keyFileTampered(path: dir.home + "/keys/alpha.json")) {
            try store.secret(of: try KeyName("alpha"), pin: secret(oldPIN))
        }
    }

    @Test func keystoreFileFromBeforeAPINChangeIsReportedAsTampered() throws {
        let dir = TemporaryDirectory()
        let store = try makeKeystore(in: dir)
        let stale = try #require(readFile(dir.home + "/keys/alpha.json"))
        try store.changePIN(from: secret(oldPIN), to: secret(newPIN))
        writeFile(dir.home + "/keys/alpha.json", stale)
        #expect(throws: KeystoreError.keyFileTampered(path: dir.home + "/keys/alpha.json")) {
            try store.secret(of: try KeyName("alpha"), pin: secret(newPIN))
        }
        #expect(throws: KeystoreError.keyFileTampered(path: dir.home + "/keys/alpha.json")) {
            try store.check(pin: secret(newPIN))
        }
        // With the old PIN it is the PIN that is wrong: the PIN check file says so.
        #expect(throws: KeystoreError.wrongPIN(failures: 1, nextWait: 0)) {
            try store.secret(of: try KeyName("beta"), pin: secret(oldPIN))
        }
    }

    @Test func keystoreVersionAndIdentityErrorsNameTheProblem() throws {
        let dir = TemporaryDirectory()
        _ = try makeKeystore(in: dir, keys: ["alpha"])
        let path = dir.home + "/keys/alpha.json"
        let original = String(decoding: try #require(readFile(path)), as: UTF8.self)
        func parse(_ text: String) throws { _ = try KeystoreDocument.parse(Array(text.utf8), path: path) }
        #expect(throws: KeystoreError.keystoreVersionUnsupported(path: path, version: "2")) {
            try parse(original.replacingOccurrences(of: "\"version\":1", with: "\"version\":2"))
        }
        #expect(
            throws: KeystoreError.keystoreFileMalformed(
                path: path, field: "airsign", reason: "not an Airsign keystore file")
        ) {
            try parse(original.replacingOccurrences(of: "\"airsign\":\"keystore\"", with: "\"airsign\":\"wallet\""))
        }
        #expect(throws: KeystoreError.keystoreFileMalformed(path: path, field: "extra", reason: "unknown field")) {
            try parse(original.replacingOccurrences(of: "\"version\":1", with: "\"version\":1,\"extra\":0"))
        }
        #expect(
            throws: KeystoreError.keystoreFileMalformed(path: path, field: "kdf.salt", reason: "must be lower-case hex")
        ) {
            try parse(original.replacingOccurrences(of: "\"salt\":\"", with: "\"salt\":\"X"))
        }
        #expect(
            throws: KeystoreError.keystoreFileMalformed(
                path: path, field: "kdf.salt", reason: "must be 16 bytes, not 17")
        ) {
            try parse(original.replacingOccurrences(of: "\"salt\":\"", with: "\"salt\":\"00"))
        }
        #expect(throws: KeystoreError.keystoreFileMalformed(path: path, field: "cipher", reason: "missing")) {
            var object = try #require(try JSONSerialization.jsonObject(with: Data(original.utf8)) as? [String: Any])
            object["cipher"] = nil
            try parse(String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self))
        }
        #expect(
            throws: KeystoreError.keystoreFileMalformed(
                path: path, field: "(file)", reason: "not in the exact form airsign-signer writes (was it edited?)")
        ) {
            try parse(original.replacingOccurrences(of: "\"version\":1", with: "\"version\": 1"))
        }
        #expect(
            throws: KeystoreError.keystoreFileMalformed(
                path: path, field: "public.accounts[0].address",
                reason: "only printable ASCII without spaces is allowed")
        ) {
            try parse(original.replacingOccurrences(of: "\"address\":\"0x", with: "\"address\":\"0 x"))
        }
    }
}

extension Hex {
    /// Test shorthand for lower-case hex without prefix.
    static func lower(_ bytes: [UInt8]) -> String { encode(bytes) }
}
