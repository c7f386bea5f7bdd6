import AirsignCLI
import AirsignCrypto
import AirsignKeys
import AirsignKeystore

/// What `key generate` and `key import` share: checking that the name is free before any
/// secret is asked for, deriving the new key's accounts, and storing it under the PIN.
enum NewKey {
    /// The keystore, after checking that it exists and that `name` is not taken.
    static func keystore(for name: KeyName) throws -> Keystore {
        let store = try SignerContext.keystore()
        if try store.hasKey(name) { throw KeystoreError.keyExists(name: name.value) }
        return store
    }

    /// The accounts `choices` name, derived from `secret`.
    static func accounts(_ choices: [AccountChoice], secret: KeySecret, passphrase: SecureBytes) throws(KeysError) -> [Account] {
        var out: [Account] = []
        for choice in choices { out.append(try choice.derive(from: secret, passphrase: passphrase)) }
        return out
    }

    /// Encrypts and stores the secret with its accounts, then says what was stored.
    static func store(_ secret: KeySecret, passphrase: SecureBytes, accounts: [Account], name: KeyName,
                      in store: Keystore, pin: SecureBytes) throws {
        let payload = try SecretPayload(secret: secret, passphrase: passphrase)
        let metadata = try KeyMetadata(name: name, kind: payload.kind, accounts: accounts, created: store.timestampNow())
        try store.add(payload, metadata: metadata, pin: pin)
        Console.info("Stored the key \"\(name)\" (\(payload.kind)) with \(accounts.count) account\(accounts.count == 1 ? "" : "s"):")
        Console.info(AccountText.table([metadata]))
    }

    /// The BIP39 passphrase (also the Substrate `///password`) from `file`, or none.
    static func passphrase(file: String?) throws -> SecureBytes {
        guard let file else { return SecureBytes(count: 0) }
        return try SecretSource.option(file, prompt: "").read(maximumBytes: 1024)
    }
}
