import Glibc

/// Failures of the command-line layer itself (terminal, secret files, confirmations). Like
/// every Airsign error, the text is one line and never contains a secret.
public enum CLIError: Error, Equatable, CustomStringConvertible, Sendable, ExitStatusProviding {
    /// A secret or confirmation was needed but there is no terminal; `hint` says what to use.
    case noTerminal(hint: String)
    /// The two entries of a new PIN differ.
    case pinsDiffer
    /// A secret file other users can read or write; `fix` is the command that fixes it.
    case secretFileUnsafe(path: String, mode: UInt32, fix: String)
    /// A secret file that belongs to another user.
    case secretFileOwner(path: String, owner: UInt32, expected: UInt32)
    /// A secret file that cannot be opened or read.
    case secretFileUnreadable(path: String, errno: Int32)
    /// A secret source that is not a file, pipe or terminal (a directory, a socket).
    case secretFileType(path: String)
    /// More bytes than any secret of this kind has.
    case secretTooLong(source: String, maximum: Int)
    /// Nothing was entered or the file is empty.
    case secretEmpty(source: String)
    /// Two secrets were to be read from standard input.
    case standardInputTwice
    /// A destructive command needs confirmation and got none (no terminal and no `--yes`).
    case confirmationRequired(hint: String)
    /// The user declined, or pressed Ctrl-C at a prompt.
    case cancelled
    /// The terminal could not be set up or read.
    case terminal(operation: String, errno: Int32)
    /// A receive QR code holds one address; the name or address matched several.
    case oneAddressNeeded(found: Int)

    public var description: String {
        switch self {
        case let .noTerminal(hint):
            return "no terminal to ask on; \(hint)"
        case let .oneAddressNeeded(found):
            return "that matches \(found) addresses; a receive QR code holds one: give the account's address"
        case .pinsDiffer:
            return "the two PINs differ; nothing was changed"
        case let .secretFileUnsafe(path, mode, fix):
            return "\(path) can be read or written by other users (mode \(octalMode(mode))); fix it with: \(fix)"
        case let .secretFileOwner(path, owner, expected):
            return "\(path) belongs to user id \(owner), not to you (user id \(expected))"
        case let .secretFileUnreadable(path, code):
            return "cannot read \(path): \(errorText(code))"
        case let .secretFileType(path):
            return "\(path) is not a file, pipe or terminal"
        case let .secretTooLong(source, maximum):
            return "\(source) holds more than \(maximum) bytes; that is not a PIN or secret"
        case let .secretEmpty(source):
            return "\(source) is empty"
        case .standardInputTwice:
            return "only one secret can come from standard input (-)"
        case let .confirmationRequired(hint):
            return "this needs confirmation and there is no terminal to ask on; \(hint)"
        case .cancelled:
            return "cancelled"
        case let .terminal(operation, code):
            return "terminal: \(operation) failed: \(errorText(code))"
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .noTerminal, .pinsDiffer, .secretFileUnreadable, .secretTooLong, .secretEmpty, .standardInputTwice,
            .confirmationRequired:
            return .invalidInput
        case .secretFileUnsafe, .secretFileOwner, .secretFileType:
            return .permissions
        case .oneAddressNeeded:
            return .invalidInput
        case .cancelled:
            return .cancelled
        case .terminal:
            return .failure
        }
    }
}

/// The system's text for an error number.
func errorText(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
}

/// A mode as `chmod` writes it: 0644.
func octalMode(_ mode: UInt32) -> String {
    let digits = String(mode & 0o7777, radix: 8)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
