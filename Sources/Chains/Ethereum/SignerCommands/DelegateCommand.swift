import AirsignSignerCLI
import ArgumentParser

public struct DelegateCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "delegate",
        abstract: "Ethereum EIP-7702: the delegate contracts this signer lets an account's code be set to.",
        discussion: """
            An EIP-7702 authorization makes an account run a contract's code: that code then \
            controls the account and all it holds. The signer signs an authorization, or a \
            type-4 transaction carrying one, only for a delegate on this list (a revocation, to \
            the zero address, needs none); any other needs --blind. An entry holds for one \
            chain id, or with --chain-id 0 for every chain (a delegate deployed at the same \
            address everywhere), which an authorization for every chain needs. \
            docs/chains/ethereum.md lists well-known audited delegates with their sources. Kept \
            in the signer home (ethereum-knowledge.json), sealed with the PIN.
            """,
        subcommands: [DelegateAddCommand.self, DelegateListCommand.self, DelegateRemoveCommand.self])

    public init() {}
}
