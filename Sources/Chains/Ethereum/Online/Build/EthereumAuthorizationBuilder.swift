import AirsignEncoding
import AirsignEthereum
import AirsignMessages
import AirsignOnline
import AirsignWatch
import BigInt

/// Builds the sign request of `ethereum authorize`: an EIP-7702 authorization of the
/// watch-only account, for one chain or (chain id 0) every chain. The request's network is the
/// chain the account is imported for; the nonce is the one given, else the node's.
public struct EthereumAuthorizationBuilder: Sendable {
    public let store: WatchStore
    public let rpc: EthereumRPC?

    public init(store: WatchStore, rpc: EthereumRPC?) {
        self.store = store
        self.rpc = rpc
    }

    /// `delegate` nil revokes (the zero address). `chainId` 0 authorizes every chain; nil is
    /// the account's network. `network` is the request's chain id for an authorization of
    /// every chain (nil: the node's, else the account's one network). `selfSubmitted`: the account sends the authorization in its own
    /// type-4 transaction, whose nonce comes first, so the node's nonce + 1 is signed.
    public func build(
        from: String, delegate: EthereumAddress?, chainId: BigUInt?, network requested: BigUInt? = nil,
        nonce: UInt64?, selfSubmitted: Bool, note: String?
    ) throws -> SignRequest {
        var network: BigUInt? = chainId == 0 ? requested : chainId
        if let rpc {
            let node = try rpc.chainId()
            if let network, network != node {
                throw EthereumWatchError.mismatch(
                    "the request is for chain id \(network) but the node at \(rpc.url) is on chain id \(node); nothing was issued"
                )
            }
            network = node
        }
        let account = try EthereumWatchAccount.find(from, chainId: network, in: store)
        let chosen: UInt64
        if let nonce {
            chosen = nonce
        } else {
            guard let rpc else { throw EthereumWatchError.missing("give --nonce, or --rpc URL to ask the node") }
            let pending = try rpc.pendingNonce(account.address.checksummed)
            guard !selfSubmitted || pending < UInt64.max - 1 else {
                throw EthereumWatchError.invalidInput("the account's nonce leaves no room for an authorization")
            }
            chosen = selfSubmitted ? pending + 1 : pending
        }
        guard chosen < UInt64.max else {
            throw EthereumWatchError.invalidInput("--nonce: 2^64 - 1 is never applied (EIP-7702 skips it)")
        }
        let authorization: SetCodeAuthorization
        do {
            authorization = try SetCodeAuthorization(
                chainId: chainId ?? account.chainId, delegate: delegate ?? .zero, nonce: chosen)
        } catch {
            throw EthereumWatchError.invalidInput(error.description)
        }
        let payload: JSONValue = .object([
            (key: "type", value: .string("authorization")),
            (key: "authorization", value: .string(Hex.encode(authorization.preimage, prefix: true))),
        ])
        return try SignRequest.make(
            chain: ChainID("ethereum"), network: account.network, account: account.account, payload: payload,
            note: note)
    }
}
