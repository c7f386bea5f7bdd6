import AirsignCrypto
import AirsignKeys
import AirsignTransport
import ArgumentParser

/// The exit codes of both programs. They are part of the interface (scripts branch on them), so
/// a value never changes meaning; docs/exit-codes.md has the table.
public enum ExitStatus: Int32, CaseIterable, Sendable {
    /// Done.
    case success = 0
    /// Anything not listed below: an I/O error, the system out of memory, an internal failure.
    case failure = 1
    /// The command line is wrong: unknown option, missing or malformed argument.
    case usage = 2
    /// Input refused: a PIN that breaks the policy, PINs that differ, a bad key name, a secret
    /// file that cannot be read, no terminal to ask on, phrase/key/path errors.
    case invalidInput = 3
    /// Wrong PIN.
    case wrongPIN = 4
    /// A keystore file is damaged, truncated, tampered with, or of an unknown version.
    case keystoreDamaged = 5
    /// A keystore directory or file, or a secret file, has the wrong owner, mode or type.
    case permissions = 6
    /// The keystore is not in the state the command needs: not created yet, already created,
    /// no such key, a key of that name exists.
    case keystoreState = 7
    /// The user declined a confirmation or pressed Ctrl-C at a prompt.
    case cancelled = 8
    /// airsign-watch only: a node, Horizon or boundary node could not be reached, answered with
    /// an error or with something that does not read, or rejected a transaction.
    case network = 9

    /// The exit status for an error a command threw.
    public static func of(_ error: any Error) -> ExitStatus {
        switch error {
        case let error as any ExitStatusProviding: return error.exitStatus
        case is ValidationError: return .usage
        default: return .failure
        }
    }
}

/// An error that knows which exit status it means. Each module's error enum gets its mapping
/// next to the commands that use it, so this shared module needs no module it should not see
/// (airsign-watch must not reach keystore code).
public protocol ExitStatusProviding: Error {
    var exitStatus: ExitStatus { get }
}

extension KeysError: ExitStatusProviding {
    /// Phrase, derivation and import errors are all about what the user typed or gave; a
    /// chain the build has no rules for is the build's fault.
    public var exitStatus: ExitStatus {
        if case .noChainRules = self { return .failure }
        return .invalidInput
    }
}

extension CryptoError: ExitStatusProviding {
    public var exitStatus: ExitStatus { .failure }
}

extension TransportError: ExitStatusProviding {
    public var exitStatus: ExitStatus { isInvalidInput ? .invalidInput : .failure }
}
