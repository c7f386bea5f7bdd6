import AirsignCrypto
import AirsignEncoding
import AirsignKeys

/// Substrate's accounts: junction paths under sr25519 (the default), ed25519 or ecdsa, SS58
/// addresses with the network's prefix, `polkadot:<genesis>` networks, and `0x` seeds.
public struct SubstrateAccounts: ChainAccounts {
    public let chain = Chain.substrate

    public init() {}

    /// The instance the chain module lists (`ChainModule.accounts`).
    static let shared = SubstrateAccounts()

    // MARK: Networks

    /// Genesis hashes from the chains themselves (chain_getBlockHash(0)); CAIP-13 keeps the
    /// first 16 bytes.
    public let knownNetworks = [
        ChainNetwork(
            chain: .substrate, id: "polkadot:91b171bb158e2d3848fa23a9f1c25182", ss58Prefix: 0, name: "polkadot"),
        ChainNetwork(chain: .substrate, id: "polkadot:b0a8d493285c2df73290dfb7e61f870f", ss58Prefix: 2, name: "kusama"),
        ChainNetwork(
            chain: .substrate, id: "polkadot:e143f23803ac50e8f6f8e62695d1ce9e", ss58Prefix: 42, name: "westend"),
    ]

    /// A known name or identifier, or an SS58 prefix with `genesis` (`0x` and 64 hex digits),
    /// which names the network.
    public func network(parsing text: String, genesis: String?) throws(KeysError) -> ChainNetwork {
        if let network = knownNetwork(text) {
            guard genesis == nil else { throw networkRefusal(text, "a network known by name needs no genesis hash") }
            return network
        }
        guard ChainNetwork.isDecimalNumber(text), let prefix = UInt16(text), prefix <= SS58.maxPrefix,
            !SS58.reservedPrefixes.contains(prefix)
        else {
            throw networkRefusal(
                text,
                "use \(knownNetworkNames), or an SS58 prefix (0–16383, not 46 or 47) with --genesis 0x<genesis hash>")
        }
        guard let genesis else {
            throw networkRefusal(text, "a network given by its SS58 prefix also needs --genesis 0x<genesis hash>")
        }
        let hex = genesis.hasPrefix("0x") ? genesis.dropFirst(2) : Substring(genesis)
        guard hex.utf8.count == 64, hex.utf8.allSatisfy(ChainNetwork.isLowerHex) else {
            throw networkRefusal(text, "the genesis hash is 0x and 64 lower-case hex digits")
        }
        let id = "polkadot:" + hex.prefix(32)
        if let named = knownNetwork(id: id) {
            guard named.ss58Prefix == prefix else {
                throw networkRefusal(
                    text,
                    "\(named.name ?? id) uses SS58 prefix \(named.ss58Prefix.map(String.init) ?? "?"); use --network \(named.name ?? id)"
                )
            }
            return named
        }
        return ChainNetwork(chain: chain, id: id, ss58Prefix: prefix)
    }

    /// `polkadot:<first 32 lower-case hex digits of the genesis hash>`.
    public func network(caip2 text: String) throws(KeysError) -> ChainNetwork {
        if let network = knownNetwork(id: text) { return network }
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw networkRefusal(text, "a CAIP-2 network is namespace:reference") }
        guard parts[0] == "polkadot" else {
            throw networkRefusal(text, "Substrate networks are polkadot:<first 32 hex digits of the genesis hash>")
        }
        guard parts[1].utf8.count == 32, parts[1].utf8.allSatisfy(ChainNetwork.isLowerHex) else {
            throw networkRefusal(text, "the reference is the first 32 lower-case hex digits of the genesis hash")
        }
        return ChainNetwork(chain: chain, id: text)
    }

    /// Not bound (yet): the genesis hash is in what is signed, and development keys sign on
    /// local chains with the account recorded for Polkadot.
    public let isNetworkBound = false

    // MARK: Accounts

    public func derive(_ request: AccountRequest, from secret: KeySecret, passphrase: SecureBytes) throws(KeysError)
        -> DerivedAccount
    {
        guard case let .substrate(scheme, path, prefix) = request else {
            throw .secretDoesNotFitAccount("not a Substrate account")
        }
        let root: SecureBytes
        switch secret {
        case .mnemonic(let mnemonic): root = try mnemonic.substrateMiniSecret(password: passphrase)
        case .substrateSeed(let seed): root = seed
        default: throw .secretDoesNotFitAccount("a Substrate account needs a recovery phrase or a 0x seed")
        }
        func account(publicKey: [UInt8], accountID: [UInt8]) throws(KeysError) -> Account {
            Account(
                chain: .substrate, scheme: scheme.keyScheme, path: path.description, publicKey: publicKey,
                address: try Self.address(accountID: accountID, prefix: prefix))
        }
        switch scheme {
        case .ed25519:
            let key = try SubstrateDerivation.ed25519(seed: root, path: path)
            return DerivedAccount(
                account: try account(publicKey: key.publicKey, accountID: key.publicKey), signingKey: .ed25519(key))
        case .ecdsa:
            let key = try SubstrateDerivation.ecdsa(seed: root, path: path)
            let accountID = try AccountKeys.blake2b256(key.publicKey.compressed)
            return DerivedAccount(
                account: try account(publicKey: key.publicKey.compressed, accountID: accountID),
                signingKey: .secp256k1(key))
        case .sr25519:
            let key = try SubstrateDerivation.sr25519(seed: root, path: path)
            return DerivedAccount(
                account: try account(publicKey: key.publicKey.bytes, accountID: key.publicKey.bytes),
                signingKey: .sr25519(key))
        }
    }

    /// The account's own junctions and scheme, and its address's SS58 prefix.
    public func request(for account: Account) throws(KeysError) -> AccountRequest {
        let scheme: SubstrateScheme
        switch account.scheme {
        case .sr25519: scheme = .sr25519
        case .ed25519: scheme = .ed25519
        case .secp256k1: scheme = .ecdsa
        }
        return .substrate(
            scheme: scheme, path: try SubstrateDerivationPath(account.path), ss58Prefix: try Self.prefix(of: account))
    }

    /// The address is the key's (its account ID) under the address's own SS58 prefix, and a
    /// known network's addresses use the network's prefix.
    public func verify(_ account: Account) throws(KeysError) {
        let prefix = try Self.prefix(of: account)
        let accountID: [UInt8]
        switch account.scheme {
        case .sr25519, .ed25519: accountID = try AccountKeys.ed25519(account.publicKey)
        case .secp256k1:
            accountID = try AccountKeys.blake2b256(
                try AccountKeys.secp256k1(account.publicKey, compressed: true).compressed)
        }
        try account.requireAddress(try Self.address(accountID: accountID, prefix: prefix))
        if !account.path.isEmpty {
            let canonical = try SubstrateDerivationPath(account.path).description
            guard canonical == account.path else { throw account.pathRefusal("must be written as \(canonical)") }
        }
        if let network = account.network {
            let known = try self.network(caip2: network)
            if let wanted = known.ss58Prefix, wanted != prefix {
                throw .inconsistentAccount(
                    field: "address", reason: "uses SS58 prefix \(prefix), but \(known) uses \(wanted)")
            }
        }
        try account.refuseXpub()
    }

    /// SS58 of the 32-byte account ID: the key itself (sr25519, ed25519) or BLAKE2b-256 of the
    /// compressed key (ecdsa).
    static func address(accountID: [UInt8], prefix: UInt16) throws(KeysError) -> String {
        try AccountKeys.encoding { () throws(EncodingError) in try SS58.encode(accountID, prefix: prefix) }
    }

    /// The SS58 prefix the account's address is written with.
    private static func prefix(of account: Account) throws(KeysError) -> UInt16 {
        do {
            return try SS58.decode(account.address).prefix
        } catch {
            throw .inconsistentAccount(field: "address", reason: "not an SS58 address (\(error.description))")
        }
    }

    // MARK: Addresses

    /// The account ID (the SS58 payload), whatever network prefix the address was written for.
    public func addressIdentity(_ address: String) -> String? {
        guard let decoded = try? SS58.decode(address) else { return nil }
        return Self.identity(accountID: decoded.payload)
    }

    /// The identity of a Substrate account ID, whatever prefix its address is written with.
    public static func identity(accountID: [UInt8]) -> String { "ss58:" + Hex.encode(accountID) }

    // MARK: The signer's account commands

    public let secretImports = [
        SecretImport(
            kind: "substrate-seed", prompt: "Substrate seed 0x… (input hidden): ", parse: KeyImport.substrateSeed)
    ]

    /// A network known only by its genesis hash has no prefix of its own: its addresses use
    /// the generic 42.
    public func request(index: UInt32?, scheme: SubstrateScheme?, path: String?, on network: ChainNetwork)
        throws(KeysError) -> AccountRequest
    {
        guard index == nil else {
            throw .invalidDerivationPath("Substrate accounts take --path //junctions, not --index")
        }
        // A ///password is a secret: it is the key's passphrase, given when the phrase is
        // stored, never part of a path kept in the clear.
        if let path, path.contains("///") {
            throw .invalidSecretURI(
                "a ///password is a secret and is never stored in a path; import the phrase with --passphrase-file instead (it is then the password of every Substrate account of that key)"
            )
        }
        let junctions = try SubstrateDerivationPath(path ?? "")
        return .substrate(scheme: scheme ?? .sr25519, path: junctions, ss58Prefix: network.ss58Prefix ?? 42)
    }

    /// sr25519 at the root, as polkadot-js creates an account from a phrase.
    public func defaultRequest(on network: ChainNetwork) -> AccountRequest {
        .substrate(scheme: .sr25519, path: SubstrateDerivationPath(junctions: []), ss58Prefix: network.ss58Prefix ?? 0)
    }

    public func indexOption(forPath path: String) -> String? { nil }
}
