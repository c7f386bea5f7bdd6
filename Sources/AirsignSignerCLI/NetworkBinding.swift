import AirsignChains
import AirsignKeys
import AirsignMessages

/// Which chains' accounts sign only on the networks the keystore records them for: those whose
/// `ChainAccounts.isNetworkBound` (in the chain's folder) says so.
///
/// Ethereum is bound: one address is the same account on every EVM chain, chain ids are many
/// and open-ended, and the chain id is a bare number in the transaction, so an account added
/// for `eip155:1` is a statement that it is meant for mainnet; a request for another chain id
/// is refused before the PIN until the person adds the account for that network too (`account
/// add … --network …`). The watch already builds only for an account's networks, and native
/// transactions pick the account of their chain id.
///
/// Substrate, Stellar and ICP are not bound (yet): the network is in what they sign (genesis
/// hash, network passphrase) and named in their reviews, but keys added without `--network`
/// record a default network (Polkadot, Stellar pubnet) and existing flows sign other networks
/// with them (a phrase's Stellar account signing testnet envelopes, development keys on local
/// chains); binding them is their `isNetworkBound` once those flows add their networks. ICP has
/// one network.
enum NetworkBinding {
    /// Whether `chain`'s accounts are bound; a chain without account knowledge (a test chain's)
    /// is not.
    static func isBound(_ chain: ChainID) -> Bool {
        ChainRegistry.standard.accounts(for: chain)?.isNetworkBound ?? false
    }

    /// Of `candidates` (the keystore's accounts with the request's chain and address), the one
    /// to sign `network` with: on a bound chain the account recorded for that network (or for
    /// none), elsewhere the first; nil when a bound chain's candidates are all elsewhere.
    static func account(for network: String, chain: ChainID, among candidates: [OwnAccount]) -> OwnAccount? {
        guard isBound(chain) else { return candidates.first }
        return candidates.first { $0.network == network } ?? candidates.first { $0.network == nil }
    }

    /// The `account add` command that records `account` for `network` as well.
    static func addCommand(_ account: OwnAccount, network: String) -> String {
        var command = "airsign-signer account add \(account.keyName) --chain \(account.chain) --network \(network)"
        // A phrase's account is named by its index (Ethereum: the end of m/44'/60'/0'/0/<index>).
        if let path = account.path,
            let index = ChainRegistry.standard.accounts(for: account.chain)?.indexOption(forPath: path)
        {
            command += " --index \(index)"
        }
        return command
    }
}
