import AirsignCLI
import AirsignStellar

extension StellarError: ExitStatusProviding {
    /// Every Stellar refusal is about input the person gave (an operation, amount, address,
    /// memo, network, a response to merge): refused input (3).
    public var exitStatus: ExitStatus { .invalidInput }
}
