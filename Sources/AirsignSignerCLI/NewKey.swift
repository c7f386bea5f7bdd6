import AirsignCLI
import AirsignCrypto
import AirsignKeys
import AirsignKeystore
import AirsignMessages

/// What `key generate` and `key import` share: checking that the name is free before any
/// secret is asked for, deriving the new key's accounts, and storing it under the PIN.
enum NewKey {
    /// The keystore, after checking that it exists, that `name` is not taken and that it does
    /// not look like another key's name or a contact's (see `checkDistinct`).
    static func keystore(for name: KeyName) throws -> Keystore {
        let store = try SignerContext.keystore()
        if try store.hasKey(name) { throw KeystoreError.keyExists(name: name.value) }
        try checkDistinct(
            name, keyNames: try store.names().map(\.value),
            contacts: try ContactStore(home: store.directory).loadForRepair().book.contacts)
        return store
    }

    /// Refuses `name` for a new key when it can be taken (as `ContactName.looksAlike` compares
    /// names: UTS #39 skeletons, case, digits that pass for letters) for the name of another key
    /// or of a contact: the review names your accounts `your account (key "NAME")` and a
    /// contact's address `contact "NAME"`, and two names that read alike defeat both labels.
    /// `contact add` refuses the same pairs the other way round.
    static func checkDistinct(_ name: KeyName, keyNames: [String], contacts: [Contact]) throws(KeystoreError) {
        if let key = keyNames.first(where: { ContactName.looksAlike(name.value, $0) }) {
            throw .invalidKeyName(
                name.value,
                reason: "it looks like \"\(key)\", the name of another of your keys; "
                    + "pick a name that differs at a glance")
        }
        if let contact = contacts.first(where: { ContactName.looksAlike(name.value, $0.name) }) {
            throw .invalidKeyName(
                name.value,
                reason: "it looks like \"\(MessageText.escaped(contact.name))\", the name of your \(contact.chain) "
                    + "contact; the review would read their address as one of your own accounts")
        }
    }

    /// The accounts `choices` name, derived from `secret`.
    static func accounts(_ choices: [AccountChoice], secret: KeySecret, passphrase: SecureBytes) throws(KeysError)
        -> [Account]
    {
        var out: [Account] = []
        for choice in choices { out.append(try choice.derive(from: secret, passphrase: passphrase)) }
        return out
    }

    /// Encrypts and stores the secret with its accounts, then says what was stored.
    static func store(
        _ secret: KeySecret, passphrase: SecureBytes, accounts: [Account], name: KeyName,
        in store: Keystore, pin: SecureBytes
    ) throws {
        let payload = try SecretPayload(secret: secret, passphrase: passphrase)
        let metadata = try KeyMetadata(
            name: name, kind: payload.kind, accounts: accounts, created: store.timestampNow())
        try store.add(payload, metadata: metadata, pin: pin)
        Console.info(
            "Stored the key \"\(name)\" (\(payload.kind)) with \(accounts.count) account\(accounts.count == 1 ? "" : "s"):"
        )
        Console.info(AccountText.table([metadata]))
    }

    /// The BIP39 passphrase (also the Substrate `///password`) from `file`, or none.
    static func passphrase(file: String?) throws -> SecureBytes {
        guard let file else { return SecureBytes(count: 0) }
        return try SecretSource.option(file, prompt: "").read(maximumBytes: 1024)
    }
}
