import AirsignMessages

/// A contract the person trusts as an EIP-7702 delegate (`delegate add`): an account that
/// delegates to it runs its code, so it holds everything the account holds. `chainId` 0 trusts
/// the address on every chain (a delegate deployed at one address everywhere); any other
/// value, on that chain only.
public struct TrustedDelegate: Sendable, Equatable {
    public let chainId: UInt64
    public let address: EthereumAddress
    /// The person's name for it, as reviews show it ("MetaMask EIP7702StatelessDeleGator").
    public let name: String

    /// The longest name, in bytes.
    public static let maximumName = 64

    public init(chainId: UInt64, address: EthereumAddress, name: String) throws(InstalledKnowledgeError) {
        guard !name.isEmpty, name.utf8.count <= Self.maximumName else {
            throw InstalledKnowledgeError("a delegate's name is 1 to \(Self.maximumName) bytes")
        }
        guard !address.bytes.allSatisfy({ $0 == 0 }) else {
            throw InstalledKnowledgeError(
                "the zero address is not a delegate: an authorization to it clears the delegation, which needs no entry"
            )
        }
        self.chainId = chainId
        self.address = address
        self.name = name
    }

    /// Whether this entry covers an authorization for `authorizationChainId`: an entry for
    /// every chain covers all; one for a single chain covers that chain only, never an
    /// authorization valid everywhere (chain id 0).
    func covers(_ delegate: EthereumAddress, authorizationChainId: UInt64?) -> Bool {
        guard address == delegate else { return false }
        return chainId == 0 || (authorizationChainId != 0 && authorizationChainId == chainId)
    }
}
