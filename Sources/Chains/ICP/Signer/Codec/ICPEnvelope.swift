import AirsignEncoding

/// A signed ingress message: `tag 55799 { content, sender_pubkey, sender_sig }` (interface
/// spec `envelope`). Delegations are not supported: a plain key signs.
public struct ICPEnvelope: Equatable, Sendable {
    public static let selfDescribeTag: UInt64 = 55799
    /// The domain separator of request signatures, `\x0Aic-request`.
    public static let requestDomain: [UInt8] = [0x0A] + Array("ic-request".utf8)

    public let content: ICPRequestContent
    /// DER SubjectPublicKeyInfo of the signing key.
    public let senderPubkey: [UInt8]
    public let senderSig: [UInt8]

    public init(content: ICPRequestContent, senderPubkey: [UInt8], senderSig: [UInt8]) {
        self.content = content
        self.senderPubkey = senderPubkey
        self.senderSig = senderSig
    }

    /// The message a key signs for a request id: `\x0Aic-request ‖ request id` (43 bytes).
    public static func signedBytes(requestID: [UInt8]) -> [UInt8] { requestDomain + requestID }

    /// The envelope as it is POSTed, in ic-agent's key order.
    public var encoded: [UInt8] {
        let map: CBORValue = .map([
            (.text("content"), content.cbor), (.text("sender_pubkey"), .bytes(senderPubkey)),
            (.text("sender_sig"), .bytes(senderSig)),
        ])
        // Text, bytes, integers and arrays only: the encoder cannot refuse them.
        return (try? CBOREncoder().encode(.tag(Self.selfDescribeTag, map))) ?? []
    }

    /// Decodes a signed envelope strictly: the self-describe tag, exactly the three keys, and
    /// a content map `ICPRequestContent.decode` accepts.
    public static func decode(_ bytes: [UInt8], field: String = "envelope") throws(ICPError) -> ICPEnvelope {
        let value: CBORValue
        do { value = try CBORDecoder(options: .init(maxDepth: 10, maxLength: 1 << 21)).decode(bytes) } catch {
            throw .malformed(field: field, reason: "\(error)")
        }
        guard case let .tag(tag, inner) = value, tag == selfDescribeTag, case let .map(entries) = inner else {
            throw .malformed(field: field, reason: "not a map under the self-describe tag 55799")
        }
        var content: ICPRequestContent?
        var pubkey: [UInt8]?
        var sig: [UInt8]?
        for entry in entries {
            switch (entry.key, entry.value) {
            case (.text("content"), _): content = try ICPRequestContent.decode(entry.value, field: "\(field).content")
            case let (.text("sender_pubkey"), .bytes(b)): pubkey = b
            case let (.text("sender_sig"), .bytes(b)): sig = b
            default: throw .malformed(field: field, reason: "unexpected key \(entry.key)")
            }
        }
        guard let content, let pubkey, let sig else {
            throw .malformed(field: field, reason: "content, sender_pubkey and sender_sig are all required")
        }
        return ICPEnvelope(content: content, senderPubkey: pubkey, senderSig: sig)
    }
}
