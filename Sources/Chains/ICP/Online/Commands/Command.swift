import ArgumentParser

/// `airsign-watch icp …`: this chain's commands, registered in the watch's chain table (AirsignWatchChains).
public struct ICPCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "icp",
        abstract:
            "Internet Computer: build ledger transfers, ICRC-2 approvals, neuron operations and canister calls for the signer; send signed messages.",
        subcommands: [
            ICPTransferCommand.self, ICPApproveCommand.self, ICPTransferFromCommand.self, ICPCallCommand.self,
            ICPNeuronCommand.self,
            ICPAccountBalanceCommand.self, ICPSendCommand.self, ICPQuillCommand.self,
        ])

    public init() {}
}
