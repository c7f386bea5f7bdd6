import AirsignCrypto
import AirsignFiles
import AirsignKeys
import AirsignTestSupport
import Foundation
import Testing

@testable import AirsignKeystore

@Suite struct KeystoreCrashTests {
    /// `pin change` stopped at every step of its writes (as by a crash or power loss): the next
    /// run recovers a keystore that opens with exactly one of the two PINs, old before the
    /// commit point, new from it on.
    @Test func keystorePINChangeCrashAtEveryStepLeavesExactlyOneWorkingPIN() throws {
        let dryRun = CrashAtStep(Int.max)
        let dryDir = TemporaryDirectory()
        _ = try makeKeystore(in: dryDir)
        try Keystore(directory: dryDir.home, clock: FakeClock(), faults: dryRun.hook).changePIN(
            from: secret(oldPIN), to: secret(newPIN))
        let steps = dryRun.steps
        let committedAt = try #require(steps.firstIndex { $0.hasPrefix("transaction.committed") })
        #expect(steps.count > 40)

        for step in steps.indices {
            let dir = TemporaryDirectory()
            _ = try makeKeystore(in: dir)
            let crash = CrashAtStep(step)
            #expect(throws: KeystoreError.writeInterrupted(step: String(steps[step].split(separator: " ")[0]))) {
                try Keystore(directory: dir.home, clock: FakeClock(), faults: crash.hook)
                    .changePIN(from: secret(oldPIN), to: secret(newPIN))
            }
            let working = pinsThatOpenEverything(dir)
            let expected = step >= committedAt - 2 ? [newPIN] : [oldPIN]
            #expect(working == expected, "crash at step \(step): \(steps[step])")
            expectNoLeftovers(dir, "after a crash at \(steps[step])")
        }
    }

    /// Adding a key stopped at every step: the key is either absent or complete, the others intact.
    @Test func keystoreAddCrashAtEveryStepLeavesTheKeyAbsentOrComplete() throws {
        let dryRun = CrashAtStep(Int.max)
        let dryDir = TemporaryDirectory()
        _ = try makeKeystore(in: dryDir)
        try Keystore(directory: dryDir.home, clock: FakeClock(), faults: dryRun.hook)
            .add(try testPayload("gamma"), metadata: try testMetadata("gamma"), pin: secret(oldPIN))

        for step in dryRun.steps.indices {
            let dir = TemporaryDirectory()
            _ = try makeKeystore(in: dir)
            let crash = CrashAtStep(step)
            #expect(throws: KeystoreError.self) {
                try Keystore(directory: dir.home, clock: FakeClock(), faults: crash.hook)
                    .add(try testPayload("gamma"), metadata: try testMetadata("gamma"), pin: secret(oldPIN))
            }
            let store = Keystore(directory: dir.home, clock: FakeClock())
            let names = try store.list().map(\.name.value)
            #expect(
                names == ["alpha", "beta"] || names == ["alpha", "beta", "gamma"], "crash at \(dryRun.steps[step])")
            for name in names {
                #expect(
                    text(of: try store.secret(of: try KeyName(name), pin: secret(oldPIN)).bytes)
                        == "\(secretMarker)-\(name)")
            }
            #expect(directoryNames(dir.home + "/keys").allSatisfy { !$0.hasPrefix(".") })
        }
    }
}
