import ArgumentParser

struct SubstrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "substrate",
        abstract: "Build Substrate/Polkadot sign requests (SignerPayloadJSON) and submit signed extrinsics.",
        discussion: """
            Responses are verified and the extrinsic assembled by `airsign-watch finalize`.
            """,
        subcommands: [SubstrateTransferCommand.self, SubstrateCallCommand.self, SubstrateSubmitCommand.self]
    )
}
