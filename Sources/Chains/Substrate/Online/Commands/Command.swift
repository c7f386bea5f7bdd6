import ArgumentParser

/// `airsign-watch substrate …`: this chain's commands, registered in the watch's chain table (AirsignWatchChains).
public struct SubstrateCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "substrate",
        abstract: "Build Substrate/Polkadot sign requests (SignerPayloadJSON) and submit signed extrinsics.",
        discussion: """
            Responses are verified and the extrinsic assembled by `airsign-watch finalize`. \
            For a Polkadot Vault-style signer, `substrate uos ID` writes a stored request as \
            UOS frames and `substrate finalize ID` reads its answer.
            """,
        subcommands: [
            SubstrateTransferCommand.self, SubstrateCallCommand.self, SubstrateMetadataHashCommand.self,
            SubstrateUOSCommand.self, SubstrateFinalizeCommand.self, SubstrateSubmitCommand.self,
        ]
    )

    public init() {}
}
