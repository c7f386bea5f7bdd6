import AirsignCLI
import AirsignCrypto
import AirsignKeys
import AirsignKeystore

/// `key generate`: a new recovery phrase from the system's CSPRNG, shown once on the terminal
/// (or written to a new 0600 file for automation), confirmed, then stored with the default
/// account of every chain.
public enum KeyGenerateAction {
    /// Where the new phrase goes.
    public enum PhraseOutput: Sendable, Equatable {
        /// Shown on the terminal; `verify` asks for it back.
        case terminal(verify: Bool)
        /// Written to a new file (mode 0600) and not shown.
        case file(String)
    }

    /// Generates, shows (or writes) and confirms a phrase of `words` words, then stores it as
    /// `name`. The PIN is checked before the phrase is made, so a wrong one costs no phrase.
    public static func run(_ name: KeyName, words: Int, passphraseFile: String?, output: PhraseOutput, pinFile: String?)
        throws
    {
        let store = try NewKey.keystore(for: name)
        let passphrase = try NewKey.passphrase(file: passphraseFile)
        if case .terminal = output {
            // Refuse before the PIN is asked for, not after.
            guard TerminalCheck.hasControllingTerminal else {
                throw CLIError.noTerminal(hint: PhraseCeremony.noTerminalHint)
            }
        }
        // The PIN first: a typo here must not cost the phrase just written down.
        let pin = try PINEntry.current(file: pinFile)
        try store.verifyPIN(pin)
        let mnemonic = try Mnemonic.generate(wordCount: words)
        let secret = KeySecret.mnemonic(mnemonic)
        let accounts = try NewKey.accounts(AccountChoice.defaults(for: .phrase), secret: secret, passphrase: passphrase)
        switch output {
        case let .terminal(verify):
            try PhraseCeremony.run(mnemonic, verify: verify)
        case let .file(path):
            try PhraseFile.write(SecureBytes.joining([mnemonic.phrase, [UInt8(ascii: "\n")]]), to: path)
            Console.info(
                "Wrote the new recovery phrase to \(path) (mode 600). Move it offline and delete it: anyone who reads it holds the key."
            )
        }
        try NewKey.store(secret, passphrase: passphrase, accounts: accounts, name: name, in: store, pin: pin)
    }
}
