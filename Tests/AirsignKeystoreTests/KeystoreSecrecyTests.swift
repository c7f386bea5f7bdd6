import AirsignCrypto
import AirsignFiles
import AirsignKeys
import AirsignTestSupport
import Foundation
import Testing

@testable import AirsignKeystore

/// No PIN and no secret byte in any error text, description, dump, or file in the clear.
@Suite struct KeystoreSecrecyTests {
    @Test func keystoreErrorsAndValuesNeverShowSecrets() throws {
        let dir = TemporaryDirectory()
        let clock = FakeClock()
        let store = try makeKeystore(in: dir, clock: clock)
        let name = try KeyName("alpha")
        var texts: [String] = []
        func capture(_ body: () throws -> Void) {
            do { try body() } catch { texts.append(String(describing: error)); texts.append(String(reflecting: error)) }
        }
        capture { _ = try store.secret(of: name, pin: secret(newPIN)) }
        capture { try store.verifyPIN(secret(newPIN)) }
        capture { try store.changePIN(from: secret(newPIN), to: secret(oldPIN)) }
        capture { try store.changePIN(from: secret(oldPIN), to: secret("\(newPIN)\n")) }
        capture { try store.changePIN(from: secret(oldPIN), to: secret("w0rd")) }
        capture { try store.changePIN(from: secret(oldPIN), to: SecureBytes(copying: Array(newPIN.utf8) + [0xff])) }
        let path = dir.home + "/keys/alpha.json"
        let original = try #require(readFile(path))
        var flipped = original
        flipped[original.count / 2] ^= 0x20
        writeFile(path, flipped)
        capture { _ = try store.secret(of: name, pin: secret(oldPIN)) }
        writeFile(path, original)
        #expect(texts.count >= 12)

        let payload = try store.secret(of: name, pin: secret(oldPIN))
        texts.append(String(describing: payload))
        texts.append(String(reflecting: payload))
        var dumped = ""
        dump(payload, to: &dumped)
        texts.append(dumped)
        let files = ["pin-check.json", "pin-state.json", "keys/alpha.json", "keys/beta.json"]
        texts += files.map { String(decoding: readFile(dir.home + "/" + $0) ?? [], as: UTF8.self) }

        let everything = texts.joined(separator: "\n")
        for secretText in [oldPIN, newPIN, "w0rd", secretMarker] {
            #expect(!everything.contains(secretText), "a secret appeared: \(secretText)")
        }
        // …nor as hex.
        let markerHex = Array(secretMarker.utf8).map { String(format: "%02x", $0) }.joined()
        #expect(!everything.contains(markerHex))
    }
}
