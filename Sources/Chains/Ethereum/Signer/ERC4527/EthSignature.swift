import AirsignEncoding

/// An ERC-4527 `eth-signature` (UR type `eth-signature`, CBOR tag 402): the signer's answer.
///
/// `{1: #6.37(request-id), 2: r ‖ s ‖ v, ? 3: origin}`. v is written minimal big-endian, as
/// Keystone writes it and MetaMask reads it (`signature[64:]`), so a legacy EIP-155 v above 255
/// makes the signature longer than 65 bytes.
public struct EthSignature: Equatable, Sendable {
    public static let urType = "eth-signature"
    public static let tag: UInt64 = 402

    /// The request's 16-byte id, echoed (nil only when the request had none).
    public let requestId: [UInt8]?
    /// r (32) ‖ s (32) ‖ v (1 or more bytes).
    public let signature: [UInt8]
    public let origin: String?

    public init(requestId: [UInt8]?, signature: [UInt8], origin: String?) {
        self.requestId = requestId
        self.signature = signature
        self.origin = origin
    }

    /// Reads the untagged CBOR of a `ur:eth-signature`.
    public init(cbor bytes: [UInt8]) throws(ERC4527Error) {
        let map = try ERC4527CBOR.map(bytes, name: "eth-signature", tag: Self.tag, known: 1...3)
        requestId = try map.requestId()
        signature = try map.readRequired(2, "signature") { v throws(EncodingError) in try v.asBytes() }
        guard signature.count >= 65, signature.count <= 64 + 32 else {
            throw ERC4527Error(
                "eth-signature.signature (key 2) is \(signature.count) bytes, not r ‖ s ‖ v (65 or more)")
        }
        origin = try map.read(3, "origin") { v throws(EncodingError) in try v.asText() }
    }

    /// The untagged CBOR for a `ur:eth-signature`.
    public func cbor() throws(ERC4527Error) -> [UInt8] {
        var map = IntKeyedMapBuilder()
        map.add(1, requestId.map { .tag(EthSignRequest.uuidTag, .bytes($0)) })
        map.add(2, .bytes(signature))
        map.add(3, origin.map { .text($0) })
        return try ERC4527CBOR.encode(map.value)
    }
}
