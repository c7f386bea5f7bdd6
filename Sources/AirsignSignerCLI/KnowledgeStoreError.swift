import AirsignCLI

/// A problem with what is installed on the signer (descriptors, tokens) or with what
/// `descriptor`/`token` were asked to install: one line naming the file, entry or field.
public struct KnowledgeStoreError: Error, Equatable, CustomStringConvertible, Sendable, ExitStatusProviding {
    public let description: String
    /// A file whose seal fails is damaged (as a keystore file would be); anything else is input refused.
    public let exitStatus: ExitStatus

    public init(_ description: String, status: ExitStatus = .invalidInput) {
        self.description = description
        self.exitStatus = status
    }
}
