import AirsignEncoding

/// A polkadot-js `SignerPayloadJSON` (`@polkadot/types` `types/extrinsic.ts`), decoded and
/// checked field by field: hashes 32 bytes, numbers within their widths, the era decodable.
/// The JSON's `signedExtensions` are only the request's words: the signing payload is built by
/// the list the signer trusts for the runtime (`ExtensionList.trusted(for:)`), and the review
/// shows the values read back from the signed bytes, not these fields.
public struct SignerPayload: Sendable, Equatable {
    /// The signer as written (SS58), and its 32-byte account id and SS58 prefix.
    public let address: String
    public let accountID: [UInt8]
    public let addressPrefix: UInt16
    /// `Option<AssetId>` exactly as it goes into ChargeAssetTxPayment's extra: `00`, or `01`
    /// followed by the asset's SCALE bytes.
    public let assetIdOption: [UInt8]
    public let blockHash: [UInt8]
    /// Not signed: the block the watch says the era was computed from (shown as its claim);
    /// nil when the request does not say (a UOS request carries no block number).
    public let blockNumber: UInt64?
    public let era: Era
    public let genesisHash: [UInt8]
    public let metadataHash: [UInt8]?
    /// The SCALE call, without a length prefix.
    public let method: [UInt8]
    /// CheckMetadataHash's mode byte: 0 disabled, 1 enabled.
    public let mode: UInt8
    public let nonce: UInt64
    public let signedExtensions: [String]
    public let specVersion: UInt32
    public let tip: UInt128
    public let transactionVersion: UInt32
    public let withSignedTransaction: Bool
    /// The data of signed extensions this signer has no rule for, read from a UOS request's
    /// signed bytes by its metadata proof's types; a SignerPayloadJSON has no field for it, so
    /// it is empty there (and such an extension must then carry no data).
    public let extensionData: [String: ExtensionValues.ExtensionData]

    static let required = [
        "address", "blockHash", "blockNumber", "era", "genesisHash", "method", "nonce",
        "signedExtensions", "specVersion", "tip", "transactionVersion", "version",
    ]
    static let optional = ["assetId", "metadataHash", "mode", "withSignedTransaction"]

    /// The payload whose signed bytes were read back as `values` by `extensions` (a UOS request:
    /// nothing but the signed bytes, so nothing can disagree with them).
    init(
        address: String, accountID: [UInt8], addressPrefix: UInt16, method: [UInt8], values: ExtensionValues,
        extensions: ExtensionList
    ) {
        self.address = address
        self.accountID = accountID
        self.addressPrefix = addressPrefix
        assetIdOption = values.tip?.asset.map { [1] + $0 } ?? [0]
        blockHash = values.checkpoint ?? values.genesisHash ?? []
        blockNumber = nil
        era = values.era ?? .immortal
        genesisHash = values.genesisHash ?? []
        metadataHash = values.metadataHash?.hash
        self.method = method
        mode = values.metadataHash?.mode ?? 0
        nonce = values.nonce ?? 0
        signedExtensions = extensions.names
        specVersion = values.specVersion ?? 0
        tip = values.tip?.amount ?? 0
        transactionVersion = values.transactionVersion ?? 0
        withSignedTransaction = false
        extensionData = values.unruled
    }

    /// Decodes `json` (the `signerPayload` member, or a bare SignerPayloadJSON file).
    public init(json: JSONValue, context: String = "signerPayload") throws(SubstrateError) {
        let fields = try PayloadFields(json, context: context, required: Self.required, optional: Self.optional)
        address = try fields.string("address")
        do {
            let decoded = try SS58.decode(address)
            guard decoded.payload.count == 32 else {
                throw SubstrateError.addressLength(field: "\(context).address", bytes: decoded.payload.count)
            }
            accountID = decoded.payload
            addressPrefix = decoded.prefix
        } catch let error as SubstrateError {
            throw error
        } catch {
            throw SubstrateError.notSS58(field: "\(context).address", reason: "\(error)")
        }
        blockHash = try fields.bytes("blockHash", length: 32)
        blockNumber = try fields.number("blockNumber", UInt64.self)
        let eraBytes = try fields.bytes("era")
        era = try Era(decoding: eraBytes, field: "\(context).era")
        genesisHash = try fields.bytes("genesisHash", length: 32)
        method = try fields.bytes("method")
        guard !method.isEmpty else { throw SubstrateError.empty("\(context).method") }
        nonce = try fields.number("nonce", UInt64.self)
        guard case let .array(names)? = fields.value("signedExtensions") else {
            throw SubstrateError.notOfKind(field: "\(context).signedExtensions", expected: "an array of names")
        }
        var extensions: [String] = []
        for name in names {
            guard case let .string(text) = name else {
                throw SubstrateError.notOfKind(field: "\(context).signedExtensions", expected: "an array of names")
            }
            guard !extensions.contains(text) else {
                throw SubstrateError.extensions(.duplicate(field: "\(context).signedExtensions", name: text))
            }
            extensions.append(text)
        }
        signedExtensions = extensions
        specVersion = try fields.number("specVersion", UInt32.self)
        tip = try fields.number("tip", UInt128.self)
        transactionVersion = try fields.number("transactionVersion", UInt32.self)
        let version = try fields.number("version", UInt8.self)
        guard version == 4 else {
            throw SubstrateError.extrinsicVersion(field: "\(context).version", version: Int(version))
        }

        if let asset = fields.present("assetId") {
            guard case let .string(text) = asset else {
                throw SubstrateError.notOfKind(field: "\(context).assetId", expected: "hex or null")
            }
            let bytes = try PayloadFields.hex(text, field: "\(context).assetId")
            switch bytes.first {
            case 0 where bytes.count == 1: assetIdOption = [0]
            case 1 where bytes.count > 1: assetIdOption = bytes
            default:
                throw SubstrateError.shape(
                    field: "\(context).assetId",
                    expected: "the SCALE Option<AssetId>: 0x00, or 0x01 followed by the asset")
            }
        } else {
            assetIdOption = [0]
        }
        if let hash = fields.present("metadataHash") {
            guard case let .string(text) = hash else {
                throw SubstrateError.notOfKind(field: "\(context).metadataHash", expected: "hex or null")
            }
            metadataHash = try PayloadFields.hex(text, field: "\(context).metadataHash", length: 32)
        } else {
            metadataHash = nil
        }
        mode = fields.present("mode") == nil ? 0 : try fields.number("mode", UInt8.self)
        if let flag = fields.present("withSignedTransaction") {
            guard case let .bool(value) = flag else {
                throw SubstrateError.notOfKind(field: "\(context).withSignedTransaction", expected: "a boolean")
            }
            withSignedTransaction = value
        } else {
            withSignedTransaction = false
        }
        extensionData = [:]
        guard mode <= 1 else { throw SubstrateError.mode(field: "\(context).mode", value: mode) }
        if mode == 1, metadataHash == nil {
            throw SubstrateError.modeAndHash(context: context, mode: 1, hash: false)
        }
        if mode == 0, metadataHash != nil {
            throw SubstrateError.modeAndHash(context: context, mode: 0, hash: true)
        }
        if !extensions.contains("CheckMetadataHash"), mode != 0 {
            throw SubstrateError.extensions(.notListed(field: "\(context).mode", value: "1", name: "CheckMetadataHash"))
        }
        if !extensions.contains("ChargeAssetTxPayment"), assetIdOption != [0] {
            throw SubstrateError.extensions(
                .notListed(field: "\(context).assetId", value: "given", name: "ChargeAssetTxPayment"))
        }
    }
}
