import AirsignCLI
import AirsignKeys
import AirsignKeystore

/// The work behind `init`, `pin change` and `pin check`. The keystore is checked before any PIN
/// is asked for, so nobody types a PIN only to learn that the keystore is missing.
public enum PINActions {
    /// `init`: creates the keystore under a new PIN.
    public static func initialize(kdf: KDFPreset, pinFile: String?) throws {
        let store = try SignerContext.keystore()
        if try store.isInitialized { throw KeystoreError.keystoreAlreadyInitialized(path: store.directory) }
        let pin = try PINEntry.new(file: pinFile)
        try store.initialize(pin: pin, limits: kdf.limits)
        Console.info("Created the keystore in \(store.directory) (Argon2id \(kdf.rawValue)).")
        Console.info("The PIN cannot be recovered; keep your recovery phrases safe.")
    }

    /// `pin change`: re-encrypts every file under a new PIN, optionally with another KDF cost.
    public static func change(pinFile: String?, newPINFile: String?, kdf: KDFPreset?) throws {
        let store = try SignerContext.keystore()
        let keys = try store.list()
        let old = try PINEntry.current(file: pinFile, prompt: "Current PIN: ")
        let new = try PINEntry.new(file: newPINFile)
        try store.changePIN(from: old, to: new, limits: kdf?.limits)
        Console.info("PIN changed; \(keys.count) key\(keys.count == 1 ? "" : "s") re-encrypted.")
    }

    /// `pin check`: checks the PIN and that every key file decrypts.
    public static func check(pinFile: String?) throws {
        let store = try SignerContext.keystore()
        _ = try store.list()
        let pin = try PINEntry.current(file: pinFile)
        let keys = try store.check(pin: pin)
        Console.info("The PIN is right; \(keys.count) key\(keys.count == 1 ? "" : "s") checked, all intact.")
    }
}
