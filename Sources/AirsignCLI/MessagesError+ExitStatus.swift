import AirsignMessages

extension MessagesError: ExitStatusProviding {
    /// A message that does not parse or whose fields disagree is input the user gave: refused.
    public var exitStatus: ExitStatus { .invalidInput }
}
