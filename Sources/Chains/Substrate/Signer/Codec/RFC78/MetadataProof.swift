import AirsignCrypto
import AirsignEncoding

/// The metadata proof a request carries for the signer (RFC-0078's proof as the Ledger generic
/// app and polkadot-api send it): `SCALE(Proof{leaves, leaf_indices, nodes}) ‖
/// SCALE(ExtrinsicMetadata) ‖ SCALE(ExtraInfo)`. The leaves are the lean types needed to decode
/// one payload, `leaf_indices` their heap indices (u32 each), `nodes` the other hashes a
/// depth-first walk needs to rebuild the root.
public struct MetadataProof: Sendable, Equatable {
    public let leaves: [LeanType]
    public let leafIndices: [UInt32]
    public let nodes: [[UInt8]]
    public let extrinsic: LeanExtrinsicMetadata
    public let extraInfo: ExtraInfo
    /// Each leaf's bytes exactly as received (what its hash is taken over).
    private(set) var leafBytes: [[UInt8]]

    /// The most leaves, nodes or extensions a proof may hold, and the deepest its types may be
    /// read: real proofs have tens of leaves and nodes.
    public static let limit = 65536

    public init(
        leaves: [LeanType], leafIndices: [UInt32], nodes: [[UInt8]], extrinsic: LeanExtrinsicMetadata,
        extraInfo: ExtraInfo
    ) {
        self.leaves = leaves
        self.leafIndices = leafIndices
        self.nodes = nodes
        self.extrinsic = extrinsic
        self.extraInfo = extraInfo
        leafBytes = leaves.map(\.encoded)
    }

    public var encoded: [UInt8] {
        var writer = SCALEWriter()
        writer.writeCompact(UInt64(leafBytes.count))
        for leaf in leafBytes { writer.writeBytes(leaf) }
        writer.writeVector(leafIndices) { $0.writeInteger($1) }
        writer.writeVector(nodes) { $0.writeBytes($1) }
        extrinsic.write(into: &writer)
        extraInfo.write(into: &writer)
        return writer.bytes
    }

    /// Reads a proof strictly: unknown tags, non-canonical compacts, bad flags, more than
    /// `limit` items and trailing bytes are refused; leaf and index counts must agree.
    public init(decoding bytes: [UInt8]) throws(SubstrateError) {
        var reader = SCALEReader(bytes)
        self = try Self.read(&reader, bytes: bytes)
        do { try reader.finish() } catch { throw SubstrateError.proof(.unreadable(reason: "\(error)")) }
    }

    /// Reads a proof from `reader`, whose bytes are `bytes`, and leaves it after the proof: a
    /// UOS request carries the proof in front of the payload, with no length of its own.
    public static func read(_ reader: inout SCALEReader, bytes: [UInt8]) throws(SubstrateError) -> MetadataProof {
        // Every failure to read names the proof (a leaf's own error, as a bit sequence's word
        // size, included): the person learns which part of the request is wrong.
        var leaves: [LeanType] = [], leafBytes: [[UInt8]] = []
        let indices: [UInt32]
        do {
            let count = try reader.readLength(max: Self.limit, minimumElementSize: 4)
            for _ in 0..<count {
                let start = reader.offset
                leaves.append(try LeanType.read(&reader, limit: Self.limit))
                leafBytes.append(Array(bytes[start..<reader.offset]))
            }
            indices = try reader.readVector(maxCount: Self.limit, minimumElementSize: 4) {
                try $0.readInteger(UInt32.self)
            }
        } catch {
            throw SubstrateError.proof(.unreadable(reason: "\(error)"))
        }
        guard indices.count == leaves.count else {
            throw SubstrateError.proof(.counts(leaves: leaves.count, indices: indices.count))
        }
        do {
            let nodes = try reader.readVector(maxCount: Self.limit, minimumElementSize: 32) {
                try $0.readBytes(count: 32)
            }
            let extrinsic = try LeanExtrinsicMetadata.read(&reader, limit: Self.limit)
            let extraInfo = try ExtraInfo.read(&reader)
            var proof = MetadataProof(
                leaves: leaves, leafIndices: indices, nodes: nodes, extrinsic: extrinsic, extraInfo: extraInfo)
            // The hashes are taken over the bytes as received, not as re-encoded.
            proof.leafBytes = leafBytes
            return proof
        } catch {
            throw SubstrateError.proof(.unreadable(reason: "\(error)"))
        }
    }

    /// Rebuilds the types root from the leaves and nodes alone, and from it the metadata
    /// digest; refuses a proof whose leaves and nodes do not make one tree walk exactly, whose
    /// leaves give a type two meanings, or whose types hold an endless cycle.
    public func verify() throws(SubstrateError) -> VerifiedMetadata {
        let proven = zip(leafIndices, leafBytes).map { (index: UInt64($0), hash: BLAKE3.hash($1)) }
        let root = try TypeTree.root(proving: proven, nodes: nodes)
        let digest = extraInfo.digest(typesRoot: root, extrinsicMetadataHash: BLAKE3.hash(extrinsic.encoded))
        let types = try TypeSet(leaves: leaves, origin: "the metadata proof")
        try types.refuseEndlessTypes()
        return VerifiedMetadata(
            digest: digest, typesRoot: root, types: types,
            extrinsic: extrinsic, extraInfo: extraInfo, leafCount: leaves.count)
    }
}

/// What a verified proof establishes: the digest it hashes to (which the chain compares with
/// its own when the payload signs it), and the types, extrinsic metadata and ExtraInfo bound
/// into that digest.
public struct VerifiedMetadata: Sendable {
    public let digest: [UInt8]
    public let typesRoot: [UInt8]
    public let types: TypeSet
    public let extrinsic: LeanExtrinsicMetadata
    public let extraInfo: ExtraInfo
    /// How many type leaves the proof holds.
    public let leafCount: Int
}

extension MetadataProof {
    /// A proof holding every one of `leaves` (in tree order), so it needs no nodes, and the
    /// digest the signer rebuilds from it, computed without `verify()`'s checks: the shape of an
    /// attacker's proof, for the tests and fuzz targets of the signer's proof path.
    public static func holdingEvery(_ leaves: [LeanType], extrinsic: LeanExtrinsicMetadata, extraInfo: ExtraInfo) -> (
        proof: MetadataProof, digest: [UInt8]
    ) {
        let count = UInt64(leaves.count)
        let indices = TypeTree.walkOrder((0..<count).map { count - 1 + $0 })
        let proof = MetadataProof(
            leaves: indices.map { leaves[Int($0 - (count - 1))] },
            leafIndices: indices.map { UInt32(truncatingIfNeeded: $0) },
            nodes: [], extrinsic: extrinsic, extraInfo: extraInfo)
        let root = TypeTree.root(leafHashes: leaves.map { BLAKE3.hash($0.encoded) })
        return (proof, extraInfo.digest(typesRoot: root, extrinsicMetadataHash: BLAKE3.hash(extrinsic.encoded)))
    }
}
