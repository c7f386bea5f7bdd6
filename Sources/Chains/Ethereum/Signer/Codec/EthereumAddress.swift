import AirsignCrypto
import AirsignEncoding

/// A 20-byte Ethereum account address, shown in EIP-55 mixed case.
public struct EthereumAddress: Hashable, Sendable, CustomStringConvertible {
    /// The 20 address bytes.
    public let bytes: [UInt8]

    /// Exactly 20 bytes; anything else is refused.
    public init(bytes: [UInt8]) throws(EthereumError) {
        guard bytes.count == EIP55.addressLength else {
            throw .invalidField("address", reason: "an address is 20 bytes, not \(bytes.count)")
        }
        self.bytes = bytes
    }

    /// An address written in the source as 20 bytes (a well-known contract); not for input.
    init(literal bytes: [UInt8]) {
        self.bytes = bytes.count == EIP55.addressLength ? bytes : [UInt8](repeating: 0, count: EIP55.addressLength)
    }

    /// The zero address: EIP-7702's revocation, Ethereum's "none".
    public static let zero = EthereumAddress(literal: [UInt8](repeating: 0, count: 20))

    /// `0x` + 40 hex digits; mixed case must carry a valid EIP-55 checksum.
    public init(_ text: String) throws(EthereumError) {
        do { bytes = try EIP55.decode(text) } catch { throw .invalidField("address", reason: error.description) }
    }

    /// The address of a public key: the last 20 bytes of keccak256(X ‖ Y) of the uncompressed point.
    public init(publicKey: Secp256k1.PublicKey) {
        let key = publicKey.uncompressed
        bytes = Self.keyAddresses.value(for: key) { Self.address(ofUncompressed: key) }
    }

    /// The address of an uncompressed public key, computed.
    static func address(ofUncompressed key: [UInt8]) -> [UInt8] {
        // `uncompressed` is always 65 bytes (0x04 ‖ X ‖ Y); the hash skips the 0x04 prefix.
        Array(Keccak256.hash(Array(key.dropFirst())).suffix(20))
    }

    /// The addresses of the keys seen last: every request of a batch checks its account's key
    /// against its address, in the review and again when it is signed (a Keccak hash each).
    static let keyAddresses = BytesMemo(capacity: 4096)

    /// EIP-55 checksummed text.
    public var checksummed: String {
        // bytes.count is 20 by construction, so EIP-55 cannot refuse it.
        (try? EIP55.encode(bytes)) ?? Hex.encode(bytes, prefix: true)
    }

    public var description: String { checksummed }
}
