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

    static let required = ["address", "blockHash", "blockNumber", "era", "genesisHash", "method", "nonce",
                           "signedExtensions", "specVersion", "tip", "transactionVersion", "version"]
    static let optional = ["assetId", "metadataHash", "mode", "withSignedTransaction"]

    /// The payload whose signed bytes were read back as `values` by `extensions` (a UOS request:
    /// nothing but the signed bytes, so nothing can disagree with them).
    init(address: String, accountID: [UInt8], addressPrefix: UInt16, method: [UInt8], values: ExtensionValues, extensions: ExtensionList) {
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
                throw SubstrateError("\(context).address has a \(decoded.payload.count)-byte payload; a signer address is a 32-byte account id")
            }
            accountID = decoded.payload
            addressPrefix = decoded.prefix
        } catch let error as SubstrateError {
            throw error
        } catch {
            throw SubstrateError("\(context).address is not an SS58 address: \(error)")
        }
        blockHash = try fields.bytes("blockHash", length: 32)
        blockNumber = try fields.number("blockNumber", UInt64.self)
        let eraBytes = try fields.bytes("era")
        do { era = try Era(decoding: eraBytes) } catch { throw SubstrateError("\(context).\(error.description)") }
        genesisHash = try fields.bytes("genesisHash", length: 32)
        method = try fields.bytes("method")
        guard !method.isEmpty else { throw SubstrateError("\(context).method is empty") }
        nonce = try fields.number("nonce", UInt64.self)
        guard case let .array(names)? = fields.value("signedExtensions") else {
            throw SubstrateError("\(context).signedExtensions is not an array of names")
        }
        var extensions: [String] = []
        for name in names {
            guard case let .string(text) = name else { throw SubstrateError("\(context).signedExtensions holds a non-string") }
            guard !extensions.contains(text) else { throw SubstrateError("\(context).signedExtensions names \(text) twice") }
            extensions.append(text)
        }
        signedExtensions = extensions
        specVersion = try fields.number("specVersion", UInt32.self)
        tip = try fields.number("tip", UInt128.self)
        transactionVersion = try fields.number("transactionVersion", UInt32.self)
        let version = try fields.number("version", UInt8.self)
        guard version == 4 else { throw SubstrateError("\(context).version is \(version); this signer builds version 4 extrinsics") }

        if let asset = fields.present("assetId") {
            guard case let .string(text) = asset else { throw SubstrateError("\(context).assetId is not hex or null") }
            let bytes = try PayloadFields.hex(text, field: "\(context).assetId")
            switch bytes.first {
            case 0 where bytes.count == 1: assetIdOption = [0]
            case 1 where bytes.count > 1: assetIdOption = bytes
            default:
                throw SubstrateError("\(context).assetId is the SCALE Option<AssetId>: 0x00, or 0x01 followed by the asset")
            }
        } else {
            assetIdOption = [0]
        }
        if let hash = fields.present("metadataHash") {
            guard case let .string(text) = hash else { throw SubstrateError("\(context).metadataHash is not hex or null") }
            metadataHash = try PayloadFields.hex(text, field: "\(context).metadataHash", length: 32)
        } else {
            metadataHash = nil
        }
        mode = fields.present("mode") == nil ? 0 : try fields.number("mode", UInt8.self)
        if let flag = fields.present("withSignedTransaction") {
            guard case let .bool(value) = flag else { throw SubstrateError("\(context).withSignedTransaction is not a boolean") }
            withSignedTransaction = value
        } else {
            withSignedTransaction = false
        }
        extensionData = [:]
        guard mode <= 1 else { throw SubstrateError("\(context).mode is \(mode); CheckMetadataHash knows 0 (disabled) and 1 (enabled)") }
        if mode == 1, metadataHash == nil {
            throw SubstrateError("\(context).mode is 1 (metadata hash enabled) but metadataHash is missing")
        }
        if mode == 0, metadataHash != nil {
            throw SubstrateError("\(context).metadataHash is given but mode is 0: the runtime would sign no hash, so the signature could not be valid")
        }
        if !extensions.contains("CheckMetadataHash"), mode != 0 {
            throw SubstrateError("\(context).mode is 1 but signedExtensions has no CheckMetadataHash")
        }
        if !extensions.contains("ChargeAssetTxPayment"), assetIdOption != [0] {
            throw SubstrateError("\(context).assetId is given but signedExtensions has no ChargeAssetTxPayment")
        }
    }
}
