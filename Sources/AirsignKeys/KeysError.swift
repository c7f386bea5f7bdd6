/// Everything that can go wrong with keys, derivation and the keystore, in words meant for the
/// person at the signer. No case ever carries secret material (phrases, seeds, keys, PINs).
public enum KeysError: Error, Equatable, CustomStringConvertible, Sendable {
    // MARK: Phrases, derivation and imports

    // MARK: Keystore and PIN

    public var description: String {
        switch self {
        }
    }
}
