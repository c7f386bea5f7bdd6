/// A network an account is used on: its CAIP-2 identifier (docs/formats.md) and, for Substrate, the
/// SS58 prefix its addresses are written with. Each chain's `ChainAccounts` knows its networks:
/// which it knows by name, and how the others are written.
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

    public init(chain: Chain, id: String, ss58Prefix: UInt16? = nil, name: String? = nil) {
        self.chain = chain
        self.id = id
        self.ss58Prefix = ss58Prefix
        self.name = name
    }

    public var description: String {
        guard let name else { return id }
        return "\(name) (\(id))"
    }

    /// Whether `text` is a decimal number as networks are numbered: digits, no leading zero.
    public static func isDecimalNumber<S: StringProtocol>(_ text: S) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (0x30...0x39).contains($0) } && (text == "0" || !text.hasPrefix("0"))
    }

    /// Whether `c` is a lower-case hex digit, as CAIP-2 references are written.
    public static func isLowerHex(_ c: UInt8) -> Bool {
        (0x30...0x39).contains(c) || (0x61...0x66).contains(c)
    }
}
