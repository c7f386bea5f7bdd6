import AirsignEncoding
import AirsignSubstrate

/// `--fee-asset`: the asset ChargeAssetTxPayment pays the fee and tip in (its `asset_id`), as the
/// SCALE bytes of the runtime's asset type. JSON is encoded by that type in the runtime's
/// metadata (an XCM location on Asset Hub, a number on older runtimes); `0x…` is taken as those
/// bytes already encoded, for a runtime whose metadata the watch does not have.
enum FeeAsset {
    static func encode(_ text: String, state: SubstrateChainState) throws -> [UInt8] {
        guard state.extensions.contains("ChargeAssetTxPayment") else {
            throw SubstrateError.feeAsset(.notInRuntime(metadata: false))
        }
        if text.hasPrefix("0x") {
            guard let bytes = try? Hex.decode(text), !bytes.isEmpty else {
                throw SubstrateError.shape(field: "--fee-asset 0x…", expected: "the asset id's SCALE bytes in hex")
            }
            return bytes
        }
        guard let metadata = state.metadata else {
            throw SubstrateError.feeAsset(.needsMetadata)
        }
        let json: JSONValue
        do { json = try JSONParser().parse(Array(text.utf8)) } catch {
            throw SubstrateError.feeAsset(.unreadable(reason: "\(error)"))
        }
        let lean = try LeanMetadata(metadata, numbering: .frame)
        let types = try lean.typeSet()
        guard let charge = lean.extrinsic.extensions.first(where: { $0.identifier == "ChargeAssetTxPayment" }) else {
            throw SubstrateError.feeAsset(.notInRuntime(metadata: true))
        }
        let assetType = try Self.assetType(charge.extra, types: types)
        return try TypeEncoder(types: types, callType: nil, ss58Prefix: state.ss58).encode(
            json, as: assetType, root: "--fee-asset")
    }

    /// `T` of the extension's `{tip: Compact<Balance>, asset_id: Option<T>}`, the shape the
    /// signer reads (any other is refused there, so it is refused here first).
    static func assetType(_ extra: TypeRef, types: TypeSet) throws -> TypeRef {
        let shape = SubstrateError.feeAsset(.shape(proof: false))
        guard case let .byID(id) = extra, case let .single(leaf) = try types.entry(id),
            case let .composite(fields) = leaf.definition,
            fields.count == 2, fields[1].name == "asset_id", case let .byID(optionID) = fields[1].type,
            case let .enumeration(path, variants) = try types.entry(optionID), path == ["Option"],
            let some = variants[1], some.name == "Some", some.fields.count == 1
        else { throw shape }
        return some.fields[0].type
    }
}
