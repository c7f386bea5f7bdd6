import AirsignMessages

/// The signer's accounts by chain and address identity, to find the account for a request in
/// constant time (a batch of thousands stays linear). Public data only: no PIN.
public struct AccountIndex: Sendable {
    /// Every account with one chain and identity, in keystore order (the same address may be
    /// recorded for several networks, or under several keys).
    private var slots: [String: [OwnAccount]] = [:]
    /// The identity of each account's address text, by chain: a request names its account the
    /// way the keystore wrote it, so a batch decodes no address (an SS58 or EIP-55 checksum
    /// costs a hash) to find its accounts.
    private var identities: [String: String] = [:]
    private let registry: ChainRegistry

    /// Indexes every account whose chain has a module in `registry` (an account of a chain
    /// without one can sign nothing anyway).
    public init(_ accounts: [OwnAccount], registry: ChainRegistry) {
        self.registry = registry
        for account in accounts {
            guard let module = try? registry.module(for: account.chain),
                let identity = module.addressIdentity(account.address)
            else { continue }
            slots[account.chain.rawValue + "|" + identity, default: []].append(account)
            identities[account.chain.rawValue + "|" + account.address] = identity
        }
    }

    /// The account that signs `review`: refused when the keystore has no such account, has it
    /// only for other networks on a chain whose accounts are bound to theirs
    /// (`NetworkBinding`), or has it with another public key than the request names.
    public func signer(for review: Review, position: Int) throws -> OwnAccount {
        let request = review.request
        let module = try registry.module(for: request.chain)
        guard
            let identity = identities[request.chain.rawValue + "|" + review.key.address]
                ?? module.addressIdentity(review.key.address),
            let candidates = slots[request.chain.rawValue + "|" + identity],
            let first = candidates.first
        else {
            throw MessagesError.accountNotInKeystore(
                message: position, id: request.id.text, chain: request.chain.rawValue, address: request.account.address)
        }
        guard let found = NetworkBinding.account(for: request.network, chain: request.chain, among: candidates) else {
            throw SignerError.accountNotOnNetwork(
                message: position, id: request.id.text, address: request.account.address, network: request.network,
                registered: candidates.compactMap(\.network),
                add: NetworkBinding.addCommand(first, network: request.network))
        }
        guard found.publicKey == review.key.publicKey else {
            throw MessagesError.publicKeyMismatch(
                message: position, id: request.id.text, address: request.account.address)
        }
        return found
    }
}
