import AirsignCLI
import AirsignSubstrate

extension SubstrateError: ExitStatusProviding {
    /// A Substrate refusal is about the input (a payload, an option, an address): 3.
    public var exitStatus: ExitStatus { .invalidInput }
}
