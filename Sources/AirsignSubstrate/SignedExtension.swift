import AirsignEncoding

/// The encoding rule of one signed extension (spec §1a.3, polkadot-js
/// `types/extrinsic/signedExtensions/*.ts`, cross-checked with the FRAME sources): what it puts
/// into the extrinsic and the payload (`extra`) and what only into the payload (`additional`).
/// An extension without a rule here is refused by name: an offline signer cannot know that an
/// unknown extension carries no data.
public enum SignedExtension: Sendable, Equatable {
    /// No extra and no additional data.
    case empty
    case specVersion, transactionVersion, genesis, mortality, nonce, tip, assetTip, metadataHash

    /// The rule for `name`, or nil when this signer has none.
    public static func rule(for name: String) -> SignedExtension? {
        switch name {
        case "CheckNonZeroSender", "CheckWeight", "AuthorizeCall", "WeightReclaim", "StorageWeightReclaim", "PrevalidateAttests",
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

    func writeExtra(_ payload: SignerPayload, into writer: inout SCALEWriter) {
        switch self {
        case .empty, .specVersion, .transactionVersion, .genesis: break
        case .mortality: writer.writeBytes(payload.era.encoded)
        case .nonce: writer.writeCompact(payload.nonce)
        case .tip: writer.writeCompact(payload.tip)
        case .assetTip:
            writer.writeCompact(payload.tip)
            writer.writeBytes(payload.assetIdOption)
        case .metadataHash: writer.writeInteger(payload.mode)
        }
    }

    func writeAdditional(_ payload: SignerPayload, into writer: inout SCALEWriter) {
        switch self {
        case .empty, .nonce, .tip, .assetTip: break
        case .specVersion: writer.writeInteger(payload.specVersion)
        case .transactionVersion: writer.writeInteger(payload.transactionVersion)
        case .genesis: writer.writeBytes(payload.genesisHash)
        case .mortality: writer.writeBytes(payload.blockHash)
        case .metadataHash:
            // Mode 0 signs None even if a hash was sent; SignerPayload refuses that mismatch.
            writer.writeOption(payload.mode == 1 ? payload.metadataHash : nil) { $0.writeBytes($1) }
        }
    }
}

/// What is signed for a `SignerPayload` (spec §1a.2): `method ‖ extras ‖ additionals`, the
/// extensions taken in the payload's own `signedExtensions` order, and the message the scheme
/// receives (the payload itself, or its BLAKE2b-256 when it is longer than 256 bytes).
public struct SigningPayload: Sendable, Equatable {
    /// The extensions' explicit data, in order: what the extrinsic carries after the signature.
    public let extra: [UInt8]
    /// The extensions' implicit data, in order: signed but never transmitted.
    public let additional: [UInt8]
    /// `method ‖ extra ‖ additional`.
    public let bytes: [UInt8]

    /// Refuses an extension it has no rule for, naming it.
    public init(_ payload: SignerPayload) throws(SubstrateError) {
        var extra = SCALEWriter()
        var additional = SCALEWriter()
        for name in payload.signedExtensions {
            guard let rule = SignedExtension.rule(for: name) else {
                throw SubstrateError("signed extension \(name) is unknown to this signer; it cannot tell what it would sign, so it refuses")
            }
            rule.writeExtra(payload, into: &extra)
            rule.writeAdditional(payload, into: &additional)
        }
        self.extra = extra.bytes
        self.additional = additional.bytes
        bytes = payload.method + extra.bytes + additional.bytes
    }

    /// The message the signature scheme is given for payload `bytes`: BLAKE2b-256 of it when it
    /// is longer than 256 bytes (sp-runtime `SignedPayload::using_encoded`), else the bytes.
    public static func message(for bytes: [UInt8]) throws(SubstrateError) -> [UInt8] {
        guard bytes.count > 256 else { return bytes }
        return try blake2b256(bytes)
    }
}
