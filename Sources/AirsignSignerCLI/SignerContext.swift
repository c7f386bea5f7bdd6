import AirsignCLI
import AirsignFiles
import AirsignKeys
import AirsignKeystore
import Glibc

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How `airsign-signer` finds and opens its keystore: `AIRSIGN_SIGNER_HOME` or
/// `~/.airsign-signer`, the real clock, and a notice on stderr before each back-off wait saying why.
public enum SignerContext {
    /// The keystore of this process's environment.
    public static func keystore(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Keystore
    {
        Keystore(
            directory: try Keystore.defaultDirectory(environment: environment),
            faults: testPauseHook(environment),
            onWait: { wait in Console.info(wait.message) })
    }

    /// Debug builds only: `AIRSIGN_SIGNER_TEST_PAUSE_AT=<step>[@<path suffix>][#<n>]` stops the
    /// process at the n-th (default first) keystore write step of that name (on a file whose
    /// path ends with the suffix), announcing it on stderr, so the test suite can SIGKILL it
    /// mid-write. Release builds ignore the variable.
    static func testPauseHook(_ environment: [String: String]) -> FaultHook {
        #if DEBUG
            guard let spec = environment["AIRSIGN_SIGNER_TEST_PAUSE_AT"], !spec.isEmpty else { return .none }
            let counted = spec.split(separator: "#", maxSplits: 1)
            let occurrence = counted.count > 1 ? Int(counted[1]) ?? 1 : 1
            let located = counted[0].split(separator: "@", maxSplits: 1)
            let target = String(located[0])
            let suffix = located.count > 1 ? String(located[1]) : ""
            let seen = Counter()
            return FaultHook { step, path in
                guard step == target, path.hasSuffix(suffix), seen.increment() == occurrence else { return false }
                Console.info("airsign-signer: test pause at \(step) \(path)")
                while true { pause() }
            }
        #else
            return .none
        #endif
    }
}

#if DEBUG
    import Synchronization

    /// A thread-safe count for the test pause hook.
    private final class Counter: Sendable {
        private let value = Mutex(0)
        func increment() -> Int {
            value.withLock {
                $0 += 1; return $0
            }
        }
    }
#endif
