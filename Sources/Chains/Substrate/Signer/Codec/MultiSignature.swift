import AirsignEncoding

/// sp-runtime's `MultiSignature`: a type byte (0 Ed25519, 1 Sr25519, 2 Ecdsa) and the raw
/// signature (64, 64, 65 bytes: ecdsa is r ‖ s ‖ recovery id 0...3).
public enum MultiSignature: Sendable, Equatable {
    case ed25519([UInt8])
    case sr25519([UInt8])
    case ecdsa([UInt8])

    public var encoded: [UInt8] {
        switch self {
        case let .ed25519(bytes): return [0] + bytes
        case let .sr25519(bytes): return [1] + bytes
        case let .ecdsa(bytes): return [2] + bytes
        }
    }

    /// The raw signature without its type byte.
    public var raw: [UInt8] {
        switch self {
        case let .ed25519(bytes), let .sr25519(bytes), let .ecdsa(bytes): return bytes
        }
    }

    public var schemeName: String {
        switch self {
        case .ed25519: return "ed25519"
        case .sr25519: return "sr25519"
        case .ecdsa: return "ecdsa"
        }
    }

    /// Exactly one MultiSignature: the type byte and the length it implies, nothing after.
    public init(decoding bytes: [UInt8]) throws(SubstrateError) {
        guard let type = bytes.first else { throw SubstrateError.empty("the signature") }
        let body = Array(bytes.dropFirst())
        let expected: Int
        switch type {
        case 0: expected = 64; self = .ed25519(body)
        case 1: expected = 64; self = .sr25519(body)
        case 2: expected = 65; self = .ecdsa(body)
        default: throw SubstrateError.multiSignature(.type(type))
        }
        guard body.count == expected else {
            throw SubstrateError.multiSignature(.length(scheme: schemeName, actual: body.count))
        }
        if case let .ecdsa(raw) = self, let recovery = raw.last, recovery > 3 {
            throw SubstrateError.multiSignature(.recoveryID(recovery))
        }
    }
}
