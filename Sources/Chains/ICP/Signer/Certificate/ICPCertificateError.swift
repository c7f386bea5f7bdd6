/// Why a certificate from the IC was not believed. Every case is one line naming what failed;
/// `airsign-watch` exits 9 with it (the answer came from the network and is not trusted), and
/// nothing the certificate says is printed or recorded as a result.
public enum ICPCertificateError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The certificate (or a part of it) does not decode per the spec's CDDL.
    case malformed(field: String, reason: String)
    /// The BLS signature does not verify under the key it must verify under.
    case badSignature(String)
    /// The delegation is not acceptable: nested, no key for its subnet, no ranges, a bad key.
    case badDelegation(String)
    /// The canister asked about lies outside the ranges the delegated subnet may certify for.
    case canisterOutOfRange(canister: String, subnet: String)
    /// `/time` is missing, or further from the watch's clock than the tolerance.
    case stale(String)
    /// The root key given with --root-key (or AIRSIGN_ICP_ROOT_KEY) is not a DER BLS key.
    case badRootKey(String)
    /// A path the answer depends on cannot be read from the certified tree (pruned, or an inner node).
    case notCertified(path: String, reason: String)
    /// A query answer's node signatures are missing, from a node the subnet does not list, or do not verify.
    case badQuerySignature(String)

    public var description: String {
        switch self {
        case let .malformed(field, reason): return "the IC's certificate does not decode: \(field): \(reason)"
        case let .badSignature(what): return "the IC's certificate does not verify: \(what)"
        case let .badDelegation(what): return "the IC's certificate has a bad delegation: \(what)"
        case let .canisterOutOfRange(canister, subnet):
            return "the IC's certificate comes from subnet \(subnet), which may not certify for canister \(canister)"
        case let .stale(what): return "the IC's certificate is not current: \(what)"
        case let .badRootKey(what): return "the IC root key is not usable: \(what)"
        case let .notCertified(path, reason): return "the IC's certificate does not certify \(path): \(reason)"
        case let .badQuerySignature(what): return "the IC node's signature on the query answer is not valid: \(what)"
        }
    }
}

extension ICPCertificateError {
    /// The reason alone, for wrapping in another message.
    package var reason: String {
        switch self {
        case let .badRootKey(text), let .badSignature(text), let .badDelegation(text), let .stale(text),
            let .badQuerySignature(text):
            return text
        case let .malformed(field, reason), let .notCertified(field, reason): return "\(field): \(reason)"
        case .canisterOutOfRange: return description
        }
    }
}
