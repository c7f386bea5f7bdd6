import AirsignCLI
import AirsignCrypto
import AirsignKeys
import AirsignKeystore

/// `key import`: a secret the user already has, read from a file, standard input or a hidden
/// prompt (never the command line), stored with the accounts of its kind.
public enum KeyImportAction {
    /// Longest secret accepted: a PEM file with parameters is well under this.
    static let maximumBytes = 16 * 1024

    /// Reads the secret as `kind`, derives its accounts, then asks for the PIN and stores it.
    public static func run(_ name: KeyName, kind: ImportKind, from: String?, passphraseFile: String?, pinFile: String?)
        throws
    {
        let store = try NewKey.keystore(for: name)
        if from == nil, !kind.fitsOneLine {
            throw CLIError.noTerminal(hint: "a PEM file spans several lines: give it with --from FILE or --from -")
        }
        let text = try SecretSource.option(from, prompt: kind.prompt).read(maximumBytes: maximumBytes)
        let secret = try kind.parse(text)
        let passphrase = try NewKey.passphrase(file: passphraseFile)
        if case let .mnemonic(mnemonic) = secret, mnemonic == (try Mnemonic(phrase: SecretURI.developmentPhrase)) {
            Console.info(
                "Warning: this is Substrate's public development phrase; anyone can derive its keys. Use it for tests only."
            )
        }
        // Derived before the PIN is asked for, so a phrase or key that cannot give its
        // accounts costs no PIN try.
        let accounts = try NewKey.accounts(AccountChoice.defaults(for: kind), secret: secret, passphrase: passphrase)
        let pin = try PINEntry.current(file: pinFile)
        try NewKey.store(secret, passphrase: passphrase, accounts: accounts, name: name, in: store, pin: pin)
    }
}
