import AirsignEncoding

/// The encoding rule of one signed extension (polkadot-js/api:
/// `packages/types/src/extrinsic/signedExtensions/*.ts`, cross-checked with the FRAME sources): what it puts
/// into the extrinsic and the payload (`extra`) and what only into the payload (`additional`).
/// An extension without a rule here is refused by name: an offline signer cannot know that an
/// unknown extension carries no data. Only a verified RFC-0078 proof, whose digest the payload
/// signs, lays out such an extension's data (`proven`): by its types, with no meaning attached.
public enum SignedExtension: Sendable, Equatable {
    /// No extra and no additional data.
    case empty
    case specVersion, transactionVersion, genesis, mortality, nonce, tip, assetTip, metadataHash
    /// An extension this signer has no rule for, named in a verified metadata proof: its data is
    /// what the proof's types decode (`ExtensionValues.unruled`), and nothing gives it a meaning.
    case proven(identifier: String)

    /// The rule for `name`, or nil when this signer has none.
    public static func rule(for name: String) -> SignedExtension? {
        switch name {
        case "CheckNonZeroSender", "CheckWeight", "AuthorizeCall", "WeightReclaim", "StorageWeightReclaim",
            "PrevalidateAttests",
            "CheckBlockGasLimit", "ValidateEquivocationReport", "LockStakingStatus", "DisallowSigned":
            return .empty
        case "CheckSpecVersion", "CheckVersion": return .specVersion
        case "CheckTxVersion": return .transactionVersion
        case "CheckGenesis": return .genesis
        case "CheckMortality", "CheckEra": return .mortality
        case "CheckNonce": return .nonce
        case "ChargeTransactionPayment": return .tip
        case "ChargeAssetTxPayment": return .assetTip
        case "CheckMetadataHash": return .metadataHash
        default: return nil
        }
    }

    /// What the extension carries, as refusals name it.
    public var valueName: String {
        switch self {
        case .empty: return "no data"
        case .specVersion: return "the spec version"
        case .transactionVersion: return "the transaction version"
        case .genesis: return "the genesis hash"
        case .mortality: return "the era"
        case .nonce: return "the nonce"
        case .tip, .assetTip: return "the tip"
        case .metadataHash: return "the metadata hash"
        case let .proven(identifier): return "\(identifier)'s own data"
        }
    }

    /// Appends this extension's extra data for `values` (what the extrinsic carries too).
    func writeExtra(_ values: ExtensionValues, into writer: inout SCALEWriter) {
        switch self {
        case .empty, .specVersion, .transactionVersion, .genesis: break
        case .mortality: writer.writeBytes(values.era?.encoded ?? [])
        case .nonce: writer.writeCompact(values.nonce ?? 0)
        case .tip: writer.writeCompact(values.tip?.amount ?? 0)
        case .assetTip:
            writer.writeCompact(values.tip?.amount ?? 0)
            writer.writeOption(values.tip?.asset) { $0.writeBytes($1) }
        case .metadataHash: writer.writeInteger(values.metadataHash?.mode ?? 0)
        case let .proven(identifier): writer.writeBytes(values.unruled[identifier]?.extra ?? [])
        }
    }

    /// Appends this extension's additional data for `values` (signed, never transmitted).
    func writeAdditional(_ values: ExtensionValues, into writer: inout SCALEWriter) {
        switch self {
        case .empty, .nonce, .tip, .assetTip: break
        case .specVersion: writer.writeInteger(values.specVersion ?? 0)
        case .transactionVersion: writer.writeInteger(values.transactionVersion ?? 0)
        case .genesis: writer.writeBytes(values.genesisHash ?? [])
        case .mortality: writer.writeBytes(values.checkpoint ?? [])
        case .metadataHash:
            writer.writeOption(values.metadataHash?.hash) { $0.writeBytes($1) }
        case let .proven(identifier): writer.writeBytes(values.unruled[identifier]?.additional ?? [])
        }
    }
}
