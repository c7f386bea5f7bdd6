import AirsignSignerCLI
import ArgumentParser

public struct DescriptorCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "descriptor",
        abstract: "Ethereum clear signing: ERC-7730 descriptors installed on this signer.",
        discussion: """
            A descriptor says how to show a contract's calls or EIP-712 messages. An installed \
            one is bound to the chain ids and contracts (or the EIP-712 domain) it names and is \
            the first the review uses, before the built-in ones for the standards. Kept in the \
            signer home (ethereum-knowledge.json), sealed with the PIN: a change made on disk \
            without it is refused when signing.
            """,
        subcommands: [DescriptorAddCommand.self, DescriptorListCommand.self, DescriptorRemoveCommand.self])

    public init() {}
}
