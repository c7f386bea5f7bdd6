import AirsignCrypto

/// The account knowledge of every chain a program knows (`ChainAccounts`, one a chain), for the
/// code that sits below the chain table and so cannot ask it: deriving an account from a
/// secret, checking one read from a file, reading networks and addresses. The programs use the
/// table's (`AccountRules.standard`, module AirsignChains); tests may build their own.
public struct AccountRules: Sendable {
    private let table: [Chain: any ChainAccounts]

    /// The rules of `chains`; two for one chain is a programming error.
    public init(_ chains: [any ChainAccounts]) {
        var table: [Chain: any ChainAccounts] = [:]
        for accounts in chains {
            precondition(table[accounts.chain] == nil, "two account rules for \(accounts.chain)")
            table[accounts.chain] = accounts
        }
        self.table = table
    }

    /// `chain`'s rules; nil when this table has none.
    public func accounts(for chain: Chain) -> (any ChainAccounts)? { table[chain] }

    /// `chain`'s rules, or the refusal a build without them gives.
    public func require(_ chain: Chain) throws(KeysError) -> any ChainAccounts {
        guard let accounts = table[chain] else {
            throw .noChainRules(chain: chain.rawValue)
        }
        return accounts
    }

    /// The account `request` names, derived from `secret`.
    ///
    /// `passphrase` is the BIP39 passphrase for Ethereum, ICP and Stellar, and the `///password`
    /// for Substrate (which hashes it into the mini-secret). It must be empty for single keys
    /// and seeds. A single imported key gives exactly one account per chain: index 0, root path.
    public func derive(
        _ request: AccountRequest, from secret: KeySecret, passphrase: SecureBytes = SecureBytes(count: 0)
    ) throws(KeysError) -> DerivedAccount {
        if case .mnemonic = secret {
        } else {
            guard passphrase.isEmpty else { throw .passphraseWithRawKey }
        }
        return try require(request.chain).derive(request, from: secret, passphrase: passphrase)
    }

    /// The Substrate account a parsed secret URI gives under `scheme` (its junctions and password).
    public func derive(uri: SecretURI, scheme: SubstrateScheme, ss58Prefix: UInt16) throws(KeysError)
        -> DerivedAccount
    {
        let secret: KeySecret
        switch uri.root {
        case .phrase(let mnemonic): secret = .mnemonic(mnemonic)
        case .seed(let seed): secret = .substrateSeed(seed)
        }
        return try derive(
            .substrate(scheme: scheme, path: uri.path, ss58Prefix: ss58Prefix), from: secret, passphrase: uri.password)
    }

    /// The request that derives a stored account again (see `ChainAccounts.request(for:)`).
    public func request(for account: Account) throws(KeysError) -> AccountRequest {
        try require(account.chain).request(for: account)
    }

    /// Checks that an account read from a file agrees with itself (see `ChainAccounts.verify`).
    public func verify(_ account: Account) throws(KeysError) {
        try require(account.chain).verify(account)
    }

    /// Where `chain`'s accounts go unless told otherwise.
    public func defaultNetwork(for chain: Chain) throws(KeysError) -> ChainNetwork {
        try require(chain).defaultNetwork
    }

    /// A network of `chain` as given on the command line (see `ChainAccounts.network(parsing:genesis:)`).
    public func network(parsing text: String, chain: Chain, genesis: String? = nil) throws(KeysError) -> ChainNetwork {
        try require(chain).network(parsing: text, genesis: genesis)
    }

    /// A CAIP-2 identifier of `chain` read from a file or a message.
    public func network(caip2 text: String, chain: Chain) throws(KeysError) -> ChainNetwork {
        try require(chain).network(caip2: text)
    }

    /// The identity of `address` by `chain`'s address formats; nil when it is none of them or
    /// this table has no rules for the chain.
    public func addressIdentity(_ address: String, chain: Chain) -> String? {
        table[chain]?.addressIdentity(address)
    }

    /// `address` as `chain`'s wallets write it.
    public func displayAddress(_ address: String, chain: Chain) -> String {
        table[chain]?.displayAddress(address) ?? address
    }
}
