import AirsignFiles
import Glibc

/// An exclusive `flock(2)` on a file in the keystore directory, held while one operation reads
/// or writes the keystore, so two airsign-signer processes never interleave (and recovery from a
/// crashed PIN change never runs while another process is in the middle of one). The kernel
/// drops the lock when its holder dies, so a crash never leaves the keystore locked.
///
/// flock locks belong to the open file, so a second lock taken by the same process through
/// another descriptor waits like any other: keystore code never nests `withLock` calls.
struct FileLock {
    let path: String

    func withLock<R>(_ body: () throws(KeystoreError) -> R) throws(KeystoreError) -> R {
        let fd = try SystemCalls.open(
            path, O_RDWR | O_CREAT | O_NOFOLLOW, PrivateFiles.fileMode, operation: "opening the lock file")
        defer { close(fd) }
        try PrivateFiles.checkFile(path, try SystemCalls.descriptorInfo(fd, path: path))
        while flock(fd, LOCK_EX) != 0 {
            if errno != EINTR { throw SystemCalls.failure(path, "locking") }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}
