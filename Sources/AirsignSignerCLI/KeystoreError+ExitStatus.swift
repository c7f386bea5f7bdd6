import AirsignCLI
import AirsignKeys
import AirsignKeystore

extension KeystoreError: ExitStatusProviding {
    public var exitStatus: ExitStatus {
        switch self {
        case .pinTooShort, .pinRejected, .invalidKeyName, .invalidMetadata:
            return .invalidInput
        case .wrongPIN:
            return .wrongPIN
        case .keyFileTampered, .keystoreFileMalformed, .keystoreFileTruncated, .keystoreVersionUnsupported,
            .keyFileNameMismatch, .keystoreFileMissing, .secretUnreadable:
            return .keystoreDamaged
        case .unsafePermissions, .wrongOwner, .unexpectedFileType:
            return .permissions
        case .keystoreNotInitialized, .keystoreAlreadyInitialized, .keyNotFound, .keyExists:
            return .keystoreState
        case .fileSystem, .keystoreCrypto, .writeInterrupted, .updateAbandoned:
            return .failure
        }
    }
}
