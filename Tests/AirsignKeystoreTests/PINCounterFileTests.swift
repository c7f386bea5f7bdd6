import AirsignCrypto
import AirsignTestSupport
import Foundation
import Synchronization
import Testing

@testable import AirsignKeystore

/// Issue 18 item 13: deleting `pin-state.json` does not reset the wrong-PIN count. `init`
/// writes the counter; a missing one in an initialized keystore is the worst case (the longest
/// wait before every try, said why) until a right PIN writes a clean one.
@Suite struct PINCounterFileTests {
    static let wrong = "wrong PIN 000"

    func statePath(_ dir: TemporaryDirectory) -> String { dir.home + "/pin-state.json" }

    @Test func aFreshKeystoreHasACleanCounterFile() throws {
        let dir = TemporaryDirectory()
        _ = try makeKeystore(in: dir, keys: [])
        let bytes = try #require(readFile(statePath(dir)))
        #expect(try PINAttemptState.parse(bytes, path: "s") == .clean)
        #expect(String(decoding: bytes, as: UTF8.self) == "{\"airsign\":\"pin-state\",\"version\":1,\"failures\":0}\n")
    }

    @Test func deletingTheCounterAfterWrongPINsDoesNotResetIt() throws {
        let dir = TemporaryDirectory()
        let clock = FakeClock()
        _ = try makeKeystore(in: dir, keys: [], clock: clock)
        let waits = Mutex<[PINWait]>([])
        func process() -> Keystore {
            Keystore(directory: dir.home, clock: clock, onWait: { wait in waits.withLock { $0.append(wait) } })
        }
        for failures in 1...4 {
            #expect(
                throws: KeystoreError.wrongPIN(failures: failures, nextWait: PINBackoff.wait(afterFailures: failures))
            ) {
                try process().verifyPIN(secret(Self.wrong))
            }
        }
        #expect(clock.sleeps == [1])

        // The attacker's move: delete the counter. The next look at it records the worst case.
        try FileManager.default.removeItem(atPath: statePath(dir))
        #expect(try process().pinStatus() == PINStatus(failures: 0, wait: PINBackoff.maximumWait))
        #expect(
            try PINAttemptState.parse(#require(readFile(statePath(dir))), path: "s")
                == PINAttemptState(failures: 0, lastAttempt: clock.now(), counterLost: true))
        // Reading it again does not restart the wait; time passing shortens it.
        clock.advance(600)
        #expect(try process().pinStatus() == PINStatus(failures: 0, wait: PINBackoff.maximumWait - 600))

        // A wrong PIN waits out the rest, says why, and the next try waits the longest again.
        #expect(throws: KeystoreError.wrongPIN(failures: 1, nextWait: PINBackoff.maximumWait)) {
            try process().verifyPIN(secret(Self.wrong))
        }
        #expect(clock.sleeps == [1, PINBackoff.maximumWait - 600])
        #expect(waits.withLock { $0 }.last == PINWait(seconds: PINBackoff.maximumWait - 600, counterLost: true))
        #expect(
            waits.withLock { $0 }.last?.message
                == "The wrong-PIN counter (pin-state.json) was missing, which counts as the most "
                + "wrong PINs, not as none: waiting 3000 s before this PIN is checked; a right PIN resets it.")

        // Deleted again before the right PIN: that one waits the longest wait too, then writes a clean counter.
        try FileManager.default.removeItem(atPath: statePath(dir))
        try process().verifyPIN(secret(oldPIN))
        #expect(clock.sleeps == [1, PINBackoff.maximumWait - 600, PINBackoff.maximumWait])
        #expect(try PINAttemptState.parse(#require(readFile(statePath(dir))), path: "s") == .clean)
        #expect(try process().pinStatus() == PINStatus(failures: 0, wait: 0))
        try process().verifyPIN(secret(oldPIN))
        #expect(clock.sleeps.count == 3)
        #expect(
            waits.withLock { $0 }.first?.message
                == "Too many wrong PINs in a row: waiting 1 s before this PIN is checked.")
    }

    @Test func aLostCounterSurvivesARestartAndAReboot() throws {
        // The worst case is in the file, not in the process that found the file missing.
        let dir = TemporaryDirectory()
        let clock = FakeClock()
        _ = try makeKeystore(in: dir, keys: [], clock: clock)
        try FileManager.default.removeItem(atPath: statePath(dir))
        #expect(try Keystore(directory: dir.home, clock: clock).pinStatus().wait == PINBackoff.maximumWait)
        clock.reboot(uptime: 10, wallDelta: 20)
        #expect(try Keystore(directory: dir.home, clock: clock).pinStatus().wait == PINBackoff.maximumWait - 10)
    }

    @Test func theLostMarkRoundTripsAndIsReadStrictly() throws {
        let lost = PINAttemptState.lost(at: ClockReading(wallSeconds: 5, bootID: "b", secondsSinceBoot: 6))
        let text = String(decoding: lost.fileBytes, as: UTF8.self)
        #expect(
            text == "{\"airsign\":\"pin-state\",\"version\":1,\"failures\":0,"
                + "\"lastAttempt\":{\"wallClock\":5,\"bootID\":\"b\",\"sinceBoot\":6},\"counterLost\":true}\n")
        #expect(try PINAttemptState.parse(lost.fileBytes, path: "s") == lost)
        // Any other value of the mark is not one airsign-signer writes.
        for value in ["false", "1", "\"yes\""] {
            let forged = Array(#"{"airsign":"pin-state","version":1,"failures":0,"counterLost":\#(value)}"#.utf8)
            #expect(
                throws: KeystoreError.keystoreFileMalformed(
                    path: "s", field: "counterLost", reason: "must be true when present")
            ) {
                _ = try PINAttemptState.parse(forged, path: "s")
            }
        }
    }
}
