import AirsignEncoding

/// `TimeBounds`: Unix seconds; `maxTime` 0 means no upper bound.
public struct TimeBounds: XDRCodable {
    public var minTime: UInt64
    public var maxTime: UInt64
    public init(minTime: UInt64, maxTime: UInt64) { (self.minTime, self.maxTime) = (minTime, maxTime) }
    public init(from r: inout XDRReader) throws { minTime = try r.readUInt64(); maxTime = try r.readUInt64() }
    public func encode(to w: inout XDRWriter) throws { w.writeUInt64(minTime); w.writeUInt64(maxTime) }
}

/// `LedgerBounds`: ledger numbers; `maxLedger` 0 means no upper bound.
public struct LedgerBounds: XDRCodable {
    public var minLedger: UInt32
    public var maxLedger: UInt32
    public init(minLedger: UInt32, maxLedger: UInt32) { (self.minLedger, self.maxLedger) = (minLedger, maxLedger) }
    public init(from r: inout XDRReader) throws { minLedger = try r.readUInt32(); maxLedger = try r.readUInt32() }
    public func encode(to w: inout XDRWriter) throws { w.writeUInt32(minLedger); w.writeUInt32(maxLedger) }
}

/// `PreconditionsV2` (CAP-21).
public struct PreconditionsV2: XDRCodable {
    public var timeBounds: TimeBounds?
    public var ledgerBounds: LedgerBounds?
    public var minSeqNum: Int64?
    public var minSeqAge: UInt64
    public var minSeqLedgerGap: UInt32
    /// At most 2.
    public var extraSigners: [SignerKey]

    public init(
        timeBounds: TimeBounds? = nil, ledgerBounds: LedgerBounds? = nil, minSeqNum: Int64? = nil,
        minSeqAge: UInt64 = 0, minSeqLedgerGap: UInt32 = 0, extraSigners: [SignerKey] = []
    ) {
        self.timeBounds = timeBounds
        self.ledgerBounds = ledgerBounds
        self.minSeqNum = minSeqNum
        self.minSeqAge = minSeqAge
        self.minSeqLedgerGap = minSeqLedgerGap
        self.extraSigners = extraSigners
    }

    public init(from r: inout XDRReader) throws {
        timeBounds = try r.readOptional { try TimeBounds(from: &$0) }
        ledgerBounds = try r.readOptional { try LedgerBounds(from: &$0) }
        minSeqNum = try r.readOptional { try $0.readInt64() }
        minSeqAge = try r.readUInt64()
        minSeqLedgerGap = try r.readUInt32()
        extraSigners = try r.readArray(max: 2) { try SignerKey(from: &$0) }
    }

    public func encode(to w: inout XDRWriter) throws {
        try w.writeOptional(timeBounds) { try $1.encode(to: &$0) }
        try w.writeOptional(ledgerBounds) { try $1.encode(to: &$0) }
        w.writeOptional(minSeqNum) { $0.writeInt64($1) }
        w.writeUInt64(minSeqAge)
        w.writeUInt32(minSeqLedgerGap)
        try w.writeArray(extraSigners, max: 2) { try $1.encode(to: &$0) }
    }
}

/// When a transaction is valid (`Preconditions`).
public enum Preconditions: XDRCodable {
    case none
    case time(TimeBounds)
    case v2(PreconditionsV2)

    /// The time bounds, whichever form carries them.
    public var timeBounds: TimeBounds? {
        switch self {
        case .none: return nil
        case .time(let t): return t
        case .v2(let v): return v.timeBounds
        }
    }

    public init(from r: inout XDRReader) throws {
        let type = try r.readDiscriminant()
        switch type {
        case 0: self = .none
        case 1: self = .time(try TimeBounds(from: &r))
        case 2: self = .v2(try PreconditionsV2(from: &r))
        default: throw r.unknownDiscriminant(type, of: "PreconditionType")
        }
    }

    public func encode(to w: inout XDRWriter) throws {
        switch self {
        case .none: w.writeDiscriminant(0)
        case .time(let t): w.writeDiscriminant(1); try t.encode(to: &w)
        case .v2(let v): w.writeDiscriminant(2); try v.encode(to: &w)
        }
    }
}
