import AirsignCrypto
import AirsignKeys
import AirsignTransport
import ArgumentParser

/// The exit codes of both programs. They are part of the interface (scripts branch on them), so
/// a value never changes meaning; README.md has the table.
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

    /// The exit status for an error a command threw.
    public static func of(_ error: any Error) -> ExitStatus {
        switch error {
        case let error as KeysError: return of(error)
        case let error as CLIError: return error.exitStatus
        case let error as TransportError: return error.isInvalidInput ? .invalidInput : .failure
        case is ValidationError: return .usage
        case is CryptoError: return .failure
        default: return .failure
        }
    }

    static func of(_ error: KeysError) -> ExitStatus {
        // Switched as an Optional so `default` stays reachable (it also covers nil) while the
        // phrase, derivation and import cases land in KeysError: they all fall to it.
        switch Optional(error) {
        case .pinTooShort?, .pinRejected?, .invalidKeyName?, .invalidMetadata?:
            return .invalidInput
        case .wrongPIN?:
            return .wrongPIN
        case .keyFileTampered?, .keystoreFileMalformed?, .keystoreFileTruncated?, .keystoreVersionUnsupported?,
             .keyFileNameMismatch?, .keystoreFileMissing?:
            return .keystoreDamaged
        case .unsafePermissions?, .wrongOwner?, .unexpectedFileType?:
            return .permissions
        case .keystoreNotInitialized?, .keystoreAlreadyInitialized?, .keyNotFound?, .keyExists?:
            return .keystoreState
        case .fileSystem?, .keystoreCrypto?, .writeInterrupted?:
            return .failure
        default:
            // The phrase, derivation and import errors: all about what the user typed or gave.
            return .invalidInput
        }
    }
}
