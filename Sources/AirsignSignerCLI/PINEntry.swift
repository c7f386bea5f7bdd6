import AirsignCLI
import AirsignCrypto
import AirsignKeys
import AirsignKeystore
import Glibc

/// Getting PINs from the user: the keystore PIN once, a new PIN twice on the terminal (or once
/// from a file, for automation). PINs are read with `SecretSource`, so never from argv.
public enum PINEntry {
    /// Longest PIN file or entry accepted; the policy's own limit is lower.
    static let maximumBytes = PINPolicy.maximumBytes + 2

    /// The keystore PIN, from `file` (`-` for standard input) or asked on the terminal.
    public static func current(file: String?, prompt: String = "Keystore PIN: ") throws(CLIError) -> SecureBytes {
        try SecretSource.option(file, prompt: prompt).read(maximumBytes: maximumBytes)
    }

    /// How to get the keystore PIN when a command can do without it (`inspect`): from `file`,
    /// or on the terminal when standard input and error are one; else nil (never a prompt
    /// that a script cannot answer).
    public static func ifAvailable(file: String?) -> (() throws -> SecureBytes)? {
        guard file != nil || (isatty(0) == 1 && isatty(2) == 1) else { return nil }
        return { try current(file: file) }
    }

    /// A new PIN, checked against `PINPolicy`: read once from `file`, or asked twice on the
    /// terminal (the entries must match).
    public static func new(file: String?) throws -> SecureBytes {
        let source = SecretSource.option(file, prompt: "New PIN (at least \(PINPolicy.minimumCharacters) characters): ")
        let pin = try source.read(maximumBytes: maximumBytes)
        try PINPolicy.checkNew(pin)
        guard case .terminal = source else { return pin }
        let again = try SecretSource.terminal(prompt: "Repeat the new PIN: ").read(maximumBytes: maximumBytes)
        guard pin == again else { throw CLIError.pinsDiffer }
        return pin
    }
}
