import AirsignEthereum
import AirsignMessages
import AirsignWatch
import BigInt

/// The watch-only Ethereum account a request is built for: its descriptor's address and key
/// (the request carries both) and the chain id of the network it was imported for.
public struct EthereumWatchAccount: Sendable, Equatable {
    public let address: EthereumAddress
    public let account: MessageAccount
    public let chainId: BigUInt

    /// The stored account with `from` whose network is `eip155:<chainId>`; without `chainId`,
    /// the only network `from` is stored for. Refuses an address of another chain, an account
    /// not imported, and a choice between several networks.
    public static func find(_ from: String, chainId: BigUInt?, in store: WatchStore) throws -> EthereumWatchAccount {
        let address = try EthereumInput.address(from, option: "--from")
        let found = try store.accounts(withAddress: address.checksummed, chain: .ethereum)
        guard !found.isEmpty else {
            throw EthereumWatchError.account(
                "\(address) is not a watch-only Ethereum account (see: airsign-watch account list)")
        }
        let networks = found.compactMap(\.account.network)
        let chosen: AccountDescriptor
        if let chainId {
            guard let match = found.first(where: { $0.account.network == "eip155:\(chainId)" }) else {
                throw EthereumWatchError.account(
                    "\(address) is imported for \(networks.joined(separator: ", ")), not for chain id \(chainId) (eip155:\(chainId)); export it for that network from the signer"
                )
            }
            chosen = match
        } else {
            guard found.count == 1, let only = found.first else {
                throw EthereumWatchError.account(
                    "\(address) is imported for several networks (\(networks.joined(separator: ", "))): choose one with --chain-id"
                )
            }
            chosen = only
        }
        guard let network = chosen.account.network, let id = Self.chainId(of: network) else {
            throw EthereumWatchError.account(
                "\(address) has the network \(chosen.account.network ?? "-"), not eip155:<chain id>")
        }
        let account = try MessageAccount(address: chosen.account.address, publicKey: chosen.account.publicKey)
        return EthereumWatchAccount(address: address, account: account, chainId: id)
    }

    /// The chain id of `eip155:<decimal>`, nil for anything else.
    static func chainId(of network: String) -> BigUInt? {
        do { return try EthereumChain.chainId(of: network) } catch { return nil }
    }

    public var network: String { "eip155:\(chainId)" }
}
