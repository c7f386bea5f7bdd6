import AirsignEncoding
import AirsignEthereum
import AirsignICP
import AirsignKeys
import AirsignMessages
import AirsignStellar
import AirsignSubstrate

extension ChainRegistry {
    /// Every chain module this build signs for: real chains only, one line each. A chain without
    /// a line here is refused as "no chain module for … yet".
    public static let standard = standard(ethereum: .none)

    /// The standard chains, each reviewing with what the person installed on the signer: the
    /// members of the signer's knowledge file by name, as read (see `InstalledKnowledgeFormat`).
    public static func standard(installed: [String: JSONValue]) throws(InstalledKnowledgeError) -> ChainRegistry {
        standard(
            ethereum: try EthereumInstalled(installed).knowledge(),
            stellarTokens: try StellarInstalled(installed).byNetwork())
    }

    /// The standard chains, Ethereum and Stellar reviewing with what the person installed on the
    /// signer (Stellar's SEP-41 tokens by network).
    public static func standard(ethereum: EthereumKnowledge, stellarTokens: [String: [StellarToken]] = [:])
        -> ChainRegistry
    {
        ChainRegistry([
            EthereumChain(knowledge: ethereum),
            StellarChain(installedTokens: stellarTokens),
            SubstrateChain(),
            ICPChain(),
        ])
    }
}

extension AccountRules {
    /// The account rules of every chain this build signs for (`ChainRegistry.standard`'s).
    public static let standard = ChainRegistry.standard.accountRules
}
