import AirsignEncoding

/// The values the signed extensions put into a signing payload, read back from its bytes
/// (`method ‖ extra ‖ additional`) by the list it is built by, in the order the runtime reads
/// them: every extension's extra after the call, then every extension's additional data, and
/// nothing after. The review shows these values, never the request's JSON fields, so what it
/// shows is what the signed bytes say under that list. A value is nil when no extension in the
/// list carries it (then it is not signed at all).
public struct ExtensionValues: Sendable, Equatable {
    /// ChargeTransactionPayment's tip, or ChargeAssetTxPayment's tip and the asset that pays.
    public struct Tip: Sendable, Equatable {
        public let amount: UInt128
        /// The SCALE bytes of the asset id (ChargeAssetTxPayment's `Some`); nil for the native token.
        public let asset: [UInt8]?

        public init(amount: UInt128, asset: [UInt8]?) {
            self.amount = amount
            self.asset = asset
        }
    }

    /// CheckMetadataHash: the mode (extra) and the hash it makes the runtime check (additional).
    public enum MetadataHash: Sendable, Equatable {
        case disabled
        case enabled([UInt8])

        /// The mode byte: 0 disabled, 1 enabled.
        public var mode: UInt8 { hash == nil ? 0 : 1 }

        /// The hash the runtime checks, when enabled.
        public var hash: [UInt8]? {
            if case let .enabled(hash) = self { return hash }
            return nil
        }
    }

    /// The data of an extension this signer has no rule for, as a verified metadata proof's types
    /// lay it out (`SignedExtension.proven`): its extra and additional bytes.
    public struct ExtensionData: Sendable, Equatable {
        public let extra: [UInt8]
        public let additional: [UInt8]

        public init(extra: [UInt8], additional: [UInt8]) {
            self.extra = extra
            self.additional = additional
        }
    }

    public private(set) var era: Era?
    /// CheckMortality's additional data: the hash of the era's first block (the genesis hash
    /// for an immortal era).
    public private(set) var checkpoint: [UInt8]?
    public private(set) var nonce: UInt64?
    public private(set) var tip: Tip?
    public private(set) var metadataHash: MetadataHash?
    public private(set) var specVersion: UInt32?
    public private(set) var transactionVersion: UInt32?
    public private(set) var genesisHash: [UInt8]?
    /// The data of the extensions without a rule here, by identifier (only a metadata proof's
    /// list has such extensions).
    public private(set) var unruled: [String: ExtensionData] = [:]

    /// What the request asks each extension to sign, whichever list it will be signed by;
    /// `provenDigest` (the digest the signer rebuilt from a metadata proof) replaces the
    /// request's metadata hash, so the hash signed is never the requester's word alone.
    init(requestedBy payload: SignerPayload, provenDigest: [UInt8]? = nil) {
        era = payload.era
        checkpoint = payload.blockHash
        nonce = payload.nonce
        tip = Tip(
            amount: payload.tip, asset: payload.assetIdOption.count > 1 ? Array(payload.assetIdOption.dropFirst()) : nil
        )
        // SignerPayload refuses mode 1 without a hash and a hash with mode 0.
        metadataHash = payload.mode == 1 ? .enabled(provenDigest ?? payload.metadataHash ?? []) : .disabled
        specVersion = payload.specVersion
        transactionVersion = payload.transactionVersion
        genesisHash = payload.genesisHash
        unruled = payload.extensionData
    }

    /// Refuses an immortal era whose checkpoint is not `genesis`: CheckMortality signs the
    /// genesis hash for an immortal era, so the chain rejects any other (what the native and
    /// UOS reviews both check, in `ExtrinsicReview`).
    public func checkImmortalCheckpoint(genesis: [UInt8]) throws(SubstrateError) {
        guard era == .immortal, let checkpoint, checkpoint != genesis else { return }
        throw SubstrateError.immortalCheckpoint(genesis: Hex.encode(genesis), checkpoint: Hex.encode(checkpoint))
    }

    /// The extra and additional data `list` makes of these values: the inverse of reading.
    /// Every value `list` carries must be set (as after reading by it, or from a request); one
    /// left nil would be written as zero.
    public func encoded(by list: ExtensionList) -> (extra: [UInt8], additional: [UInt8]) {
        var extra = SCALEWriter()
        var additional = SCALEWriter()
        for rule in list.rules {
            rule.writeExtra(self, into: &extra)
            rule.writeAdditional(self, into: &additional)
        }
        return (extra.bytes, additional.bytes)
    }

    /// Reads `payload`, whose call is its first `callLength` bytes, by `list`. Refuses bytes
    /// that do not decode as the list says, a metadata-hash mode that disagrees with its hash,
    /// and bytes left over.
    public init(reading payload: [UInt8], callLength: Int, by list: ExtensionList) throws(SubstrateError) {
        var reader = SCALEReader(payload)
        do { _ = try reader.readBytes(count: callLength) } catch {
            throw SubstrateError.call(
                field: "signing payload", .payloadShorter(bytes: payload.count, callLength: callLength))
        }
        var mode: UInt8?
        var extras: [String: [UInt8]] = [:]
        // With a metadata proof its types say how many bytes each extension's data takes: the
        // rule's reading must take exactly those, and an extension without a rule takes them.
        func provenLength(_ index: Int, additional: Bool, at start: Int) throws(SubstrateError) -> Int? {
            guard let proof = list.proofTypes, index < proof.extensions.count else { return nil }
            let ext = proof.extensions[index]
            return try proof.read(additional ? ext.additional : ext.extra, in: payload, at: start).length
        }
        func checkLength(_ proven: Int?, _ start: Int, _ offset: Int) throws(SubstrateError) {
            guard let proven, offset - start != proven else { return }
            throw SubstrateError.proof(.ruleLength(name: nil, rule: [offset - start], proven: [proven]))
        }
        for (index, (name, rule)) in zip(list.names, list.rules).enumerated() {
            let start = reader.offset
            do {
                let proven = try provenLength(index, additional: false, at: start)
                switch rule {
                case .empty, .specVersion, .transactionVersion, .genesis: break
                case .mortality: era = try Era.read(&reader)
                case .nonce: nonce = try reader.readCompact(UInt64.self)
                case .tip: tip = Tip(amount: try reader.readCompact(UInt128.self), asset: nil)
                case .assetTip:
                    let amount = try reader.readCompact(UInt128.self)
                    let asset = try reader.readOption { (inner: inout SCALEReader) throws -> [UInt8] in
                        // The proof's types end the asset id wherever its type ends (a Location
                        // or an id); without them, the list states its length.
                        if let proven {
                            let length = start + proven - inner.offset
                            guard length > 0 else { throw SubstrateError.feeAsset(.emptyAssetID) }
                            return try inner.readBytes(count: length)
                        }
                        guard let length = list.assetIDLength else {
                            throw SubstrateError.feeAsset(.undescribedAssetID)
                        }
                        return try inner.readBytes(count: length)
                    }
                    tip = Tip(amount: amount, asset: asset)
                case .metadataHash:
                    let value = try reader.readInteger(UInt8.self)
                    guard value <= 1 else { throw SubstrateError.mode(field: nil, value: value) }
                    mode = value
                case let .proven(identifier):
                    extras[identifier] = try reader.readBytes(count: proven ?? 0)
                }
                try checkLength(proven, start, reader.offset)
            } catch {
                throw SubstrateError.extensionData(name: name, additional: false, at: start, reason: "\(error)")
            }
        }
        for (index, (name, rule)) in zip(list.names, list.rules).enumerated() {
            let start = reader.offset
            do {
                let proven = try provenLength(index, additional: true, at: start)
                switch rule {
                case .empty, .nonce, .tip, .assetTip: break
                case .specVersion: specVersion = try reader.readInteger(UInt32.self)
                case .transactionVersion: transactionVersion = try reader.readInteger(UInt32.self)
                case .genesis: genesisHash = try reader.readBytes(count: 32)
                case .mortality: checkpoint = try reader.readBytes(count: 32)
                case .metadataHash:
                    let hash = try reader.readOption { try $0.readBytes(count: 32) }
                    switch (mode, hash) {
                    case (0?, nil): metadataHash = .disabled
                    case let (1?, hash?): metadataHash = .enabled(hash)
                    default:
                        throw SubstrateError.modeAndHash(context: nil, mode: mode, hash: hash != nil)
                    }
                case let .proven(identifier):
                    unruled[identifier] = ExtensionData(
                        extra: extras[identifier] ?? [], additional: try reader.readBytes(count: proven ?? 0))
                }
                try checkLength(proven, start, reader.offset)
            } catch {
                throw SubstrateError.extensionData(name: name, additional: true, at: start, reason: "\(error)")
            }
        }
        guard reader.isAtEnd else {
            throw SubstrateError.bytesFollow(
                field: "signing payload", count: reader.remaining, after: "the last extension's data")
        }
    }
}
