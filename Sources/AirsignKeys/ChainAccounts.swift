import AirsignCrypto

/// One chain's account knowledge, which the rest of Airsign asks instead of switching on the
/// chain: its networks, how its accounts are derived from a secret and checked when read from a
/// file, how its addresses are read, how `account add`'s options name an account, which account
/// a new key gets, the single-key forms `key import` reads, and whether accounts sign only on
/// their recorded networks. Each chain implements it in `Sources/Chains/<Chain>/Signer/
/// Accounts.swift`, its `ChainModule.accounts` lists it in the chain table
/// (`ChainRegistry.standard`), and `AccountRules` holds the table's for the code below it.
public protocol ChainAccounts: Sendable {
    /// The chain these accounts are of.
    var chain: Chain { get }

    // MARK: Networks

    /// The networks Airsign knows by name on this chain; the first is where accounts go unless
    /// told otherwise (`defaultNetwork`).
    var knownNetworks: [ChainNetwork] { get }

    /// A network as given on the command line: a known name or CAIP-2 identifier, or whatever
    /// else the chain names its networks by (an Ethereum chain ID; a Substrate SS58 prefix,
    /// with `genesis`, the chain's genesis hash, to name the network).
    func network(parsing text: String, genesis: String?) throws(KeysError) -> ChainNetwork

    /// A CAIP-2 identifier read from a file or a message, checked against the chain's form.
    func network(caip2 text: String) throws(KeysError) -> ChainNetwork

    /// Whether an account signs only on the networks the keystore records it for (the signer's
    /// `NetworkBinding` says why a chain is or is not).
    var isNetworkBound: Bool { get }

    // MARK: Accounts

    /// The account `request` (one of this chain's) names, derived from `secret` with the paths
    /// the chain's wallets use. `AccountRules.derive` calls it once it has checked that a
    /// passphrase comes only with a phrase.
    func derive(_ request: AccountRequest, from secret: KeySecret, passphrase: SecureBytes) throws(KeysError)
        -> DerivedAccount

    /// The request that derives a stored account again (to sign for it); the caller compares
    /// the derived key with the stored one.
    func request(for account: Account) throws(KeysError) -> AccountRequest

    /// Checks that the public fields of an account read from a file (that anyone could have
    /// edited) agree with each other: the scheme is one the chain uses, the public key is a
    /// valid key of it, the address is that key's, the path is written as Airsign writes it,
    /// the network is one of the chain's, and an xpub derives the key.
    func verify(_ account: Account) throws(KeysError)

    // MARK: Addresses

    /// The identity of `address` by the chain's address formats (checksums included), which
    /// two spellings of one account share; nil when it is not an address of the chain. The
    /// chain module may refine it for its reviews (`ChainModule.addressIdentity`); contacts
    /// are checked and matched by this one.
    func addressIdentity(_ address: String) -> String?

    /// `address` written the way the chain's wallets show it (Ethereum's EIP-55 case);
    /// default: unchanged.
    func displayAddress(_ address: String) -> String

    // MARK: The signer's account commands

    /// The chain's own secret forms for `key import --kind` (the phrase, which serves every
    /// chain, is not one of them).
    var secretImports: [SecretImport] { get }

    /// The account `account add`'s options name on `network`: `index`, or for Substrate
    /// `scheme` and `path`; an option the chain does not take is refused.
    func request(index: UInt32?, scheme: SubstrateScheme?, path: String?, on network: ChainNetwork) throws(KeysError)
        -> AccountRequest

    /// The account a new key gets on `network` (the wallets' default: the first index, or the
    /// Substrate root under sr25519).
    func defaultRequest(on network: ChainNetwork) -> AccountRequest

    /// The `--index` that `account add` takes to add the account at `path` again, when the
    /// path is one of the chain's indexed paths; nil otherwise.
    func indexOption(forPath path: String) -> String?
}

/// One `key import --kind` form of a chain's single key: its name on the command line, the
/// prompt that asks for it, and its parser.
public struct SecretImport: Sendable {
    /// The `--kind` value (`ethereum-key`).
    public let kind: String
    /// What the terminal prompt asks for.
    public let prompt: String
    /// Whether the secret can be typed on one line at the prompt (a PEM file cannot).
    public let fitsOneLine: Bool
    /// The secret in the UTF-8 text (in protected memory), as `KeyImport` reads it.
    public let parse: @Sendable (SecureBytes) throws(KeysError) -> KeySecret

    public init(
        kind: String, prompt: String, fitsOneLine: Bool = true,
        parse: @escaping @Sendable (SecureBytes) throws(KeysError) -> KeySecret
    ) {
        self.kind = kind
        self.prompt = prompt
        self.fitsOneLine = fitsOneLine
        self.parse = parse
    }
}

extension ChainAccounts {
    public func displayAddress(_ address: String) -> String { address }

    /// Where accounts go unless told otherwise: the first of `knownNetworks`.
    public var defaultNetwork: ChainNetwork {
        // Every chain lists its networks; the fallback only keeps this total.
        knownNetworks.first ?? ChainNetwork(chain: chain, id: chain.rawValue + ":mainnet")
    }

    /// The known network named `text` by its name or its CAIP-2 identifier.
    public func knownNetwork(_ text: String) -> ChainNetwork? {
        knownNetworks.first { $0.name == text || $0.id == text }
    }

    /// The known network whose CAIP-2 identifier is `id`.
    public func knownNetwork(id: String) -> ChainNetwork? { knownNetworks.first { $0.id == id } }

    /// The known networks' names, for a refusal that says what to use.
    public var knownNetworkNames: String { knownNetworks.compactMap(\.name).joined(separator: ", ") }

    /// The refusal of `text` as one of the chain's networks, for `reason`.
    public func networkRefusal(_ text: String, _ reason: String) -> KeysError {
        .invalidNetwork(chain: chain.rawValue, network: text, reason: reason)
    }

    /// `network(parsing:genesis:)` of a chain whose every network is known by name.
    public func knownNetwork(parsing text: String, genesis: String?) throws(KeysError) -> ChainNetwork {
        if genesis != nil { throw networkRefusal(text, "--genesis is for Substrate networks") }
        if let network = knownNetwork(text) { return network }
        throw networkRefusal(text, "use \(knownNetworkNames)")
    }

    /// `network(caip2:)` of a chain whose every network is known by name.
    public func knownNetwork(caip2 text: String) throws(KeysError) -> ChainNetwork {
        if let network = knownNetwork(id: text) { return network }
        guard text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).count == 2 else {
            throw networkRefusal(text, "a CAIP-2 network is namespace:reference")
        }
        throw networkRefusal(text, "known networks are \(knownNetworks.map(\.id).joined(separator: ", "))")
    }

    /// Refuses the Substrate-only options for a chain whose accounts are named by `--index`
    /// alone (Ethereum, ICP, Stellar), with the words `account add` has always used.
    public func refuseSubstrateOptions(scheme: SubstrateScheme?, path: String?) throws(KeysError) {
        guard path == nil else {
            throw .invalidDerivationPath("\(chain.rawValue) accounts take --index N; --path is for Substrate junctions")
        }
        guard scheme == nil else { throw .invalidDerivationPath("--scheme is for Substrate accounts") }
    }
}
