import AirsignCrypto

/// RFC-0078's merkle tree over the lean types: leaf hash = BLAKE3 of the leaf's SCALE bytes,
/// node hash = BLAKE3 of the two children's hashes (no domain separation, as specified). The
/// tree is a complete binary tree laid out as a heap of 2n−1 nodes, leaves at positions
/// n−1…2n−2 in leaf order, so the deepest leaves are the last ones but sit leftmost.
public enum TypeTree {
    /// The root of the tree over `leafHashes` (32 zero bytes for none).
    public static func root(leafHashes: [[UInt8]]) -> [UInt8] {
        heap(leafHashes).first ?? [UInt8](repeating: 0, count: 32)
    }

    /// Every node's hash, heap-ordered.
    static func heap(_ leafHashes: [[UInt8]]) -> [[UInt8]] {
        let n = leafHashes.count
        guard n > 0 else { return [] }
        var nodes = [[UInt8]](repeating: [], count: n - 1) + leafHashes
        for i in stride(from: n - 2, through: 0, by: -1) { nodes[i] = BLAKE3.hash(nodes[2 * i + 1] + nodes[2 * i + 2]) }
        return nodes
    }

    /// floor(log2(i + 1)): the depth of heap index `i`.
    static func level(_ index: UInt64) -> Int { 63 - (index + 1).leadingZeroBitCount }

    /// Whether heap index `a` is `d` or above it.
    static func isAncestor(_ a: UInt64, of d: UInt64) -> Bool {
        guard a != 0 else { return true }
        guard a <= d else { return false }
        return a + 1 == (d + 1) >> UInt64(level(d) - level(a))
    }

    /// Heap indices in the order a depth-first walk meets them: deeper level first, then left
    /// to right (in a complete tree the deepest leaves are the leftmost).
    static func walkOrder(_ indices: [UInt64]) -> [UInt64] {
        indices.sorted { level($0) != level($1) ? level($0) > level($1) : $0 < $1 }
    }

    /// The sibling hashes a verifier needs beside `targets` (heap indices in walk order), in
    /// the order `root(proving:nodes:)` takes them, from the full `heap`.
    static func proofNodes(for targets: [UInt64], heap: [[UInt8]]) -> [[UInt8]] {
        var pending = targets[...]
        var nodes: [[UInt8]] = []
        func walk(_ i: UInt64) {
            if let current = pending.first {
                if i == current { pending.removeFirst(); return }
                if isAncestor(i, of: current) {
                    walk(2 * i + 1)
                    walk(2 * i + 2)
                    return
                }
            }
            nodes.append(heap[Int(i)])
        }
        if !heap.isEmpty { walk(0) }
        return nodes
    }

    /// The root a proof states: the leaves' hashes at their heap indices (in walk order) and
    /// the other nodes' hashes in the order a depth-first walk needs them. Every leaf and every
    /// node must be used, no more and no fewer.
    static func root(proving leaves: [(index: UInt64, hash: [UInt8])], nodes: [[UInt8]]) throws(SubstrateError)
        -> [UInt8]
    {
        var pendingLeaves = leaves[...]
        var pendingNodes = nodes[...]
        func walk(_ i: UInt64) throws(SubstrateError) -> [UInt8] {
            if let current = pendingLeaves.first {
                if i == current.index { return pendingLeaves.removeFirst().hash }
                if isAncestor(i, of: current.index) {
                    let left = try walk(2 * i + 1)
                    return BLAKE3.hash(left + (try walk(2 * i + 2)))
                }
            }
            guard let node = pendingNodes.popFirst() else {
                throw SubstrateError.proof(.missingNode)
            }
            return node
        }
        let root = try walk(0)
        guard pendingLeaves.isEmpty else {
            throw SubstrateError.proof(.unreachedLeaf(pendingLeaves.first?.index ?? 0))
        }
        guard pendingNodes.isEmpty else { throw SubstrateError.proof(.leftOverNodes(pendingNodes.count)) }
        return root
    }
}
