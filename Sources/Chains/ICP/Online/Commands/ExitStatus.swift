import AirsignCLI
import AirsignICP

extension ICPError: ExitStatusProviding {
    /// Every ICP refusal is about the input: a bad account, amount, file or envelope (3).
    public var exitStatus: ExitStatus { .invalidInput }
}
