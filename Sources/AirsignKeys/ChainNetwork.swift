import AirsignEncoding

/// A network an account is used on: its CAIP-2 identifier (docs/formats.md) and, for Substrate, the
/// SS58 prefix its addresses are written with.
public struct ChainNetwork: Hashable, Sendable, CustomStringConvertible {
    public let chain: Chain
    /// The CAIP-2 identifier: `eip155:1`, `polkadot:<first 32 hex digits of the genesis hash>`,
    /// `icp:mainnet`, `stellar:pubnet`.
    public let id: String
    /// Substrate only: the SS58 prefix. Nil for a Substrate network known only by its genesis
    /// hash (read from a file), whose addresses may use any prefix.
    public let ss58Prefix: UInt16?
    /// The network's common name when Airsign knows it (`polkadot`, `sepolia`).
    public let name: String?

    init(chain: Chain, id: String, ss58Prefix: UInt16? = nil, name: String? = nil) {
        self.chain = chain
        self.id = id
        self.ss58Prefix = ss58Prefix
        self.name = name
    }

    /// The networks Airsign knows by name; the first of each chain is its default.
    public static let known: [ChainNetwork] = [
        ChainNetwork(chain: .ethereum, id: "eip155:1", name: "mainnet"),
        ChainNetwork(chain: .ethereum, id: "eip155:11155111", name: "sepolia"),
        ChainNetwork(chain: .ethereum, id: "eip155:17000", name: "holesky"),
        ChainNetwork(chain: .icp, id: "icp:mainnet", name: "mainnet"),
        ChainNetwork(chain: .stellar, id: "stellar:pubnet", name: "pubnet"),
        ChainNetwork(chain: .stellar, id: "stellar:testnet", name: "testnet"),
        ChainNetwork(chain: .stellar, id: "stellar:futurenet", name: "futurenet"),
        // Genesis hashes from the chains themselves (chain_getBlockHash(0)); CAIP-13 keeps the
        // first 16 bytes.
        ChainNetwork(
            chain: .substrate, id: "polkadot:91b171bb158e2d3848fa23a9f1c25182", ss58Prefix: 0, name: "polkadot"),
        ChainNetwork(chain: .substrate, id: "polkadot:b0a8d493285c2df73290dfb7e61f870f", ss58Prefix: 2, name: "kusama"),
        ChainNetwork(
            chain: .substrate, id: "polkadot:e143f23803ac50e8f6f8e62695d1ce9e", ss58Prefix: 42, name: "westend"),
    ]

    /// Where accounts go unless told otherwise: Ethereum mainnet, ICP mainnet, Stellar pubnet,
    /// Polkadot (SS58 prefix 0).
    public static func defaultNetwork(for chain: Chain) -> ChainNetwork {
        // `known` lists every chain; the fallback only keeps this total.
        known.first { $0.chain == chain } ?? ChainNetwork(chain: chain, id: chain.rawValue + ":mainnet")
    }

    /// A network as given on the command line: a known name (`kusama`, `sepolia`, `testnet`), a
    /// CAIP-2 identifier, an Ethereum chain ID, or for Substrate an SS58 prefix, which then needs
    /// `genesis` (the chain's genesis hash, `0x` and 64 hex digits) to name the network.
    public static func parse(_ text: String, chain: Chain, genesis: String? = nil) throws(KeysError) -> ChainNetwork {
        let fail = { (reason: String) in KeysError.invalidNetwork(chain: chain.rawValue, network: text, reason: reason)
        }
        let names = known.filter { $0.chain == chain }.compactMap(\.name).joined(separator: ", ")
        if chain != .substrate, genesis != nil { throw fail("--genesis is for Substrate networks") }
        if let network = known.first(where: { $0.chain == chain && ($0.name == text || $0.id == text) }) {
            guard genesis == nil else { throw fail("a network known by name needs no genesis hash") }
            return network
        }
        let isNumber =
            !text.isEmpty && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
            && (text == "0" || !text.hasPrefix("0"))
        switch chain {
        case .ethereum:
            if isNumber { return try ChainNetwork(caip2: "eip155:" + text, chain: chain) }
            if text.hasPrefix("eip155:") { return try ChainNetwork(caip2: text, chain: chain) }
            throw fail("use \(names), a chain ID or eip155:<chain ID>")
        case .substrate:
            guard isNumber, let prefix = UInt16(text), prefix <= SS58.maxPrefix, !SS58.reservedPrefixes.contains(prefix)
            else {
                throw fail("use \(names), or an SS58 prefix (0–16383, not 46 or 47) with --genesis 0x<genesis hash>")
            }
            guard let genesis else {
                throw fail("a network given by its SS58 prefix also needs --genesis 0x<genesis hash>")
            }
            let hex = genesis.hasPrefix("0x") ? genesis.dropFirst(2) : Substring(genesis)
            guard hex.utf8.count == 64, hex.utf8.allSatisfy(Self.isLowerHex) else {
                throw fail("the genesis hash is 0x and 64 lower-case hex digits")
            }
            let id = "polkadot:" + hex.prefix(32)
            if let named = known.first(where: { $0.id == id }) {
                guard named.ss58Prefix == prefix else {
                    throw fail(
                        "\(named.name ?? id) uses SS58 prefix \(named.ss58Prefix.map(String.init) ?? "?"); use --network \(named.name ?? id)"
                    )
                }
                return named
            }
            return ChainNetwork(chain: chain, id: id, ss58Prefix: prefix)
        case .icp, .stellar:
            throw fail("use \(names)")
        }
    }

    /// A CAIP-2 identifier read from a file or a message, checked against the chain: Ethereum
    /// `eip155:<chain ID>`, Substrate `polkadot:<32 lower-case hex digits>`, and the known ICP
    /// and Stellar networks.
    public init(caip2 text: String, chain: Chain) throws(KeysError) {
        if let network = Self.known.first(where: { $0.chain == chain && $0.id == text }) {
            self = network
            return
        }
        let fail = { (reason: String) in KeysError.invalidNetwork(chain: chain.rawValue, network: text, reason: reason)
        }
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw fail("a CAIP-2 network is namespace:reference") }
        let reference = parts[1]
        switch chain {
        case .ethereum:
            guard parts[0] == "eip155" else { throw fail("Ethereum networks are eip155:<chain ID>") }
            let digits = reference.utf8
            guard !digits.isEmpty, digits.count <= 20, digits.allSatisfy({ (0x30...0x39).contains($0) }),
                digits.first != 0x30, UInt64(reference) != nil
            else { throw fail("the chain ID is a decimal number from 1, without leading zeros") }
        case .substrate:
            guard parts[0] == "polkadot" else {
                throw fail("Substrate networks are polkadot:<first 32 hex digits of the genesis hash>")
            }
            guard reference.utf8.count == 32, reference.utf8.allSatisfy(Self.isLowerHex) else {
                throw fail("the reference is the first 32 lower-case hex digits of the genesis hash")
            }
        case .icp, .stellar:
            let names = Self.known.filter { $0.chain == chain }.map(\.id).joined(separator: ", ")
            throw fail("known networks are \(names)")
        }
        self.init(chain: chain, id: text)
    }

    public var description: String {
        guard let name else { return id }
        return "\(name) (\(id))"
    }

    private static func isLowerHex(_ c: UInt8) -> Bool {
        (0x30...0x39).contains(c) || (0x61...0x66).contains(c)
    }
}
