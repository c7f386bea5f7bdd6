import AirsignFiles
import AirsignKeys
import AirsignTestSupport
import Foundation
import Testing

@testable import AirsignKeystore

@Suite struct KeystorePermissionTests {
    @Test func keystoreDirectoryOpenToOthersIsRefusedWithTheFix() throws {
        let dir = TemporaryDirectory()
        let store = try makeKeystore(in: dir)
        chmod(dir.home, 0o755)
        do {
            _ = try store.list()
            Issue.record("a 0755 keystore directory was used")
        } catch {
            #expect(error == .unsafePermissions(path: dir.home, mode: 0o755, fix: "chmod 700 \(dir.home)"))
            #expect(error.description.contains("fix it with: chmod 700 \(dir.home)"))
            #expect(error.description.contains("mode 0755"))
        }
        chmod(dir.home, 0o700)
        chmod(dir.home + "/keys", 0o750)
        #expect(
            throws: KeystoreError.unsafePermissions(
                path: dir.home + "/keys", mode: 0o750, fix: "chmod 700 \(dir.home)/keys")
        ) {
            try store.list()
        }
        chmod(dir.home + "/keys", 0o700)
        #expect(try store.list().count == 2)
    }

    @Test func keystoreFileReadableByOthersIsRefusedWithTheFix() throws {
        let dir = TemporaryDirectory()
        let store = try makeKeystore(in: dir)
        let path = dir.home + "/keys/alpha.json"
        chmod(path, 0o644)
        do {
            _ = try store.secret(of: try KeyName("alpha"), pin: secret(oldPIN))
            Issue.record("a 0644 key file was used")
        } catch {
            #expect(error == .unsafePermissions(path: path, mode: 0o644, fix: "chmod 600 \(path)"))
            #expect(error.description.contains("chmod 600 \(path)"))
        }
        chmod(path, 0o600)
        chmod(dir.home + "/pin-check.json", 0o640)
        #expect(
            throws: KeystoreError.unsafePermissions(
                path: dir.home + "/pin-check.json", mode: 0o640, fix: "chmod 600 \(dir.home)/pin-check.json")
        ) {
            try store.verifyPIN(secret(oldPIN))
        }
        // None of these refusals cost a PIN try.
        chmod(dir.home + "/pin-check.json", 0o600)
        #expect(try store.pinStatus().failures == 0)
    }

    @Test func keystoreFileOfAnotherUserIsRefusedWithTheFix() throws {
        let dir = TemporaryDirectory()
        let store = try makeKeystore(in: dir)
        let path = dir.home + "/keys/beta.json"
        let me = geteuid()
        let stranger: uid_t = me == 4242 ? 4243 : 4242
        // Only root may give a file away; run as another user, there is nothing to check here.
        guard chown(path, stranger, getegid()) == 0 else { return }
        do {
            _ = try store.list()
            Issue.record("a file of another user was used")
        } catch {
            #expect(error == .wrongOwner(path: path, owner: stranger, expected: me))
            #expect(error.description.contains("chown \(me) \(path)"))
        }
    }

    @Test func keystoreSymbolicLinksInsideAreRefused() throws {
        let dir = TemporaryDirectory()
        let store = try makeKeystore(in: dir)
        let path = dir.home + "/keys/alpha.json"
        rename(path, dir.path + "/elsewhere.json")
        symlink(dir.path + "/elsewhere.json", path)
        #expect(
            throws: KeystoreError.unexpectedFileType(path: path, expected: "a regular file (it is a symbolic link)")
        ) {
            try store.metadata(of: try KeyName("alpha"))
        }
    }

    @Test func keystoreInitCreatesPrivateDirectoriesAndRefusesLooseOnes() throws {
        let dir = TemporaryDirectory()
        let loose = dir.path + "/loose"
        mkdir(loose, 0o777)
        chmod(loose, 0o777)
        #expect(throws: KeystoreError.unsafePermissions(path: loose, mode: 0o777, fix: "chmod 700 \(loose)")) {
            try Keystore(directory: loose).initialize(pin: secret(oldPIN), limits: testLimits)
        }
        // An existing empty private directory is accepted.
        let empty = dir.path + "/empty"
        mkdir(empty, 0o700)
        try Keystore(directory: empty).initialize(pin: secret(oldPIN), limits: testLimits)
        #expect(try Keystore(directory: empty).list().isEmpty)
    }
}
