import AirsignFiles
import AirsignKeys
import AirsignTestSupport
import Foundation
import Synchronization
import Testing

@testable import AirsignKeystore

/// Crashes at the `target`-th step it sees (counting from 0) and records every step.
final class CrashAtStep: Sendable {
    let target: Int
    private let seen = Mutex<[String]>([])

    init(_ target: Int) { self.target = target }

    var hook: FaultHook {
        FaultHook { step, path in
            self.seen.withLock { steps in
                steps.append("\(step) \(path)")
                return steps.count - 1 == self.target
            }
        }
    }

    var steps: [String] { seen.withLock { $0 } }
    var crashed: Bool { steps.count > target }
}

func directoryNames(_ path: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
}

/// AirsignFiles' AtomicFile (called directly, with its FileError) and the keystore's FileTransaction
/// built on it.
@Suite struct AtomicFileTests {
    @Test func atomicFileWritesAndReplacesWithTheGivenMode() throws {
        let dir = TemporaryDirectory()
        let path = dir.path + "/file"
        try AirsignFiles.AtomicFile.write(Array("first".utf8), to: path)
        try AirsignFiles.AtomicFile.write(Array("second".utf8), to: path, mode: 0o640)
        #expect(readFile(path) == Array("second".utf8))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        #expect(directoryNames(dir.path) == ["file"])
    }

    @Test func atomicFileFailureNamesThePathAndLeavesNothing() throws {
        let dir = TemporaryDirectory()
        let path = dir.path + "/missing/file"
        do {
            try AirsignFiles.AtomicFile.write([1, 2, 3], to: path)
            Issue.record("wrote into a missing directory")
        } catch {
            guard case let .system(failed, operation, code) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(failed.hasPrefix(dir.path + "/missing/.file.tmp-"))
            #expect(operation == "creating")
            #expect(code == ENOENT)
        }
        #expect(directoryNames(dir.path).isEmpty)
    }

    /// A crash at each step: before the rename the old contents stay, after it the new ones are
    /// complete; never anything in between.
    @Test func atomicFileCrashAtEveryStepLeavesOldOrNewContents() throws {
        let old = Array("old contents, complete".utf8)
        let new = Array("new contents, also complete and longer".utf8)
        var step = 0
        while true {
            let dir = TemporaryDirectory()
            let path = dir.path + "/file"
            try AirsignFiles.AtomicFile.write(old, to: path)
            let crash = CrashAtStep(step)
            do {
                try AirsignFiles.AtomicFile.write(new, to: path, faults: crash.hook)
            } catch {
                #expect(error == .writeInterrupted(step: String(crash.steps[step].split(separator: " ")[0])))
            }
            guard crash.crashed else {
                #expect(readFile(path) == new)
                break
            }
            let contents = readFile(path)
            #expect(contents == old || contents == new, "crash at \(crash.steps[step])")
            if crash.steps[step].hasPrefix("atomic.temp") { #expect(contents == old) }
            step += 1
        }
        #expect(step == 6)
    }

    @Test func atomicFileTransactionCrashAtEveryStepRecoversAllOldOrAllNew() throws {
        let files = ["a.json", "sub/b.json", "sub/c.json"]
        func prepare() throws -> TemporaryDirectory {
            let dir = TemporaryDirectory()
            mkdir(dir.path + "/sub", 0o700)
            for file in files {
                try AirsignFiles.AtomicFile.write(Array("old \(file)".utf8), to: dir.path + "/" + file)
            }
            return dir
        }
        // A run without a crash lists the steps; the commit is the committed journal's rename.
        let dryRun = CrashAtStep(Int.max)
        let dryDir = try prepare()
        try FileTransaction(root: dryDir.path, faults: dryRun.hook).replace(files.map { ($0, Array("new \($0)".utf8)) })
        let committedAt = try #require(dryRun.steps.firstIndex { $0.hasPrefix("transaction.committed") })
        let journalRenamedAt = committedAt - 2
        #expect(
            dryRun.steps[journalRenamedAt].hasPrefix("atomic.renamed")
                && dryRun.steps[journalRenamedAt].hasSuffix(FileTransaction.journalName))
        var step = 0
        while true {
            let dir = try prepare()
            let crash = CrashAtStep(step)
            do {
                try FileTransaction(root: dir.path, faults: crash.hook)
                    .replace(files.map { ($0, Array("new \($0)".utf8)) })
            } catch {
                #expect(error.isSimulatedCrash)
            }
            try FileTransaction(root: dir.path, faults: .none).recover()
            let contents = files.map { String(decoding: readFile(dir.path + "/" + $0) ?? [], as: UTF8.self) }
            let allOld = contents == files.map { "old \($0)" }
            let allNew = contents == files.map { "new \($0)" }
            #expect(allOld || allNew, "crash at step \(step): \(contents)")
            if !crash.crashed {
                #expect(allNew)
                break
            }
            // Only the commit decides: before it the old files, from it on the new ones.
            #expect(allNew == (step >= journalRenamedAt), "crash at \(crash.steps[step])")
            #expect(!directoryNames(dir.path).contains(FileTransaction.journalName))
            #expect(directoryNames(dir.path + "/sub").allSatisfy { !FileTransaction.isStagedName($0) })
            step += 1
        }
        #expect(step == dryRun.steps.count)
    }
}
