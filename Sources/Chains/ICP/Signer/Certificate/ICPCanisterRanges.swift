import AirsignEncoding

/// The canister ids a delegated subnet may certify for (interface spec, "Subnet information"):
/// closed ranges `[lo, hi]` of principals, compared as byte strings. The state tree has them in
/// one blob at `/subnet/<id>/canister_ranges`, and newer replicas also (or, on the v3 endpoints,
/// only) in shards at `/canister_ranges/<id>/<lowest id of the shard>`: both are read.
public struct ICPCanisterRanges: Equatable, Sendable {
    public let ranges: [(lo: [UInt8], hi: [UInt8])]

    public static func == (a: Self, b: Self) -> Bool {
        a.ranges.count == b.ranges.count && zip(a.ranges, b.ranges).allSatisfy { $0.lo == $1.lo && $0.hi == $1.hi }
    }

    /// Decodes `tagged<[*[principal principal]]>` (the tag may be left off, as agents allow).
    public init(cbor bytes: [UInt8], field: String) throws(ICPCertificateError) {
        let value: CBORValue
        do {
            value = try CBORDecoder(options: .init(maxDepth: 4, maxLength: ICPCertificate.maxLength)).decode(bytes)
        } catch {
            throw .malformed(field: field, reason: "not CBOR (\(error))")
        }
        let list: [CBORValue]
        switch value {
        case let .tag(55799, .array(items)), let .array(items): list = items
        default: throw .malformed(field: field, reason: "not a list of ranges")
        }
        var ranges: [(lo: [UInt8], hi: [UInt8])] = []
        for (index, item) in list.enumerated() {
            guard case let .array(pair) = item, pair.count == 2, case let .bytes(lo) = pair[0],
                case let .bytes(hi) = pair[1],
                lo.count <= Principal.maxLength, hi.count <= Principal.maxLength
            else { throw .malformed(field: "\(field)[\(index)]", reason: "a range is [principal, principal]") }
            guard !hi.lexicographicallyPrecedes(lo) else {
                throw .malformed(field: "\(field)[\(index)]", reason: "the range ends before it starts")
            }
            ranges.append((lo, hi))
        }
        self.ranges = ranges
    }

    init(ranges: [(lo: [UInt8], hi: [UInt8])]) { self.ranges = ranges }

    /// The ranges `certificate` (a delegation's, verified) states for `subnet`: the flat blob
    /// when the tree reveals it, else every shard it reveals. Neither present is an error: the
    /// spec says the ranges "must be present".
    public init(certificate: ICPCertificate, subnet: Principal) throws(ICPCertificateError) {
        let flat: [[UInt8]] = [Array("subnet".utf8), subnet.bytes, Array("canister_ranges".utf8)]
        switch certificate.tree.lookup(flat) {
        case let .found(blob):
            self = try ICPCanisterRanges(cbor: blob, field: ICPCertificate.describe(flat))
            return
        case .error:
            throw .notCertified(path: ICPCertificate.describe(flat), reason: "it names an inner node, not a value")
        case .absent, .unknown:
            // The sharded form's delegations prune the flat blob.
            break
        }
        let sharded: [[UInt8]] = [Array("canister_ranges".utf8), subnet.bytes]
        var ranges: [(lo: [UInt8], hi: [UInt8])] = []
        for case let .labeled(label, shard) in certificate.tree.subtree(at: sharded)?.flattened() ?? [] {
            // A pruned shard is simply not revealed; a revealed one must be a leaf of ranges.
            if case .pruned = shard { continue }
            guard case let .leaf(blob) = shard else {
                throw .malformed(
                    field: ICPCertificate.describe(sharded + [label]),
                    reason: "a shard of canister ranges is not a value")
            }
            ranges += try ICPCanisterRanges(cbor: blob, field: ICPCertificate.describe(sharded + [label])).ranges
        }
        guard !ranges.isEmpty else {
            throw .badDelegation(
                "it states no canister ranges for subnet \(subnet.text) (neither \(ICPCertificate.describe(flat)) nor \(ICPCertificate.describe(sharded))/…)"
            )
        }
        self.ranges = ranges
    }

    /// Whether `canister` lies in one of the ranges (ends included).
    public func contains(_ canister: Principal) -> Bool {
        let id = canister.bytes
        return ranges.contains { !id.lexicographicallyPrecedes($0.lo) && !$0.hi.lexicographicallyPrecedes(id) }
    }
}

extension ICPHashTree {
    /// The subtree found at `path` (nil when absent, unknown, or a path through a leaf).
    func subtree(at path: [[UInt8]]) -> ICPHashTree? {
        guard let first = path.first else { return self }
        guard case let .found(next) = Self.findLabel(first, in: flattened()) else { return nil }
        return next.subtree(at: Array(path.dropFirst()))
    }
}
