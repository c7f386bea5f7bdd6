internal import CSodium

/// libsodium must be initialised once before use; every wrapper calls `Sodium.ready()` first.
enum Sodium {
    private static let initialised: Bool = sodium_init() >= 0

    /// Initialises libsodium on first use. A failure here means the process cannot do
    /// cryptography at all, so it stops rather than continue with an unusable library.
    static func ready() {
        precondition(initialised, "libsodium failed to initialise")
    }

    /// For libsodium calls documented to succeed for every input we can pass (hash and HMAC
    /// init/update/final, detached Ed25519 signing): a non-zero result means the library itself
    /// is broken, which no caller can handle, so it stops the process instead of guessing.
    static func mustSucceed(_ result: Int32, _ operation: StaticString) {
        precondition(result == 0, "libsodium \(operation) failed unexpectedly")
    }
}
