import AirsignCLI
import ArgumentParser

@main
struct AirsignSigner: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "airsign-signer",
        abstract: "The offline half of Airsign: PIN-encrypted keys, review, signing.",
        discussion: """
            airsign-signer runs on a machine that never touches a network. It decodes each \
            request, shows exactly what it would sign, and signs only after you confirm.
            """,
        version: AirsignVersion.string,
        subcommands: []
    )
}
