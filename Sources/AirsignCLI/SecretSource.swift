import AirsignCrypto

/// Where a secret (a PIN, later a phrase or key) comes from. Never the command line: argv is
/// visible to every user through `ps` and lands in shell history.
public enum SecretSource: Sendable, Equatable {
    /// Asked on the controlling terminal without echo.
    case terminal(prompt: String)
    /// The contents of a file (or a pipe such as `/dev/fd/3` or `<(…)`).
    case file(String)
    /// Everything on standard input.
    case standardInput

    /// The source an option names: nil asks on the terminal, `-` reads standard input, anything
    /// else is a file path.
    public static func option(_ value: String?, prompt: String) -> SecretSource {
        switch value {
        case nil: return .terminal(prompt: prompt)
        case "-": return .standardInput
        case let path?: return .file(path)
        }
    }

    /// Reads the secret into protected memory. From a file or standard input one trailing
    /// newline (`\n` or `\r\n`) is removed, so `echo PIN > file` works; anything else is kept
    /// as is. At most `maximumBytes` are accepted.
    public func read(maximumBytes: Int = 4096) throws(CLIError) -> SecureBytes {
        let secret: SecureBytes
        switch self {
        case let .terminal(prompt):
            secret = try TerminalInput.readHidden(prompt: prompt, maximumBytes: maximumBytes)
        case let .file(path):
            secret = SecretFile.strippingOneTrailingNewline(try SecretFile.read(path: path, maximumBytes: maximumBytes))
        case .standardInput:
            secret = SecretFile.strippingOneTrailingNewline(
                try SecretFile.readStandardInput(maximumBytes: maximumBytes))
        }
        // An empty entry (Enter pressed by accident, an empty file) must not cost a PIN try.
        guard !secret.isEmpty else { throw .secretEmpty(source: name) }
        return secret
    }

    /// How errors name this source.
    var name: String {
        switch self {
        case .terminal: return "the terminal input"
        case let .file(path): return path
        case .standardInput: return "standard input"
        }
    }
}
