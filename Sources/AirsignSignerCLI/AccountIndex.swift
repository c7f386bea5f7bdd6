import AirsignMessages

/// The signer's accounts by chain and address identity, to find the account for a request in
/// constant time (a batch of thousands stays linear). Public data only: no PIN.
public struct AccountIndex: Sendable {
    private var slots: [String: OwnAccount] = [:]
    private let registry: ChainRegistry

    /// Indexes every account whose chain has a module in `registry` (an account of a chain
    /// without one can sign nothing anyway). The first key listing an account wins.
    public init(_ accounts: [OwnAccount], registry: ChainRegistry) {
        self.registry = registry
        for account in accounts {
            guard let module = try? registry.module(for: account.chain), let identity = module.addressIdentity(account.address) else { continue }
            let slot = account.chain.rawValue + "|" + identity
            if slots[slot] == nil { slots[slot] = account }
        }
    }

    /// The account that signs `review`: refused when the keystore has no such account, or has
    /// it with another public key than the request names.
    public func signer(for review: Review, position: Int) throws(MessagesError) -> OwnAccount {
        let request = review.request
        let module = try registry.module(for: request.chain)
        guard let identity = module.addressIdentity(review.key.address), let found = slots[request.chain.rawValue + "|" + identity] else {
            throw .accountNotInKeystore(message: position, id: request.id.text, chain: request.chain.rawValue, address: request.account.address)
        }
        guard found.publicKey == review.key.publicKey else {
            throw .publicKeyMismatch(message: position, id: request.id.text, address: request.account.address)
        }
        return found
    }
}
