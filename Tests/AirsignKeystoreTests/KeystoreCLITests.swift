import AirsignCrypto
import AirsignFiles
import AirsignKeys
import AirsignTestSupport
import Foundation
import Synchronization
import Testing

@testable import AirsignKeystore

/// The built `airsign-signer` run as a process, with `AIRSIGN_SIGNER_HOME` in a temporary
/// directory and PINs from files.
@Suite struct KeystoreCLITests {
    /// Every output of every run in these tests, checked for secrets at the end of each test.
    final class Transcript: Sendable {
        private let runs = Mutex<[String]>([])

        func run(_ arguments: [String], home: String, stdin: String = "") throws -> Signer.Result {
            let result = try Signer.run(arguments, home: home, stdin: stdin)
            runs.withLock { $0.append(result.all) }
            return result
        }

        /// No PIN and no secret payload appears in anything printed.
        func expectNoSecrets(_ extra: [String] = []) {
            let text = runs.withLock { $0.joined(separator: "\n") }
            for secret in [oldPIN, newPIN, secretMarker, "wrong PIN 000"] + extra {
                #expect(!text.contains(secret), "a secret appeared in the output")
            }
        }
    }

    @Test func keystoreCLIInitListAndWrongPIN() throws {
        let dir = TemporaryDirectory()
        let log = Transcript()
        let pin = pinFile(dir, "pin", oldPIN)
        let wrong = pinFile(dir, "wrong", "wrong PIN 000")

        var result = try log.run(["key", "list"], home: dir.home)
        #expect(result.status == 7)
        #expect(result.stderr.contains("airsign-signer init"))

        result = try log.run(["init", "--kdf", "interactive", "--pin-file", pin], home: dir.home)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("Created the keystore in \(dir.home)"))
        let limits = try Keystore(directory: dir.home).kdfLimits()
        #expect(limits == KDFPreset.interactive.limits)

        result = try log.run(["init", "--pin-file", pin], home: dir.home)
        #expect(result.status == 7)

        result = try log.run(["key", "list", "--json"], home: dir.home)
        #expect(result.status == 0)
        #expect(result.stdout == "[]\n")

        result = try log.run(["pin", "check", "--pin-file", wrong], home: dir.home)
        #expect(result.status == 4)
        #expect(result.stderr == "airsign-signer: error: wrong PIN (1 wrong in a row)\n")

        result = try log.run(["pin", "check", "--pin-file", "-"], home: dir.home, stdin: oldPIN + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Keystore(directory: dir.home).pinStatus().failures == 0)
        log.expectNoSecrets()
    }

    @Test func keystoreCLIListShowDelete() throws {
        let dir = TemporaryDirectory()
        let log = Transcript()
        _ = try makeKeystore(in: dir)

        var result = try log.run(["key", "list"], home: dir.home)
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("alpha  test-seed  1         2025-06-15T12:00:00Z"))

        result = try log.run(["key", "list", "--json"], home: dir.home)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(list.compactMap { $0["name"] as? String } == ["alpha", "beta"])

        result = try log.run(["key", "show", "beta", "--json"], home: dir.home)
        #expect(result.status == 0)
        #expect(result.stdout == (try testMetadata("beta")).jsonText + "\n")

        result = try log.run(["key", "show", "beta"], home: dir.home)
        #expect(result.stderr.contains("address:    0x9858EfFD232B4033E47d90003D41EC34EcaEda90"))

        #expect(try log.run(["key", "show", "gamma"], home: dir.home).status == 7)
        #expect(try log.run(["key", "show", "../etc/passwd"], home: dir.home).status == 2)

        // No terminal to confirm on and no --yes: nothing is deleted.
        result = try log.run(["key", "delete", "alpha"], home: dir.home)
        #expect(result.status == 3)
        #expect(result.stderr.contains("--yes"))
        result = try log.run(["key", "delete", "alpha", "--yes"], home: dir.home)
        #expect(result.status == 0)
        #expect(try Keystore(directory: dir.home).list().map(\.name.value) == ["beta"])
        log.expectNoSecrets()
    }

    @Test func keystoreCLIPINChange() throws {
        let dir = TemporaryDirectory()
        let log = Transcript()
        _ = try makeKeystore(in: dir)
        let old = pinFile(dir, "old", oldPIN)
        let new = pinFile(dir, "new", newPIN)
        let short = pinFile(dir, "short", "12345")

        var result = try log.run(["pin", "change", "--pin-file", old, "--new-pin-file", short], home: dir.home)
        #expect(result.status == 3)
        #expect(result.stderr.contains("at least 6 characters"))

        result = try log.run(["pin", "change", "--pin-file", new, "--new-pin-file", old], home: dir.home)
        #expect(result.status == 4)

        result = try log.run(
            ["pin", "change", "--pin-file", old, "--new-pin-file", "-"], home: dir.home, stdin: newPIN + "\r\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("PIN changed; 2 keys re-encrypted."))

        #expect(try log.run(["pin", "check", "--pin-file", old], home: dir.home).status == 4)
        #expect(try log.run(["pin", "check", "--pin-file", new], home: dir.home).status == 0)
        let store = Keystore(directory: dir.home)
        #expect(
            text(of: try store.secret(of: try KeyName("alpha"), pin: secret(newPIN)).bytes) == "\(secretMarker)-alpha")
        #expect(try log.run(["pin", "change", "--pin-file", "-", "--new-pin-file", "-"], home: dir.home).status == 2)
        log.expectNoSecrets()
    }

    @Test func keystoreCLIExitCodesForDamageAndPermissions() throws {
        let dir = TemporaryDirectory()
        let log = Transcript()
        _ = try makeKeystore(in: dir)
        let pin = pinFile(dir, "pin", oldPIN)
        let loose = pinFile(dir, "loose", oldPIN, mode: 0o644)

        var result = try log.run(["pin", "check", "--pin-file", loose], home: dir.home)
        #expect(result.status == 6)
        #expect(result.stderr.contains("fix it with: chmod 600 \(loose)"))
        #expect(try log.run(["pin", "check", "--pin-file", dir.path + "/absent"], home: dir.home).status == 3)
        #expect(try log.run(["pin", "check", "--pin-file", dir.path], home: dir.home).status == 6)
        // No --pin-file and no terminal.
        result = try log.run(["pin", "check"], home: dir.home)
        #expect(result.status == 3)
        #expect(result.stderr.contains("--pin-file"))

        chmod(dir.home, 0o755)
        result = try log.run(["key", "list"], home: dir.home)
        #expect(result.status == 6)
        #expect(result.stderr.contains("chmod 700 \(dir.home)"))
        chmod(dir.home, 0o700)

        let path = dir.home + "/keys/alpha.json"
        let original = try #require(readFile(path))
        var flipped = original
        flipped[original.count - 40] ^= 0x01  // inside public metadata
        writeFile(path, flipped)
        #expect(try log.run(["pin", "check", "--pin-file", pin], home: dir.home).status == 5)
        writeFile(path, Array(original.prefix(100)))
        result = try log.run(["key", "list"], home: dir.home)
        #expect(result.status == 5)
        #expect(result.stderr.contains("truncated"))
        writeFile(path, original)
        #expect(try log.run(["pin", "check", "--pin-file", pin], home: dir.home).status == 0)
        log.expectNoSecrets()
    }

    @Test func keystoreCLIHelpUsageAndVersion() throws {
        let dir = TemporaryDirectory()
        var result = try Signer.run(["--help"], home: dir.home)
        #expect(result.status == 0)
        for command in ["init", "key", "pin"] { #expect(result.stdout.contains(command)) }
        result = try Signer.run(["key", "delete", "--help"], home: dir.home)
        #expect(result.status == 0 && result.stdout.contains("--yes"))
        result = try Signer.run(["--version"], home: dir.home)
        #expect(result.status == 0 && !result.stdout.isEmpty)
        result = try Signer.run(["key", "frobnicate"], home: dir.home)
        #expect(result.status == 2)
        result = try Signer.run(["init", "--kdf", "extreme"], home: dir.home)
        #expect(result.status == 2)
    }
}
