import AirsignCrypto
import AirsignFiles
import AirsignKeys
import AirsignTestSupport
import Synchronization
import Testing

@testable import AirsignKeystore

@Suite struct PINBackoffTests {
    @Test func pinBackoffFollowsTheSchedule() {
        #expect((0...2).map(PINBackoff.wait(afterFailures:)) == [0, 0, 0])
        #expect((3...8).map(PINBackoff.wait(afterFailures:)) == [1, 2, 4, 8, 16, 32])
        #expect(PINBackoff.wait(afterFailures: 14) == 2048)
        #expect(PINBackoff.wait(afterFailures: 15) == 3600)
        #expect(PINBackoff.wait(afterFailures: 1_000_000) == 3600)
    }

    @Test func pinBackoffIsEnforcedAcrossProcessRestarts() throws {
        let dir = TemporaryDirectory()
        let clock = FakeClock()
        _ = try makeKeystore(in: dir, keys: [], clock: clock)
        let wrong = secret("wrong PIN 000")
        // Each "process" is a fresh Keystore value that knows only what is on disk.
        func process() -> Keystore { Keystore(directory: dir.home, clock: clock) }
        for failures in 1...3 {
            #expect(
                throws: KeystoreError.wrongPIN(failures: failures, nextWait: PINBackoff.wait(afterFailures: failures))
            ) {
                try process().verifyPIN(wrong)
            }
        }
        #expect(clock.sleeps.isEmpty)
        #expect(throws: KeystoreError.wrongPIN(failures: 4, nextWait: 2)) { try process().verifyPIN(wrong) }
        #expect(clock.sleeps == [1])
        #expect(throws: KeystoreError.wrongPIN(failures: 5, nextWait: 4)) { try process().verifyPIN(wrong) }
        #expect(clock.sleeps == [1, 2])
        // Time that passed between runs counts toward the wait.
        clock.advance(3)
        #expect(try process().pinStatus() == PINStatus(failures: 5, wait: 1))
        #expect(throws: KeystoreError.wrongPIN(failures: 6, nextWait: 8)) { try process().verifyPIN(wrong) }
        #expect(clock.sleeps == [1, 2, 1])
        // The right PIN still waits its turn, then resets the count.
        try process().verifyPIN(secret(oldPIN))
        #expect(clock.sleeps == [1, 2, 1, 8])
        #expect(try process().pinStatus() == PINStatus(failures: 0, wait: 0))
        try process().verifyPIN(secret(oldPIN))
        #expect(clock.sleeps.count == 4)
    }

    /// The wait happens before the try is counted and its key derivation runs.
    @Test func pinBackoffWaitsBeforeTheKeyDerivation() throws {
        let dir = TemporaryDirectory()
        let clock = FakeClock()
        _ = try makeKeystore(in: dir, keys: [], clock: clock)
        let store = Keystore(directory: dir.home, clock: clock)
        for _ in 1...4 { _ = try? store.verifyPIN(secret("wrong PIN 000")) }
        let observed = Mutex<[Int]>([])
        let watching = Keystore(
            directory: dir.home, clock: clock,
            onWait: { _ in
                // Called just before the sleep: the failure count is still the one before this try.
                observed.withLock { $0.append((try? store.pinStatus().failures) ?? -1) }
            })
        #expect(throws: KeystoreError.wrongPIN(failures: 5, nextWait: 4)) {
            try watching.verifyPIN(secret("wrong PIN 000"))
        }
        #expect(observed.withLock { $0 } == [4])
    }

    /// A try whose process dies after it was counted (before or during the key derivation) stays counted.
    @Test func pinBackoffCountsATryKilledBeforeItsCheck() throws {
        let dir = TemporaryDirectory()
        let clock = FakeClock()
        _ = try makeKeystore(in: dir, keys: [], clock: clock)
        let crashAfterCounting = FaultHook { step, path in
            step == "atomic.directorySynced" && path.hasSuffix("pin-state.json")
        }
        #expect(throws: KeystoreError.writeInterrupted(step: "atomic.directorySynced")) {
            try Keystore(directory: dir.home, clock: clock, faults: crashAfterCounting).verifyPIN(secret(oldPIN))
        }
        #expect(try Keystore(directory: dir.home, clock: clock).pinStatus().failures == 1)
    }

    @Test func pinBackoffSurvivesClockChangesAndReboots() {
        let last = ClockReading(wallSeconds: 1_000_000, bootID: "A", secondsSinceBoot: 500)
        let state = PINAttemptState(failures: 10, lastAttempt: last)  // a 128 s wait
        // Same boot: the boot clock decides, whatever the wall clock says.
        #expect(
            PINBackoff.remainingWait(
                state, now: ClockReading(wallSeconds: 9_000_000, bootID: "A", secondsSinceBoot: 510)) == 118)
        #expect(
            PINBackoff.remainingWait(state, now: ClockReading(wallSeconds: 0, bootID: "A", secondsSinceBoot: 700)) == 0)
        // After a reboot: the wall clock, but never more than the time since boot.
        #expect(
            PINBackoff.remainingWait(
                state, now: ClockReading(wallSeconds: 9_000_000, bootID: "B", secondsSinceBoot: 20)) == 108)
        #expect(
            PINBackoff.remainingWait(
                state, now: ClockReading(wallSeconds: 1_000_100, bootID: "B", secondsSinceBoot: 900)) == 28)
        // The clock set back before the last try: no credit at all.
        #expect(
            PINBackoff.remainingWait(state, now: ClockReading(wallSeconds: 10, bootID: "B", secondsSinceBoot: 900))
                == 128)
        // Unknown boot IDs are treated as a reboot.
        #expect(
            PINBackoff.remainingWait(state, now: ClockReading(wallSeconds: 1_000_010, bootID: "", secondsSinceBoot: 5))
                == 123)
        // Absurd stored values cannot overflow.
        let absurd = PINAttemptState(
            failures: 3, lastAttempt: ClockReading(wallSeconds: .min, bootID: "X", secondsSinceBoot: .max))
        #expect(
            PINBackoff.remainingWait(absurd, now: ClockReading(wallSeconds: .max, bootID: "Y", secondsSinceBoot: 0))
                == 1)
    }

    @Test func pinStateFileRoundTripsAndRefusesDamage() throws {
        let state = PINAttemptState(
            failures: 7, lastAttempt: ClockReading(wallSeconds: -5, bootID: "b-1", secondsSinceBoot: 42))
        #expect(try PINAttemptState.parse(state.fileBytes, path: "s") == state)
        #expect(try PINAttemptState.parse(PINAttemptState.clean.fileBytes, path: "s") == .clean)
        #expect(
            throws: KeystoreError.keystoreFileMalformed(path: "s", field: "failures", reason: "must be a whole number")
        ) {
            _ = try PINAttemptState.parse(Array(#"{"airsign":"pin-state","version":1,"failures":-1}"#.utf8), path: "s")
        }
        #expect(throws: KeystoreError.keystoreFileTruncated(path: "s")) {
            _ = try PINAttemptState.parse(Array(#"{"airsign":"pin-state","#.utf8), path: "s")
        }
    }
}

@Suite struct PINPolicyTests {
    @Test func pinPolicyAcceptsAndRefuses() throws {
        try PINPolicy.checkNew(secret("123456"))
        try PINPolicy.checkNew(secret("éééééé"))
        try PINPolicy.checkNew(secret("a long pass phrase with spaces"))
        #expect(throws: KeystoreError.pinTooShort(minimum: 6)) { try PINPolicy.checkNew(secret("12345")) }
        #expect(throws: KeystoreError.pinTooShort(minimum: 6)) { try PINPolicy.checkNew(secret("ééééé")) }
        #expect(throws: KeystoreError.pinTooShort(minimum: 6)) { try PINPolicy.checkNew(secret("")) }
        let control = KeystoreError.pinRejected(reason: "it contains a control character (a line break or tab?)")
        #expect(throws: control) { try PINPolicy.checkNew(secret("123456\n")) }
        #expect(throws: control) { try PINPolicy.checkNew(secret("123\t456")) }
        #expect(throws: control) { try PINPolicy.checkNew(secret("123456\u{85}")) }
        let notUTF8 = KeystoreError.pinRejected(reason: "it is not valid UTF-8 text")
        for bad: [UInt8] in [
            [0x31, 0x32, 0x33, 0x34, 0x35, 0xff], [0xc0, 0x80, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36],
            [0xed, 0xa0, 0x80, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36], [0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0xe2, 0x82],
        ] {
            #expect(throws: notUTF8) { try PINPolicy.checkNew(SecureBytes(copying: bad)) }
        }
        #expect(throws: KeystoreError.pinRejected(reason: "it is longer than 1024 bytes")) {
            try PINPolicy.checkNew(SecureBytes(copying: [UInt8](repeating: 0x41, count: 1025)))
        }
    }
}
