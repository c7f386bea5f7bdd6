import AirsignEncoding

/// The public description of an account: what derivation returns, what the keystore stores in
/// the clear (and lists without a PIN), and what a watch-only account descriptor carries. It
/// holds no secret. This is the one account type of the package: the keystore stores it field
/// for field, the exchange format wraps it.
public struct Account: Hashable, Sendable, Codable {
    public let chain: Chain
    public let scheme: KeyScheme
    /// How the key was reached: a BIP32/SLIP-10 path (`m/44'/60'/0'/0/0`), Substrate junctions
    /// (`//polkadot//0`), or empty for the root of a Substrate secret and for an imported single
    /// key. Never a phrase or a `///password`.
    public let path: String
    /// The raw public key (docs/formats.md): 32 bytes for Ed25519 and sr25519, 65-byte uncompressed
    /// secp256k1 for Ethereum and ICP, 33-byte compressed for Substrate ecdsa.
    public let publicKey: [UInt8]
    /// The chain's own address: EIP-55 (Ethereum), principal text (ICP), `G…` (Stellar), SS58
    /// (Substrate).
    public let address: String
    /// The network as a CAIP-2 identifier (`eip155:1`, `polkadot:91b171bb158e2d3848fa23a9f1c25182`,
    /// `icp:mainnet`, `stellar:pubnet`); nil until one is chosen (derivation alone does not).
    public let network: String?
    /// For BIP32 accounts of a phrase (Ethereum, ICP): the `xpub…` of the path's parent, from
    /// which a watch-only wallet derives this key (the child at the path's last index) and its
    /// siblings. Nil for every other account.
    public let xpub: String?

    public init(
        chain: Chain, scheme: KeyScheme, path: String, publicKey: [UInt8], address: String,
        network: String? = nil, xpub: String? = nil
    ) {
        self.chain = chain
        self.scheme = scheme
        self.path = path
        self.publicKey = publicKey
        self.address = address
        self.network = network
        self.xpub = xpub
    }

    /// The same account on `network` (a CAIP-2 identifier).
    public func on(_ network: String) -> Account {
        Account(
            chain: chain, scheme: scheme, path: path, publicKey: publicKey, address: address, network: network,
            xpub: xpub)
    }

    /// The same account without its xpub (for an export that leaves it out).
    public var withoutXpub: Account {
        Account(
            chain: chain, scheme: scheme, path: path, publicKey: publicKey, address: address, network: network,
            xpub: nil)
    }

    /// The path for people: `(root)` for a Substrate root key, `-` for a single imported key.
    public var pathDescription: String {
        guard path.isEmpty else { return path }
        return chain == .substrate ? "(root)" : "-"
    }

    /// `0x` + lower-case hex of `publicKey`, the form sign requests carry.
    public var publicKeyHex: String { Hex.encode(publicKey, prefix: true) }

    /// For Substrate accounts, the SS58 network prefix the address is written with.
    public var ss58Prefix: UInt16? {
        guard chain == .substrate else { return nil }
        return try? SS58.decode(address).prefix
    }

    /// For ICP accounts, the ledger account identifier (default subaccount) of the principal.
    public var icpAccountIdentifier: ICPAccountIdentifier? {
        guard chain == .icp, let principal = try? Principal(text: address) else { return nil }
        return try? ICPAccountIdentifier(principal: principal)
    }
}
