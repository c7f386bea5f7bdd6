import ArgumentParser

/// `airsign-watch icp …`: this chain's commands, registered in the watch's chain table (AirsignWatchChains).
public struct ICPCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "icp",
        abstract: "Internet Computer: build ledger transfers and canister calls for the signer; send signed messages.",
        subcommands: [ICPTransferCommand.self, ICPCallCommand.self, ICPSendCommand.self])

    public init() {}
}
