import AirsignCrypto
import AirsignEncoding

/// A certificate's hash tree (interface spec, "Certification"): CBOR `[0]` empty, `[1, l, r]`
/// fork, `[2, label, t]` labeled, `[3, value]` leaf, `[4, hash]` pruned.
public indirect enum ICPHashTree: Equatable, Sendable {
    case empty
    case fork(ICPHashTree, ICPHashTree)
    case labeled([UInt8], ICPHashTree)
    case leaf([UInt8])
    case pruned([UInt8])

    /// The deepest tree decoded. The IC's state trees are a few dozen levels at most (labels
    /// nest about six deep, each fork level of a subtree adds one); the CBOR decoder stops
    /// deeper input first, this bound keeps the recursion of `reconstruct` and `lookup` small.
    public static let maxDepth = 128

    /// Decodes a tree, strictly: every node is one of the five shapes with exactly its fields,
    /// a pruned hash is 32 bytes, and the tree is well formed (labels strictly increasing
    /// within a fork forest, no leaf beside labels).
    public init(cbor: CBORValue) throws(ICPCertificateError) {
        self = try Self.decode(cbor, path: "tree", depth: 0)
        try wellFormed(path: "tree")
    }

    static func decode(_ value: CBORValue, path: String, depth: Int) throws(ICPCertificateError) -> ICPHashTree {
        guard depth < maxDepth else { throw .malformed(field: path, reason: "nested deeper than \(maxDepth) levels") }
        guard case let .array(node) = value, case let .unsigned(kind)? = node.first else {
            throw .malformed(field: path, reason: "a tree node is an array starting with its kind 0…4")
        }
        func bytes(_ index: Int, _ name: String) throws(ICPCertificateError) -> [UInt8] {
            guard index < node.count, case let .bytes(b) = node[index] else {
                throw .malformed(field: path, reason: "the \(name) is not bytes")
            }
            return b
        }
        switch (kind, node.count) {
        case (0, 1):
            return .empty
        case (1, 3):
            return .fork(
                try decode(node[1], path: path, depth: depth + 1), try decode(node[2], path: path, depth: depth + 1))
        case (2, 3):
            let label = try bytes(1, "label")
            return .labeled(label, try decode(node[2], path: path + "/" + Self.describe(label), depth: depth + 1))
        case (3, 2):
            return .leaf(try bytes(1, "leaf value"))
        case (4, 2):
            let hash = try bytes(1, "pruned hash")
            guard hash.count == SHA256.outputLength else {
                throw .malformed(field: path, reason: "a pruned hash has \(hash.count) bytes, not 32")
            }
            return .pruned(hash)
        default:
            throw .malformed(
                field: path,
                reason: "node kind \(kind) with \(node.count - 1) fields is none of empty, fork, labeled, leaf, pruned")
        }
    }

    /// The spec's `well_formed`: in each forest (the nodes under one label, forks flattened)
    /// labels strictly increase and no leaf stands beside other nodes.
    func wellFormed(path: String) throws(ICPCertificateError) {
        if case .leaf = self { return }
        let forest = flattened()
        var previous: [UInt8]?
        for node in forest {
            switch node {
            case let .labeled(label, subtree):
                if let previous, !previous.lexicographicallyPrecedes(label) {
                    throw .malformed(
                        field: path, reason: "labels are not in strictly increasing order at \(Self.describe(label))")
                }
                previous = label
                try subtree.wellFormed(path: path + "/" + Self.describe(label))
            case .leaf:
                throw .malformed(field: path, reason: "a leaf stands beside other nodes")
            case .empty, .fork, .pruned:
                continue
            }
        }
    }

    /// The spec's `flatten_forks`: the nodes under forks, left to right, empties dropped.
    public func flattened() -> [ICPHashTree] {
        var out: [ICPHashTree] = []
        var stack: [ICPHashTree] = [self]
        while let node = stack.popLast() {
            switch node {
            case .empty: continue
            case let .fork(left, right): stack.append(right); stack.append(left)
            default: out.append(node)
            }
        }
        return out
    }

    /// The spec's `reconstruct`: the root hash, with its domain-separated SHA-256 per node.
    public var rootHash: [UInt8] {
        switch self {
        case .empty: return SHA256.hash(Self.separator("ic-hashtree-empty"))
        case let .fork(left, right):
            return SHA256.hash(Self.separator("ic-hashtree-fork") + left.rootHash + right.rootHash)
        case let .labeled(label, subtree):
            return SHA256.hash(Self.separator("ic-hashtree-labeled") + label + subtree.rootHash)
        case let .leaf(value): return SHA256.hash(Self.separator("ic-hashtree-leaf") + value)
        case let .pruned(hash): return hash
        }
    }

    /// `domain_sep(s) = byte(|s|) · s`.
    package static func separator(_ text: String) -> [UInt8] { [UInt8(text.utf8.count)] + Array(text.utf8) }

    /// What a path holds: found (a leaf's value), absent (provably not in the tree), unknown
    /// (pruned away: the tree cannot say) or error (the path ends at an inner node).
    public enum Lookup: Equatable, Sendable {
        case found([UInt8])
        case absent
        case unknown
        case error
    }

    /// The spec's `lookup_path`.
    public func lookup(_ path: [[UInt8]]) -> Lookup {
        guard let first = path.first else {
            switch self {
            case .empty: return .absent
            case let .leaf(value): return .found(value)
            case .pruned: return .unknown
            case .labeled, .fork: return .error
            }
        }
        switch Self.findLabel(first, in: flattened()) {
        case let .found(subtree): return subtree.lookup(Array(path.dropFirst()))
        case .absent: return .absent
        case .unknown: return .unknown
        }
    }

    enum Label { case found(ICPHashTree), absent, unknown }

    /// The spec's `find_label` over a flattened forest: a label lying strictly between two
    /// labeled neighbours (or before the first, after the last) with no pruned node in between is
    /// absent; next to a pruned node it is unknown.
    static func findLabel(_ label: [UInt8], in forest: [ICPHashTree]) -> Label {
        if forest.isEmpty { return .absent }
        if forest.count == 1, case .leaf = forest[0] { return .absent }
        for (index, node) in forest.enumerated() {
            guard case let .labeled(l, subtree) = node else { continue }
            if l == label { return .found(subtree) }
            if label.lexicographicallyPrecedes(l) {
                // The first label above the wanted one: absent only when the node just before
                // is a label below it (or there is none).
                if index == 0 { return .absent }
                if case .labeled = forest[index - 1] { return .absent }
                return .unknown
            }
        }
        // Every label is below the wanted one: absent when the last node is a label.
        if case .labeled = forest[forest.count - 1] { return .absent }
        return .unknown
    }

    /// A label for messages: text when it is printable ASCII, hex otherwise.
    static func describe(_ label: [UInt8]) -> String {
        if !label.isEmpty, label.count <= 64, label.allSatisfy({ (0x21...0x7E).contains($0) }) {
            return String(decoding: label, as: UTF8.self)
        }
        return Hex.encode(label.prefix(32)) + (label.count > 32 ? "…" : "")
    }
}
