import ArgumentParser

struct ICPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "icp",
        abstract: "Internet Computer: build ledger transfers and canister calls for the signer; send signed messages.",
        subcommands: [ICPTransferCommand.self, ICPCallCommand.self, ICPSendCommand.self])
}
