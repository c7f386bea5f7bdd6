import AirsignEncoding

/// `LedgerFootprint`: the ledger entries a Soroban transaction may read, and those it may write.
public struct LedgerFootprint: XDRCodable {
    public var readOnly: [LedgerKey]
    public var readWrite: [LedgerKey]

    public init(readOnly: [LedgerKey] = [], readWrite: [LedgerKey] = []) {
        (self.readOnly, self.readWrite) = (readOnly, readWrite)
    }

    public init(from r: inout XDRReader) throws {
        readOnly = try r.readArray { try LedgerKey(from: &$0) }
        readWrite = try r.readArray { try LedgerKey(from: &$0) }
    }

    public func encode(to w: inout XDRWriter) throws {
        try w.writeArray(readOnly) { try $1.encode(to: &$0) }
        try w.writeArray(readWrite) { try $1.encode(to: &$0) }
    }
}

/// `SorobanResources`: the footprint and the limits the resource fee pays for.
public struct SorobanResources: XDRCodable {
    public var footprint: LedgerFootprint
    public var instructions: UInt32
    /// Bytes read from disk-backed (archivable) entries.
    public var diskReadBytes: UInt32
    public var writeBytes: UInt32

    public init(footprint: LedgerFootprint, instructions: UInt32, diskReadBytes: UInt32, writeBytes: UInt32) {
        (self.footprint, self.instructions, self.diskReadBytes, self.writeBytes) = (
            footprint, instructions, diskReadBytes, writeBytes
        )
    }

    public init(from r: inout XDRReader) throws {
        footprint = try LedgerFootprint(from: &r)
        instructions = try r.readUInt32()
        diskReadBytes = try r.readUInt32()
        writeBytes = try r.readUInt32()
    }

    public func encode(to w: inout XDRWriter) throws {
        try footprint.encode(to: &w)
        w.writeUInt32(instructions)
        w.writeUInt32(diskReadBytes)
        w.writeUInt32(writeBytes)
    }
}

/// `SorobanTransactionData` (the transaction's `ext` 1): resources, the resource fee, and (ext
/// v1, protocol 23) which read-write footprint entries are archived and restored on the way.
public struct SorobanTransactionData: XDRCodable {
    /// `SorobanResourcesExtV0.archivedSorobanEntries`: indices into the read-write footprint;
    /// nil for ext v0.
    public var archivedEntries: [UInt32]?
    public var resources: SorobanResources
    /// The part of the transaction's fee set aside for resources, in stroops.
    public var resourceFee: Int64

    public init(resources: SorobanResources, resourceFee: Int64, archivedEntries: [UInt32]? = nil) {
        (self.resources, self.resourceFee, self.archivedEntries) = (resources, resourceFee, archivedEntries)
    }

    public init(from r: inout XDRReader) throws {
        let ext = try r.readDiscriminant()
        switch ext {
        case 0: archivedEntries = nil
        case 1: archivedEntries = try r.readArray { try $0.readUInt32() }
        default: throw r.unknownDiscriminant(ext, of: "SorobanTransactionData.ext")
        }
        resources = try SorobanResources(from: &r)
        resourceFee = try r.readInt64()
    }

    public func encode(to w: inout XDRWriter) throws {
        if let archivedEntries {
            w.writeDiscriminant(1)
            try w.writeArray(archivedEntries) { $0.writeUInt32($1) }
        } else {
            w.writeDiscriminant(0)
        }
        try resources.encode(to: &w)
        w.writeInt64(resourceFee)
    }

    /// Decodes base64 (as Stellar RPC's `transactionData`), strictly.
    public init(base64 text: String) throws(StellarError) {
        try self.init(xdr: try StellarBase64.decode(text))
    }
}
