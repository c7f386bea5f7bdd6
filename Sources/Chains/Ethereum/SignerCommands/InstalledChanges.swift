import AirsignEthereum
import AirsignMessages
import AirsignSignerCLI

/// What `descriptor add|remove`, `token add|remove --chain-id` and `delegate add|remove` change
/// in Ethereum's members of the signer's knowledge file: one descriptor per name, one token
/// and one delegate per chain id and address, each list kept sorted.
extension EthereumInstalled {
    /// Adds a descriptor; the name must be new.
    mutating func add(_ descriptor: Descriptor) throws {
        guard !descriptors.contains(where: { $0.name == descriptor.name }) else {
            throw KnowledgeStoreError(
                "a descriptor named \"\(descriptor.name)\" is installed (remove it first: airsign-signer descriptor remove \(descriptor.name))"
            )
        }
        descriptors.append(descriptor)
        descriptors.sort { $0.name < $1.name }
    }

    mutating func removeDescriptor(named name: String) throws {
        guard let index = descriptors.firstIndex(where: { $0.name == name }) else {
            throw KnowledgeStoreError(
                "no descriptor named \"\(name)\" is installed (see: airsign-signer descriptor list)",
                status: .keystoreState)
        }
        descriptors.remove(at: index)
    }

    /// Adds a token; there must be none yet for its chain id and contract.
    mutating func add(_ token: KnownToken) throws {
        guard !tokens.contains(where: { $0.chainId == token.chainId && $0.contract == token.contract }) else {
            throw KnowledgeStoreError(
                "a token at \(token.contract) on chain id \(token.chainId) is installed (remove it first)")
        }
        tokens.append(token)
        tokens.sort { ($0.chainId, $0.contract) < ($1.chainId, $1.contract) }
    }

    mutating func removeToken(chainId: UInt64, contract: String) throws {
        guard let index = tokens.firstIndex(where: { $0.chainId == chainId && $0.contract == contract }) else {
            throw KnowledgeStoreError(
                "no token at \(contract) on chain id \(chainId) is installed (see: airsign-signer token list)",
                status: .keystoreState)
        }
        tokens.remove(at: index)
    }

    /// Adds a trusted delegate; there must be none yet for its chain id and address.
    mutating func add(_ delegate: TrustedDelegate) throws {
        guard !delegates.contains(where: { $0.chainId == delegate.chainId && $0.address == delegate.address }) else {
            throw KnowledgeStoreError(
                "the delegate \(delegate.address.checksummed) is on the list for chain id \(delegate.chainId) (remove it first)"
            )
        }
        delegates.append(delegate)
        delegates.sort { ($0.chainId, $0.address.checksummed) < ($1.chainId, $1.address.checksummed) }
    }

    mutating func removeDelegate(chainId: UInt64, address: EthereumAddress) throws {
        guard let index = delegates.firstIndex(where: { $0.chainId == chainId && $0.address == address }) else {
            throw KnowledgeStoreError(
                "the delegate \(address.checksummed) is not on the list for chain id \(chainId) (see: airsign-signer delegate list)",
                status: .keystoreState)
        }
        delegates.remove(at: index)
    }
}
