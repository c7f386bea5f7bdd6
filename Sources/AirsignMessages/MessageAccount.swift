import AirsignEncoding

/// The `account` of a request or response: the address the signer picks the key by, and the
/// raw public key it must match (docs/formats.md: 32 bytes Ed25519/sr25519, 65 bytes uncompressed
/// secp256k1 for Ethereum and ICP, 33 bytes compressed for Substrate ecdsa).
public struct MessageAccount: Hashable, Sendable {
    /// The chain-native address, as written (the chain module checks its form).
    public let address: String
    /// The raw public key.
    public let publicKey: [UInt8]

    /// Checks that the address is short printable ASCII and the key 32, 33 or 65 bytes.
    public init(address: String, publicKey: [UInt8]) throws(MessagesError) {
        let bytes = Array(address.utf8)
        guard !bytes.isEmpty, bytes.count <= 128, bytes.allSatisfy({ (0x21...0x7e).contains($0) }) else {
            throw .invalidField(
                message: nil, field: "account.address",
                reason: "must be 1 to 128 printable ASCII characters without spaces")
        }
        guard [32, 33, 65].contains(publicKey.count) else {
            throw .invalidField(
                message: nil, field: "account.publicKey", reason: "must be 32, 33 or 65 bytes, not \(publicKey.count)")
        }
        self.address = address
        self.publicKey = publicKey
    }

    /// `0x` + lower-case hex of the public key.
    public var publicKeyHex: String { Hex.encode(publicKey, prefix: true) }

    var json: JSONValue {
        .object([(key: "address", value: .string(address)), (key: "publicKey", value: .string(publicKeyHex))])
    }

    init(json: JSONValue, reader: MessageFields) throws(MessagesError) {
        let fields = try reader.object(json, field: "account", required: ["address", "publicKey"])
        let address = try fields.string("address")
        let key = try fields.hex("publicKey", prefixed: true)
        do throws(MessagesError) {
            try self.init(address: address, publicKey: key)
        } catch {
            throw reader.locate(error)
        }
    }
}
