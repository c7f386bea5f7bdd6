import AirsignEncoding
import AirsignMessages
import BigInt

/// What a metadata proof's types read in a payload's signed extensions, for the review: which
/// extensions carry no data at all, the asset ChargeAssetTxPayment pays the fee and tip in, and
/// every extension this signer has no rule for (`SignedExtension.proven`) shown decoded, with a
/// warning and, unless its values are empty, an effect the signer does not understand.
struct ProvenExtensions {
    /// The extensions whose explicit (extra) and implicit (additional) data are both empty.
    let empty: [String]
    /// ChargeAssetTxPayment's `Some` asset as its proven type reads it, and the tip it states.
    let feeAsset: (asset: FeeAsset, tip: BigUInt)?
    private(set) var lines: [ReviewLine] = []
    private(set) var warnings: [String] = []
    private(set) var effects: [Effect] = []

    /// The asset fees are paid in: the native token (an XCM location naming it), or another
    /// asset by its id or location, in base units.
    struct FeeAsset {
        let asset: Asset
        /// How the asset is named: "asset 1984", "the asset at this chain, PalletInstance 50, …".
        let description: String
        let isNative: Bool
    }

    init(_ proven: ProvenPayload, list: ExtensionList, native: Asset, relayTokenIsNative: Bool, render: ProvenCallLines)
        throws
    {
        empty = proven.extensions.filter { $0.extraLength == 0 && $0.additionalLength == 0 }.map(\.identifier)
        var feeAsset: (FeeAsset, BigUInt)?
        var render = render
        for (ext, rule) in zip(proven.extensions, list.rules) {
            switch rule {
            case .assetTip:
                feeAsset = try Self.readFeeAsset(ext.extra, native: native, relayTokenIsNative: relayTokenIsNative)
            case .proven:
                guard ext.extraLength + ext.additionalLength > 0 else { continue }
                lines.append(
                    ReviewLine(
                        "extension \(ext.identifier)", "unknown to this signer, decoded with the metadata proof's types"
                    ))
                try render.add(ext.extra, label: "explicit", typeName: nil, level: 1)
                try render.add(ext.additional, label: "implicit", typeName: nil, level: 1)
                warnings.append(
                    "signed extension \(ext.identifier) is unknown to this signer: its values are shown as the metadata proof's types "
                        + "decode them, but what they make the chain do is not known")
                if !(Self.isEmptyValue(ext.extra) && Self.isEmptyValue(ext.additional)) {
                    effects.append(
                        .unknown(
                            what: "signed extension \(ext.identifier), whose values this signer has no meaning for"))
                }
            default:
                continue
            }
        }
        lines += render.lines
        for warning in render.warnings where !warnings.contains(warning) { warnings.append(warning) }
        effects += render.effects
        self.feeAsset = feeAsset
    }

    /// Whether a value says nothing: `()`, an empty struct or tuple, `None`, an empty list, or
    /// made only of those.
    static func isEmptyValue(_ value: TypedValue) -> Bool {
        switch value.value {
        case .void: return true
        case let .composite(fields): return fields.allSatisfy { isEmptyValue($0.value) }
        case let .variant(name, _, fields): return value.isOption && name == "None" && fields.isEmpty
        case let .sequence(items): return items.allSatisfy(isEmptyValue)
        case let .bytes(bytes): return bytes.isEmpty
        case let .bits(bits): return bits.isEmpty
        default: return false
        }
    }

    /// ChargeAssetTxPayment's extra, `{tip: Compact<Balance>, asset_id: Option<AssetId>}`: the
    /// tip and the `Some` asset, or nil for `None` (fees in the native token). Refuses an extra
    /// that is not of that shape: the review would show what the chain does not read.
    static func readFeeAsset(_ extra: TypedValue, native: Asset, relayTokenIsNative: Bool) throws(SubstrateError) -> (
        FeeAsset, BigUInt
    )? {
        guard case let .composite(fields) = extra.value, fields.count == 2,
            case let .unsigned(tip) = fields[0].value.value,
            fields[1].value.isOption, case let .variant(option, _, inner) = fields[1].value.value
        else {
            throw SubstrateError.feeAsset(.shape(proof: true))
        }
        guard option == "Some", inner.count == 1 else { return nil }
        let id = inner[0].value
        if case let .unsigned(number) = id.value {
            let name = "asset \(number)"
            return (
                FeeAsset(
                    asset: Asset(
                        chain: native.chain, network: native.network, id: name, symbol: "base units of \(name)",
                        decimals: 0),
                    description: name, isNative: false), tip
            )
        }
        if let location = ProvenXCM.location(id) {
            if location.junctions.isEmpty, location.parents == 0 || (location.parents == 1 && relayTokenIsNative) {
                return (
                    FeeAsset(
                        asset: native, description: "\(native.symbol) (XCM location: \(ProvenXCM.describe(location)))",
                        isNative: true), tip
                )
            }
            // The Assets pallet's asset: `parents: 0, X2(PalletInstance 50, GeneralIndex id)`.
            let place = ProvenXCM.describe(location)
            var name = "the asset at \(place)"
            if location.parents == 0, location.junctions.count == 2,
                case let .variant("PalletInstance", _, pallet) = location.junctions[0].value, pallet.count == 1,
                case let .unsigned(instance) = pallet[0].value.value,
                case let .variant("GeneralIndex", _, index) = location.junctions[1].value, index.count == 1,
                case let .unsigned(number) = index[0].value.value
            {
                name = "asset \(number) of pallet \(instance)"
            }
            let asset = Asset(
                chain: native.chain, network: native.network, id: "xcm " + place, symbol: "base units of \(name)",
                decimals: 0)
            return (FeeAsset(asset: asset, description: "\(name) (XCM location: \(place))", isNative: false), tip)
        }
        throw SubstrateError.feeAsset(.unnamed)
    }
}
