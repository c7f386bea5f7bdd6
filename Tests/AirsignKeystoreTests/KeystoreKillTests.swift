import AirsignCrypto
import AirsignFiles
import AirsignKeys
import AirsignTestSupport
import Foundation
import Testing

@testable import AirsignKeystore

/// Real crashes: `airsign-signer pin change` (a debug build) is paused at a chosen write step
/// through `AIRSIGN_SIGNER_TEST_PAUSE_AT` and SIGKILLed there, as a power cut or `kill -9`
/// would stop it.
@Suite struct KeystoreKillTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let pause: String
        /// Whether the change had passed its commit point.
        let committed: Bool
        var testDescription: String { pause }
    }

    static let cases = [
        // Killed after writing the PIN counter's temporary file, before renaming it.
        Case(pause: "atomic.tempPartlyWritten@pin-state.json", committed: false),
        // The journal's temporary file written but not renamed.
        Case(pause: "atomic.tempWritten@transaction.json", committed: false),
        // A re-encrypted key file written and synced as a temporary file, not yet renamed.
        Case(pause: "atomic.tempSynced@.alpha.json.staged", committed: false),
        // All new files staged, the commit not yet renamed into place.
        Case(pause: "atomic.tempSynced@transaction.json#2", committed: false),
        // Committed: none or some of the new files renamed over the old ones.
        Case(pause: "transaction.committed", committed: true),
        Case(pause: "transaction.renamed", committed: true),
    ]

    @Test(arguments: cases) func keystoreWriterKilledMidWriteLeavesALoadableKeystore(_ test: Case) throws {
        let dir = TemporaryDirectory()
        _ = try makeKeystore(in: dir)
        let files = ["pin-check.json", "keys/alpha.json", "keys/beta.json"]
        let before = files.map { readFile(dir.home + "/" + $0) }
        let old = pinFile(dir, "old", oldPIN)
        let new = pinFile(dir, "new", newPIN)

        let running = try Signer.start(
            ["pin", "change", "--pin-file", old, "--new-pin-file", new], home: dir.home,
            environment: ["AIRSIGN_SIGNER_TEST_PAUSE_AT": test.pause])
        let paused = running.waitForStderr("test pause at")
        #expect(paused, "never paused at \(test.pause): \(running.stderrSoFar)")
        kill(running.pid, SIGKILL)
        let result = running.wait()
        #expect(result.status == 128 + SIGKILL)

        if !test.committed {
            // Before the commit point the old files are untouched, byte for byte.
            #expect(files.map { readFile(dir.home + "/" + $0) } == before)
        }
        // The next run (here the CLI) finishes or undoes the change.
        let list = try Signer.run(["key", "list", "--json"], home: dir.home)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("\"name\":\"alpha\"") && list.stdout.contains("\"name\":\"beta\""))
        expectNoLeftovers(dir, test.pause)
        #expect(pinsThatOpenEverything(dir) == [test.committed ? newPIN : oldPIN])
    }
}
