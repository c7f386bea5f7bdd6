internal import CSodium

/// libsodium must be initialised once before use; every wrapper calls `Sodium.ready()` first.
enum Sodium {
    private static let initialised: Bool = sodium_init() >= 0

    /// Initialises libsodium on first use. A failure here means the process cannot do
    /// cryptography at all, so it stops rather than continue with an unusable library.
    static func ready() {
        precondition(initialised, "libsodium failed to initialise")
    }
}
