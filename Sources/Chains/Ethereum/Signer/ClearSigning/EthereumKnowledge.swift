import AirsignCrypto
import AirsignEncoding
import BigInt

/// What the person installed on the signer for Ethereum: ERC-7730 descriptors, tokens and
/// trusted EIP-7702 delegates. The signer reads it from beside the keystore (airsign-signer's
/// `descriptor`, `token` and `delegate` commands); the request cannot change it. Empty by default (the watch reviews with the
/// built-in knowledge only).
public struct EthereumKnowledge: Sendable {
    public let descriptors: [InstalledDescriptor]
    public let tokens: [KnownToken]
    /// The EIP-7702 delegates the person trusts; an authorization to any other contract is an
    /// unknown effect (signed only with `--blind`).
    public let delegates: [TrustedDelegate]

    public init(descriptors: [InstalledDescriptor] = [], tokens: [KnownToken] = [], delegates: [TrustedDelegate] = []) {
        self.descriptors = descriptors
        self.tokens = tokens
        self.delegates = delegates
        var byKey: [TokenKey: KnownToken] = [:]
        for token in tokens {
            byKey[TokenKey(chainId: token.chainId, contract: token.contract)] =
                byKey[TokenKey(chainId: token.chainId, contract: token.contract)] ?? token
        }
        installedTokens = byKey
    }

    public static let none = EthereumKnowledge()

    private struct TokenKey: Hashable {
        let chainId: UInt64
        let contract: String
    }

    private let installedTokens: [TokenKey: KnownToken]

    /// A token by chain id and contract: the person's installed list, then the built-in one.
    public func token(chainId: BigUInt, contract: EthereumAddress) -> (token: KnownToken, installed: Bool)? {
        if let id = UInt64(exactly: chainId),
            let token = installedTokens[TokenKey(chainId: id, contract: Hex.encode(contract.bytes, prefix: true))]
        {
            return (token, true)
        }
        return TokenList.token(chainId: chainId, contract: contract).map { ($0, false) }
    }

    /// The trusted delegate entry that covers an authorization to `delegate` for `chainId` (0:
    /// every chain), if any.
    public func trustedDelegate(_ delegate: EthereumAddress, chainId: BigUInt) -> TrustedDelegate? {
        let id = UInt64(exactly: chainId)
        return delegates.first { $0.covers(delegate, authorizationChainId: id) }
    }

    /// The installed descriptors that bind calldata sent to `contract` on `chainId`.
    func descriptors(chainId: BigUInt, contract: EthereumAddress) -> [InstalledDescriptor] {
        descriptors.filter { installed in
            guard case .contract(let deployments) = installed.descriptor.binding else { return false }
            return deployments.contains { $0.chainId == chainId && $0.address == contract }
        }
    }

    /// The name a descriptor gives `address` on `chainId` (its owner or contract name), from the
    /// installed descriptors whose deployments include it.
    func contractName(chainId: BigUInt, address: EthereumAddress) -> String? {
        for installed in descriptors
        where installed.descriptor.deployments.contains(where: { $0.chainId == chainId && $0.address == address }) {
            let descriptor = installed.descriptor
            if let owner = descriptor.owner, let name = descriptor.contractName, owner != name {
                return "\(owner): \(name)"
            }
            return descriptor.displayName
        }
        return nil
    }
}

/// A descriptor the person installed: its name on the signer (from its file name), the
/// SHA-256 of the merged document, and the descriptor.
public struct InstalledDescriptor: Sendable, Equatable {
    public let name: String
    public let descriptor: ClearSigningDescriptor

    public init(name: String, descriptor: ClearSigningDescriptor) {
        self.name = name
        self.descriptor = descriptor
    }

    /// SHA-256 of the canonical merged document, shown by `descriptor list` and in reviews.
    public var digest: String {
        Hex.encode(SHA256.hash(Array(JSONSerializer().serialize(descriptor.document).utf8)))
    }
}
