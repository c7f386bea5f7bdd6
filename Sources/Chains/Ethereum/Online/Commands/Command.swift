import ArgumentParser

/// `airsign-watch ethereum …`: this chain's commands, registered in the watch's chain table (AirsignWatchChains).
public struct EthereumCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "ethereum",
        abstract:
            "Build Ethereum sign requests (transactions, EIP-191 messages, EIP-712 typed data, EIP-7702 authorizations, ERC-4337 user operations), finalize and broadcast.",
        subcommands: [
            EthereumTransferCommand.self, EthereumERC20TransferCommand.self, EthereumCallCommand.self,
            EthereumDeployCommand.self,
            EthereumSignMessageCommand.self, EthereumSignTypedDataCommand.self, EthereumSignUserOperationCommand.self,
            EthereumAuthorizeCommand.self,
            EthereumERC4527Command.self,
            EthereumFinalizeCommand.self,
            EthereumBroadcastCommand.self,
        ])

    public init() {}
}
