import AirsignEthereum
import AirsignICP
import AirsignMessages
import AirsignStellar
import AirsignSubstrate

extension ChainRegistry {
    /// Every chain module this build signs for: real chains only, one line each. A chain without
    /// a line here is refused as "no chain module for … yet".
    public static let standard = standard(ethereum: .none)

    /// The standard chains, Ethereum reviewing with what the person installed on the signer.
    public static func standard(ethereum: EthereumKnowledge) -> ChainRegistry {
        ChainRegistry([
            EthereumChain(knowledge: ethereum),
            StellarChain(),
            SubstrateChain(),
            ICPChain(),
        ])
    }
}
