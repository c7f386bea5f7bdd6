import AirsignCLI
import AirsignKeys
import AirsignKeystore
import AirsignSignerCLI
import AirsignSignerChains
import ArgumentParser

/// The table of contents: every command of the offline signer. Each lives in its own file and
/// hands its work to AirsignSignerCLI; `CommandRunner` maps errors to the documented exit codes.
@main
struct AirsignSigner: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "airsign-signer",
        abstract: "The offline half of Airsign: PIN-encrypted keys, review, signing.",
        discussion: """
            airsign-signer runs on a machine that never touches a network. It decodes each \
            request, shows exactly what it would sign, and signs only after you confirm.

            The keystore lives in $AIRSIGN_SIGNER_HOME, or ~/.airsign-signer when that is not set.
            """,
        version: AirsignVersion.string,
        // The chains' own command groups (Ethereum's `descriptor`) come from the signer's chain
        // table, between the address book and the tokens every chain with tokens shares.
        subcommands: [
            InitCommand.self,
            KeyCommand.self,
            AccountCommand.self,
            PINCommand.self,
            InspectCommand.self,
            SignCommand.self,
            ContactCommand.self,
        ] + SignerChains.commands + [
            TokenCommand.self,
            QRCommand.self,
        ]
    )

    static func main() {
        CommandRunner.main(AirsignSigner.self)
    }
}
