import AirsignCrypto
import AirsignEncoding
import AirsignKeys

/// Ethereum's accounts: `m/44'/60'/0'/0/<index>` (MetaMask's) or a hex private key, EIP-55
/// addresses, EIP-155 chain IDs as networks, and bound to the networks they were added for.
public struct EthereumAccounts: ChainAccounts {
    public let chain = Chain.ethereum

    /// The parent of a phrase's accounts (BIP44 coin type 60, external chain).
    static let purpose = "m/44'/60'/0'/0"

    public init() {}

    /// The instance the chain module lists (`ChainModule.accounts`) and its reviews read
    /// addresses with.
    static let shared = EthereumAccounts()

    // MARK: Networks

    public let knownNetworks = [
        ChainNetwork(chain: .ethereum, id: "eip155:1", name: "mainnet"),
        ChainNetwork(chain: .ethereum, id: "eip155:11155111", name: "sepolia"),
        ChainNetwork(chain: .ethereum, id: "eip155:17000", name: "holesky"),
    ]

    /// A known name, a chain ID, or `eip155:<chain ID>`.
    public func network(parsing text: String, genesis: String?) throws(KeysError) -> ChainNetwork {
        if genesis != nil { throw networkRefusal(text, "--genesis is for Substrate networks") }
        if let network = knownNetwork(text) { return network }
        if ChainNetwork.isDecimalNumber(text) { return try network(caip2: "eip155:" + text) }
        if text.hasPrefix("eip155:") { return try network(caip2: text) }
        throw networkRefusal(text, "use \(knownNetworkNames), a chain ID or eip155:<chain ID>")
    }

    /// `eip155:<chain ID>`, the chain ID a decimal number from 1 without leading zeros that
    /// fits 64 bits.
    public func network(caip2 text: String) throws(KeysError) -> ChainNetwork {
        if let network = knownNetwork(id: text) { return network }
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw networkRefusal(text, "a CAIP-2 network is namespace:reference") }
        guard parts[0] == "eip155" else { throw networkRefusal(text, "Ethereum networks are eip155:<chain ID>") }
        let digits = parts[1].utf8
        guard !digits.isEmpty, digits.count <= 20, digits.allSatisfy({ (0x30...0x39).contains($0) }),
            digits.first != 0x30, UInt64(parts[1]) != nil
        else { throw networkRefusal(text, "the chain ID is a decimal number from 1, without leading zeros") }
        return ChainNetwork(chain: chain, id: text)
    }

    /// Bound: one address is the same account on every EVM chain, and the chain id is a bare
    /// number in the transaction, so an account added for `eip155:1` is meant for mainnet only.
    public let isNetworkBound = true

    // MARK: Accounts

    public func derive(_ request: AccountRequest, from secret: KeySecret, passphrase: SecureBytes) throws(KeysError)
        -> DerivedAccount
    {
        guard case .ethereum(let index) = request else { throw .secretDoesNotFitAccount("not an Ethereum account") }
        let (key, path, xpub) = try AccountKeys.bip32Secp256k1(
            secret, passphrase: passphrase, purpose: Self.purpose, index: index, chain: "Ethereum")
        let account = Account(
            chain: .ethereum, scheme: .secp256k1, path: path, publicKey: key.publicKey.uncompressed,
            address: try Self.address(of: key.publicKey), xpub: xpub)
        return DerivedAccount(account: account, signingKey: .secp256k1(key))
    }

    public func request(for account: Account) throws(KeysError) -> AccountRequest {
        .ethereum(index: try account.pathIndex())
    }

    public func verify(_ account: Account) throws(KeysError) {
        guard account.scheme == .secp256k1 else {
            throw .inconsistentAccount(
                field: "scheme", reason: "ethereum accounts do not use \(account.scheme.rawValue) keys")
        }
        try account.requireAddress(try Self.address(of: AccountKeys.secp256k1(account.publicKey, compressed: false)))
        if !account.path.isEmpty {
            try account.requireBIP32Path(
                parent: Self.purpose, lastHardened: false, refusal: "ethereum accounts are at \(Self.purpose)/<index>")
        }
        if let network = account.network { _ = try self.network(caip2: network) }
        try account.verifyXpub()
    }

    /// keccak256 of the 64-byte point, last 20 bytes, EIP-55.
    static func address(of key: Secp256k1.PublicKey) throws(KeysError) -> String {
        let bytes = EthereumAddress(publicKey: key).bytes
        return try AccountKeys.encoding { () throws(EncodingError) in try EIP55.encode(bytes) }
    }

    // MARK: Addresses

    /// The 20 bytes, however the address is spelled (a checksum must hold when the case is mixed).
    public func addressIdentity(_ address: String) -> String? {
        guard let bytes = try? EIP55.decode(address) else { return nil }
        return Self.identity(bytes)
    }

    /// EIP-55 mixed case.
    public func displayAddress(_ address: String) -> String {
        guard let bytes = try? EIP55.decode(address), let text = try? EIP55.encode(bytes) else { return address }
        return text
    }

    /// The identity of the address of these 20 bytes, however it is spelled: what the review
    /// labels by when it holds the bytes, without hashing a text to get them back.
    public static func identity(_ bytes: [UInt8]) -> String { "eth:" + Hex.encode(bytes) }

    // MARK: The signer's account commands

    public let secretImports = [
        SecretImport(
            kind: "ethereum-key", prompt: "Ethereum private key, hex (input hidden): ",
            parse: KeyImport.ethereumPrivateKey)
    ]

    public func request(index: UInt32?, scheme: SubstrateScheme?, path: String?, on network: ChainNetwork)
        throws(KeysError) -> AccountRequest
    {
        try refuseSubstrateOptions(scheme: scheme, path: path)
        return .ethereum(index: index ?? 0)
    }

    public func defaultRequest(on network: ChainNetwork) -> AccountRequest { .ethereum(index: 0) }

    /// A phrase's account is the index at the end of `m/44'/60'/0'/0/<index>`.
    public func indexOption(forPath path: String) -> String? {
        guard path.hasPrefix(Self.purpose + "/"), let index = path.split(separator: "/").last else { return nil }
        return String(index)
    }
}
