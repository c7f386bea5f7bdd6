import AirsignCrypto
import AirsignEncoding

/// A runtime's metadata merkleized by RFC-0078 (what the runtime's build hashes, and what the
/// watch proves from): the lean types and their tree, the extrinsic metadata, the ExtraInfo,
/// the digest, and proofs for the exact bytes of a payload or an extrinsic.
public struct MerkleizedMetadata: Sendable {
    public let lean: LeanMetadata
    public let extraInfo: ExtraInfo
    public let types: TypeSet
    public let typesRoot: [UInt8]
    public let digest: [UInt8]
    let heap: [[UInt8]]
    /// Each leaf's position in leaf order, by what it holds.
    let positions: [LeafKey: Int]

    /// The digest is defined on V15 metadata only (the runtime's build reads V15); V14 is refused.
    public init(_ metadata: RuntimeMetadata, extraInfo: ExtraInfo) throws(SubstrateError) {
        guard metadata.version == 15 else {
            throw SubstrateError.metadataVersion(metadata.version, forHash: true)
        }
        lean = try LeanMetadata(metadata)
        self.extraInfo = extraInfo
        types = try lean.typeSet()
        heap = TypeTree.heap(lean.leaves.map { BLAKE3.hash($0.encoded) })
        typesRoot = heap.first ?? [UInt8](repeating: 0, count: 32)
        digest = extraInfo.digest(typesRoot: typesRoot, extrinsicMetadataHash: BLAKE3.hash(lean.extrinsic.encoded))
        var positions: [LeafKey: Int] = [:]
        for (position, leaf) in lean.leaves.enumerated() { positions[leaf.leafKey] = position }
        self.positions = positions
    }

    /// The ExtraInfo a runtime states itself (spec version and name from System's `Version`,
    /// the prefix from its `SS58Prefix`), with the token's decimals and symbol, which metadata
    /// does not hold; `override`s win.
    public static func extraInfo(
        of metadata: RuntimeMetadata, decimals: UInt8, tokenSymbol: String, specVersion: UInt32? = nil,
        specName: String? = nil, base58Prefix: UInt16? = nil
    ) throws(SubstrateError) -> ExtraInfo {
        guard let specVersion = specVersion ?? metadata.runtimeVersion?.specVersion,
            let specName = specName ?? metadata.runtimeVersion?.specName
        else {
            throw SubstrateError.needs(.runtimeVersion)
        }
        guard let prefix = base58Prefix ?? metadata.ss58Prefix else {
            throw SubstrateError.needs(.ss58Prefix)
        }
        return ExtraInfo(
            specVersion: specVersion, specName: specName, base58Prefix: prefix, decimals: decimals,
            tokenSymbol: tokenSymbol)
    }

    /// The extension list a request proven by this metadata is built by: the metadata's own, its
    /// types laying out what no rule here does (as the signer reads it with the proof). Refuses
    /// an extension without a rule whose types carry data: nothing here knows what to put there.
    public func extensionList(assetIDLength: Int? = nil) throws(SubstrateError) -> ExtensionList {
        let list = try ExtensionList(
            names: lean.extrinsic.extensions.map(\.identifier), origin: .metadataProof(digest: digest),
            assetIDLength: assetIDLength, proofTypes: ProofTypes(types: types, extensions: lean.extrinsic.extensions))
        for (ext, rule) in zip(lean.extrinsic.extensions, list.rules) {
            guard case .proven = rule else { continue }
            guard list.proofTypes?.isEmpty(ext.extra) == true, list.proofTypes?.isEmpty(ext.additional) == true else {
                throw SubstrateError.extensions(.dataUnknown(name: ext.identifier, building: true))
            }
        }
        return list
    }

    /// The proof for a signing payload `call ‖ extra ‖ additional` (polkadot-api's
    /// `getProofForExtrinsicPayload`): the leaves that decoding the call, then every
    /// extension's extra, then every extension's additional data uses.
    public func proof(forPayload payload: [UInt8]) throws(SubstrateError) -> MetadataProof {
        var decoder = TypeDecoder(payload, types: types)
        _ = try decoder.decode(lean.extrinsic.call)
        for ext in lean.extrinsic.extensions { _ = try decoder.decode(ext.extra) }
        for ext in lean.extrinsic.extensions { _ = try decoder.decode(ext.additional) }
        guard decoder.isAtEnd else {
            throw SubstrateError.bytesFollow(
                field: "signing payload", count: nil, after: "the last extension's additional data")
        }
        return try proof(for: decoder.touched)
    }

    /// The proof for a whole extrinsic (`Compact(length) ‖ version ‖ [address ‖ signature ‖
    /// extra] ‖ call`) and the additional data it was signed with (polkadot-api's
    /// `getProofForExtrinsic`).
    public func proof(forExtrinsic extrinsic: [UInt8], additional: [UInt8]) throws(SubstrateError) -> MetadataProof {
        var reader = SCALEReader(extrinsic)
        let version: UInt8
        do {
            let length = try reader.readLength(max: extrinsic.count)
            guard length == reader.remaining else {
                throw SubstrateError.unreadable(
                    field: "extrinsic", reason: "its length prefix says \(length) bytes, \(reader.remaining) follow")
            }
            version = try reader.readInteger(UInt8.self)
        } catch let error as SubstrateError { throw error } catch {
            throw SubstrateError.unreadable(field: "extrinsic", reason: "\(error)")
        }
        var decoder = TypeDecoder(Array(extrinsic[reader.offset...]), types: types)
        if version & 0x80 != 0 {
            _ = try decoder.decode(lean.extrinsic.address)
            _ = try decoder.decode(lean.extrinsic.signature)
            for ext in lean.extrinsic.extensions { _ = try decoder.decode(ext.extra) }
        }
        _ = try decoder.decode(lean.extrinsic.call)
        guard decoder.isAtEnd else {
            throw SubstrateError.bytesFollow(field: "extrinsic", count: nil, after: "the call")
        }
        var signed = TypeDecoder(additional, types: types)
        for ext in lean.extrinsic.extensions { _ = try signed.decode(ext.additional) }
        guard signed.isAtEnd else {
            throw SubstrateError.bytesFollow(field: "additional data", count: nil, after: "the last extension's")
        }
        return try proof(for: decoder.touched.union(signed.touched))
    }

    func proof(for touched: Set<LeafKey>) throws(SubstrateError) -> MetadataProof {
        let n = UInt64(lean.leaves.count)
        var targets: [UInt64] = []
        for key in touched {
            guard let position = positions[key] else {
                throw SubstrateError.types(origin: "the metadata", id: key.typeID, .noLeaf)
            }
            targets.append(n - 1 + UInt64(position))
        }
        targets = TypeTree.walkOrder(targets)
        let leaves = targets.map { lean.leaves[Int($0 - (n - 1))] }
        return MetadataProof(
            leaves: leaves, leafIndices: targets.map { UInt32(truncatingIfNeeded: $0) },
            nodes: TypeTree.proofNodes(for: targets, heap: heap), extrinsic: lean.extrinsic, extraInfo: extraInfo)
    }
}
