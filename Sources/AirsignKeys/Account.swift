import AirsignEncoding

/// The public description of an account: what the keystore lists without a PIN and what a
/// watch-only export carries. It holds no secret.
public struct Account: Hashable, Sendable, Codable {
    public let chain: Chain
    public let scheme: KeyScheme
    /// How the key was reached: a BIP32/SLIP-10 path (`m/44'/60'/0'/0/0`), Substrate junctions
    /// (`//polkadot//0`, empty for the root; never the phrase or password), or empty for an
    /// imported single key.
    public let path: String
    /// The raw public key (DESIGN.md): 32 bytes for Ed25519 and sr25519, 65-byte uncompressed
    /// secp256k1 for Ethereum and ICP, 33-byte compressed for Substrate ecdsa.
    public let publicKey: [UInt8]
    /// The chain's own address: EIP-55 (Ethereum), principal text (ICP), `G…` (Stellar), SS58
    /// (Substrate).
    public let address: String
    /// The SS58 network prefix, for Substrate accounts only.
    public let ss58Prefix: UInt16?

    public init(chain: Chain, scheme: KeyScheme, path: String, publicKey: [UInt8], address: String, ss58Prefix: UInt16? = nil) {
        self.chain = chain
        self.scheme = scheme
        self.path = path
        self.publicKey = publicKey
        self.address = address
        self.ss58Prefix = ss58Prefix
    }

    /// `0x` + lower-case hex of `publicKey`, the form sign requests carry.
    public var publicKeyHex: String { Hex.encode(publicKey, prefix: true) }

    /// For ICP accounts, the ledger account identifier (default subaccount) of the principal.
    public var icpAccountIdentifier: ICPAccountIdentifier? {
        guard chain == .icp, let principal = try? Principal(text: address) else { return nil }
        return try? ICPAccountIdentifier(principal: principal)
    }
}
