import AirsignEncoding
import AirsignMessages

/// A certificate as the IC sends it (interface spec, "Encoding of certificates"): CBOR
/// `tagged<{tree, signature, ? delegation: {subnet_id, certificate}}>`. Decoding checks the
/// shape only; `ICPCertificateVerifier` decides whether to believe it.
public struct ICPCertificate: Equatable, Sendable {
    public let tree: ICPHashTree
    public let signature: [UInt8]
    public let delegation: Delegation?

    /// The subnet's certificate from the root subnet that hands it the right to certify.
    public struct Delegation: Equatable, Sendable {
        public let subnetID: Principal
        let tree: ICPHashTree
        let signature: [UInt8]

        /// The delegation's own certificate, decoded; it never carries a delegation itself.
        public var certificate: ICPCertificate { ICPCertificate(tree: tree, signature: signature, delegation: nil) }
    }

    init(tree: ICPHashTree, signature: [UInt8], delegation: Delegation?) {
        self.tree = tree
        self.signature = signature
        self.delegation = delegation
    }

    /// The largest certificate read (4 MiB: a read_state answer with a long reply).
    public static let maxLength = 1 << 22
    static let decoderOptions = CBORDecoder.Options(
        maxDepth: ICPHashTree.maxDepth + 4, maxItems: 1 << 18, maxLength: maxLength)

    /// Decodes a certificate; `field` names it in messages. A delegation's certificate that
    /// carries a delegation of its own is refused (the spec allows one level).
    public init(cbor bytes: [UInt8], field: String = "certificate") throws(ICPCertificateError) {
        try self.init(bytes, field: field, allowDelegation: true)
    }

    init(_ bytes: [UInt8], field: String, allowDelegation: Bool) throws(ICPCertificateError) {
        guard bytes.count <= Self.maxLength else {
            throw .malformed(field: field, reason: "\(bytes.count) bytes, more than \(Self.maxLength)")
        }
        let value: CBORValue
        do { value = try CBORDecoder(options: Self.decoderOptions).decode(bytes) } catch {
            throw .malformed(field: field, reason: "not CBOR (\(error))")
        }
        // The spec tags it 55799 (self-describing CBOR); agents accept it untagged too.
        let entries: [(key: CBORValue, value: CBORValue)]
        switch value {
        case let .tag(55799, .map(map)), let .map(map): entries = map
        default: throw .malformed(field: field, reason: "not a CBOR map (\(value.kindDescription))")
        }
        let fields = try Self.fields(entries, allowed: ["tree", "signature", "delegation"], field: field)
        guard let tree = fields["tree"] else { throw .malformed(field: field, reason: "no tree") }
        guard case let .bytes(signature)? = fields["signature"] else {
            throw .malformed(field: field + ".signature", reason: "missing or not bytes")
        }
        self.tree = try ICPHashTree(cbor: tree)
        self.signature = signature
        guard let delegation = fields["delegation"] else {
            self.delegation = nil
            return
        }
        guard allowDelegation else {
            throw .badDelegation(
                "the delegation's certificate carries a delegation of its own (the spec allows one level)")
        }
        guard case let .map(map) = delegation else {
            throw .malformed(field: field + ".delegation", reason: "not a map")
        }
        let parts = try Self.fields(map, allowed: ["subnet_id", "certificate"], field: field + ".delegation")
        guard case let .bytes(subnet)? = parts["subnet_id"], let subnetID = try? Principal(bytes: subnet) else {
            throw .malformed(
                field: field + ".delegation.subnet_id", reason: "missing or not a principal (at most 29 bytes)")
        }
        guard case let .bytes(inner)? = parts["certificate"] else {
            throw .malformed(field: field + ".delegation.certificate", reason: "missing or not bytes")
        }
        let certificate = try ICPCertificate(inner, field: field + ".delegation.certificate", allowDelegation: false)
        self.delegation = Delegation(subnetID: subnetID, tree: certificate.tree, signature: certificate.signature)
    }

    /// The map's text-keyed entries; a key not in `allowed`, repeated, or not text is refused
    /// (the CDDL lists every field, and a certificate is not a place for surprises).
    package static func fields(_ entries: [(key: CBORValue, value: CBORValue)], allowed: Set<String>, field: String)
        throws(ICPCertificateError) -> [String: CBORValue]
    {
        var out: [String: CBORValue] = [:]
        for entry in entries {
            guard case let .text(key) = entry.key else { throw .malformed(field: field, reason: "a key is not text") }
            guard allowed.contains(key) else {
                throw .malformed(
                    field: field, reason: "unknown field \"\(MessageText.escaped(String(key.prefix(40))))\"")
            }
            guard out.updateValue(entry.value, forKey: key) == nil else {
                throw .malformed(field: field, reason: "field \"\(key)\" appears twice")
            }
        }
        return out
    }

    /// The value at `path`: nil when the tree proves it absent, an error when the tree cannot
    /// say (a pruned subtree: "unknown" is never taken for "absent") or the path ends at an inner node.
    public func value(at path: [[UInt8]]) throws(ICPCertificateError) -> [UInt8]? {
        switch tree.lookup(path) {
        case let .found(value): return value
        case .absent: return nil
        case .unknown:
            throw .notCertified(path: Self.describe(path), reason: "the tree pruned it away (unknown, not absent)")
        case .error: throw .notCertified(path: Self.describe(path), reason: "it names an inner node, not a value")
        }
    }

    /// A path for messages: `/label/label…`.
    public static func describe(_ path: [[UInt8]]) -> String {
        "/" + path.map(ICPHashTree.describe).joined(separator: "/")
    }
}
