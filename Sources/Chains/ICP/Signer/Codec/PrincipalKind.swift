import AirsignEncoding

/// The class of a principal, from its last byte (interface spec, "Principals").
public enum PrincipalKind: Equatable, Sendable {
    /// The management canister `aaaaa-aa` (the empty blob).
    case management
    /// A canister or user id the system assigned (`…01`).
    case opaque
    /// `SHA-224(DER public key) ‖ 02`: a key's own principal.
    case selfAuthenticating
    /// `…03`, derived by a canister.
    case derived
    /// `2vxsx-fae` (`04`): unauthenticated calls.
    case anonymous
    /// `…7f`, never a real sender.
    case reserved
    /// Any other final byte.
    case unclassified
}

extension Principal {
    public var kind: PrincipalKind {
        guard let last = bytes.last else { return .management }
        switch (last, bytes.count) {
        case (0x04, 1): return .anonymous
        case (0x01, _): return .opaque
        case (0x02, 29): return .selfAuthenticating
        case (0x03, _): return .derived
        case (0x7f, _): return .reserved
        default: return .unclassified
        }
    }
}
