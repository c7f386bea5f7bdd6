import AirsignKeystore
import AirsignMessages

/// The keystore's accounts by chain and address identity, to find the key for a request in
/// constant time (a batch of thousands stays linear). Built from public metadata: no PIN.
public struct AccountIndex: Sendable {
    private var slots: [String: (key: KeyName, account: AccountRecord)] = [:]

    /// Indexes every account of `keys` whose chain has a module in `registry` (an account of
    /// a chain without one can sign nothing anyway). The first key listing an account wins.
    public init(_ keys: [KeyMetadata], registry: ChainRegistry) {
        for key in keys {
            for account in key.accounts {
                guard let chain = try? ChainID(account.chain), let module = try? registry.module(for: chain),
                      let identity = module.addressIdentity(account.address)
                else { continue }
                let slot = chain.rawValue + "|" + identity
                if slots[slot] == nil { slots[slot] = (key.name, account) }
            }
        }
        self.registry = registry
    }

    private let registry: ChainRegistry

    /// The key and account that sign `review`: refused when the keystore has no such account,
    /// or has it with another public key than the request names.
    public func signer(for review: Review, position: Int) throws(MessagesError) -> (key: KeyName, account: AccountRecord) {
        let request = review.request
        let module = try registry.module(for: request.chain)
        guard let identity = module.addressIdentity(review.key.address), let found = slots[request.chain.rawValue + "|" + identity] else {
            throw .accountNotInKeystore(message: position, id: request.id.text, chain: request.chain.rawValue, address: request.account.address)
        }
        guard found.account.publicKey == review.key.publicKey else {
            throw .publicKeyMismatch(message: position, id: request.id.text, address: request.account.address)
        }
        return found
    }
}
