import AirsignCrypto

/// A Stellar network, named by its passphrase; its id is `SHA-256(passphrase)`. The signer is
/// always told the network; it never infers it from a transaction.
public struct StellarNetwork: Sendable, Hashable, CustomStringConvertible {
    /// The exact passphrase; its SHA-256 is the network id.
    public let passphrase: String
    /// The 32-byte network id, SHA-256 of the passphrase: hashed once when the network is made
    /// (once a process for the three known ones), where every signature base, transaction hash
    /// and authorization preimage of a request hashed it again (a dozen times a request).
    public let id: [UInt8]
    /// The passphrase quoted as a review shows it (`debugDescription`), made with the network
    /// for the same reason.
    public let quotedPassphrase: String

    /// The public network ("pubnet"), the testnet and the futurenet [js-stellar-base network.js].
    public static let `public` = StellarNetwork(passphrase: "Public Global Stellar Network ; September 2015")
    public static let testnet = StellarNetwork(passphrase: "Test SDF Network ; September 2015")
    public static let futurenet = StellarNetwork(passphrase: "Test SDF Future Network ; October 2022")

    /// Any network, by its passphrase.
    public init(passphrase: String) {
        self.passphrase = passphrase
        self.id = SHA256.hash(Array(passphrase.utf8))
        self.quotedPassphrase = passphrase.debugDescription
    }

    /// `public`/`pubnet`, `testnet`, `futurenet`, or a passphrase (anything containing a space).
    public init(name: String) throws(StellarError) {
        switch name.lowercased() {
        case "public", "pubnet", "mainnet": self = .public
        case "testnet": self = .testnet
        case "futurenet": self = .futurenet
        default:
            // A bare word that is no known name is more likely a typo than a private network.
            guard name.contains(" ") else { throw .unknownNetwork(name) }
            self.init(passphrase: name)
        }
    }

    /// The network id sign requests and account descriptors carry (`stellar:pubnet`,
    /// `stellar:testnet`, `stellar:futurenet`); nil for any other network.
    public var caip2: String? {
        switch self {
        case .public: return "stellar:pubnet"
        case .testnet: return "stellar:testnet"
        case .futurenet: return "stellar:futurenet"
        default: return nil
        }
    }

    /// The network of a request's `stellar:pubnet|testnet|futurenet`; nil for anything else,
    /// since a request names only the networks Airsign knows by id.
    public init?(caip2 text: String) {
        switch text {
        case "stellar:pubnet": self = .public
        case "stellar:testnet": self = .testnet
        case "stellar:futurenet": self = .futurenet
        default: return nil
        }
    }

    /// The short name of a well-known network, else the quoted passphrase.
    public var description: String {
        switch self {
        case .public: return "public"
        case .testnet: return "testnet"
        case .futurenet: return "futurenet"
        default: return passphrase.debugDescription
        }
    }

    /// Networks are equal when their passphrases are (the id follows from it).
    public static func == (lhs: StellarNetwork, rhs: StellarNetwork) -> Bool { lhs.passphrase == rhs.passphrase }

    public func hash(into hasher: inout Hasher) { hasher.combine(passphrase) }

    /// Refuses `found` unless it is this network (a request, URI or file naming another one).
    public func require(_ found: StellarNetwork) throws(StellarError) {
        guard found == self else { throw .wrongNetwork(expected: description, found: found.description) }
    }
}
