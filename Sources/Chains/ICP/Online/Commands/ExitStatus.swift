import AirsignCLI
import AirsignICP

extension ICPError: ExitStatusProviding {
    /// Every ICP refusal is about the input: a bad account, amount, file or envelope (3).
    public var exitStatus: ExitStatus { .invalidInput }
}

extension ICPCertificateError: ExitStatusProviding {
    /// A certificate that does not verify came from the network: exit 9, as other failures of
    /// the node's answer do. A root key given on the command line that is not one is input (3).
    public var exitStatus: ExitStatus {
        if case .badRootKey = self { return .invalidInput }
        return .network
    }
}
