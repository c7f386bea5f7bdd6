import AirsignCLI
import AirsignICP
import ArgumentParser

/// `--root-key HEX|FILE`: the root of trust certificates are verified against, for a local
/// replica or a test network. Without it, AIRSIGN_ICP_ROOT_KEY, else the IC mainnet key built in.
/// The key is never read from the network.
struct ICPRootKeyOptions: ParsableArguments {
    @Option(
        name: .customLong("root-key"),
        help: ArgumentHelp(
            "The IC root key certificates must verify against, as the hex of its 133-byte DER or a file holding it (default: AIRSIGN_ICP_ROOT_KEY, else the IC mainnet key).",
            valueName: "HEX|FILE"))
    var rootKey: String?

    /// The verifier for this command; says on stderr when the key is not the mainnet's.
    func verifier() throws -> ICPCertificateVerifier {
        let key = try ICPRootKey.resolve(option: rootKey)
        if !key.isMainnet {
            Console.info(
                "Certificates are verified against the root key from \(rootKey != nil ? "--root-key" : ICPRootKey.environmentVariable), not the IC mainnet's."
            )
        }
        return ICPCertificateVerifier(rootKey: key)
    }
}
