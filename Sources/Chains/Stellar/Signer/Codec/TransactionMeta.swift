import AirsignEncoding

/// What a transaction's `TransactionMeta` (Stellar-ledger.x, versions 3 and 4 as Stellar RPC's
/// `getTransaction` returns them in `resultMetaXdr`) says about a Soroban call: the host
/// function's return value, the resource fee charged and the events counted. Everything else
/// (the ledger entries changed, the events themselves) is decoded in full and discarded, so a
/// reply that is not exactly one meta value is refused; nesting is bounded by
/// `XDRLimits.maxDepth` and the whole value by `maxBytes`.
public struct TransactionMetaSummary: Sendable, Equatable {
    /// 3 or 4.
    public let version: Int32
    /// The invoked function's return value; nil for a transaction without a Soroban operation
    /// (or a failed one, which v4 meta leaves without a value).
    public let returnValue: SCVal?
    /// The Soroban resource fee split, when the meta carries it (`SorobanTransactionMetaExtV1`).
    public let resourceFee: ResourceFeeCharged?
    /// How many contract events the operations emitted.
    public let contractEvents: Int

    /// `SorobanTransactionMetaExtV1`: stroops charged for non-refundable and refundable
    /// resources, and the rent (part of the refundable).
    public struct ResourceFeeCharged: Sendable, Equatable {
        public let nonRefundable: Int64
        public let refundable: Int64
        public let rent: Int64
        public var total: Int64 { nonRefundable &+ refundable }
    }

    /// The largest meta accepted (a restored contract's code can be a few hundred KiB).
    public static let maxBytes = 4 << 20

    /// Decodes the base64 XDR of a `TransactionMeta`.
    public init(base64: String) throws(StellarError) {
        // Measured on the text, before decoding it: base64 is 4 characters for 3 bytes.
        guard base64.utf8.count <= (Self.maxBytes + 2) / 3 * 4 else {
            throw StellarError.soroban(.metaTooLarge(characters: base64.utf8.count, limit: Self.maxBytes))
        }
        let bytes = try StellarBase64.decode(base64)
        var r = XDRReader(bytes, maxDepth: XDRLimits.maxDepth)
        do {
            let version = try r.readDiscriminant()
            guard version == 3 || version == 4 else {
                throw StellarError.soroban(.metaVersion(version))
            }
            try LedgerEntryReader.extensionPoint(&r)
            try LedgerEntryReader.skipChanges(&r)  // txChangesBefore
            var events = 0
            _ = try r.readArray(minimumElementSize: 4) { r in
                if version == 4 { try LedgerEntryReader.extensionPoint(&r) }
                try LedgerEntryReader.skipChanges(&r)
                if version == 4 { events += try Self.skipEvents(&r) }
            }
            try LedgerEntryReader.skipChanges(&r)  // txChangesAfter
            let soroban = try r.readOptional { try Self.readSorobanMeta(&$0, version: version) }
            events += soroban?.events ?? 0
            if version == 4 {
                _ = try r.readArray(minimumElementSize: 20) { r in  // transaction events: stage, event
                    let stage = try r.readDiscriminant()
                    guard (0...2).contains(stage) else {
                        throw r.unknownDiscriminant(stage, of: "TransactionEventStage")
                    }
                    try Self.skipEvent(&r)
                }
                _ = try r.readArray(minimumElementSize: 20) { try Self.skipDiagnostic(&$0) }
            }
            try r.finish()
            self.version = version
            self.returnValue = soroban?.returnValue
            self.resourceFee = soroban?.fee
            self.contractEvents = events
        } catch {
            throw StellarError.wrap(error)
        }
    }

    /// `SorobanTransactionMeta` (v3: fee split, events, return value, diagnostics) or
    /// `SorobanTransactionMetaV2` (v4: fee split, optional return value).
    private static func readSorobanMeta(_ r: inout XDRReader, version: Int32) throws -> (
        fee: ResourceFeeCharged?, returnValue: SCVal?, events: Int
    ) {
        let fee = try readFeeExt(&r)
        guard version == 3 else { return (fee, try r.readOptional { try SCVal(from: &$0) }, 0) }
        let events = try skipEvents(&r)
        let value = try SCVal(from: &r)
        _ = try r.readArray(minimumElementSize: 12) { try skipDiagnostic(&$0) }
        return (fee, value, events)
    }

    private static func readFeeExt(_ r: inout XDRReader) throws -> ResourceFeeCharged? {
        let v = try r.readDiscriminant()
        switch v {
        case 0: return nil
        case 1:
            try LedgerEntryReader.extensionPoint(&r)
            return ResourceFeeCharged(
                nonRefundable: try r.readInt64(), refundable: try r.readInt64(), rent: try r.readInt64())
        default: throw r.unknownDiscriminant(v, of: "SorobanTransactionMetaExt")
        }
    }

    /// `ContractEvent events<>`; returns how many.
    private static func skipEvents(_ r: inout XDRReader) throws -> Int {
        try r.readArray(minimumElementSize: 16) { try skipEvent(&$0) }.count
    }

    private static func skipDiagnostic(_ r: inout XDRReader) throws {
        _ = try r.readBool()  // inSuccessfulContractCall
        try skipEvent(&r)
    }

    /// `ContractEvent`: extension, optional contract id, type, then topics and data (v0).
    private static func skipEvent(_ r: inout XDRReader) throws {
        try LedgerEntryReader.extensionPoint(&r)
        _ = try r.readOptional { try $0.read32() }
        let type = try r.readDiscriminant()
        guard (0...2).contains(type) else { throw r.unknownDiscriminant(type, of: "ContractEventType") }
        try LedgerEntryReader.extensionPoint(&r)  // body v0
        _ = try r.readArray(minimumElementSize: 4) { try SCVal(from: &$0) }
        _ = try SCVal(from: &r)
    }
}
