import AirsignEncoding

/// When a claimant may claim a claimable balance. Recursive: decoding goes through the reader's
/// `nested`, so hostile input cannot recurse without bound.
public indirect enum ClaimPredicate: XDRCodable, CustomStringConvertible {
    case unconditional
    /// Exactly two predicates in valid transactions; the XDR allows 0–2 and so do we, to round-trip.
    case and([ClaimPredicate])
    case or([ClaimPredicate])
    /// `nil` is allowed by the XDR (the network rejects it).
    case not(ClaimPredicate?)
    case beforeAbsoluteTime(Int64)
    case beforeRelativeTime(Int64)

    public init(from r: inout XDRReader) throws {
        self = try r.nested { r in
            let type = try r.readDiscriminant()
            switch type {
            case 0: return .unconditional
            case 1: return .and(try r.readArray(max: 2) { try ClaimPredicate(from: &$0) })
            case 2: return .or(try r.readArray(max: 2) { try ClaimPredicate(from: &$0) })
            case 3: return .not(try r.readOptional { try ClaimPredicate(from: &$0) })
            case 4: return .beforeAbsoluteTime(try r.readInt64())
            case 5: return .beforeRelativeTime(try r.readInt64())
            default: throw r.unknownDiscriminant(type, of: "ClaimPredicateType")
            }
        }
    }

    public func encode(to w: inout XDRWriter) throws {
        switch self {
        case .unconditional: w.writeDiscriminant(0)
        case .and(let ps): w.writeDiscriminant(1); try w.writeArray(ps, max: 2) { try $1.encode(to: &$0) }
        case .or(let ps): w.writeDiscriminant(2); try w.writeArray(ps, max: 2) { try $1.encode(to: &$0) }
        case .not(let p): w.writeDiscriminant(3); try w.writeOptional(p) { try $1.encode(to: &$0) }
        case .beforeAbsoluteTime(let t): w.writeDiscriminant(4); w.writeInt64(t)
        case .beforeRelativeTime(let t): w.writeDiscriminant(5); w.writeInt64(t)
        }
    }

    public var description: String {
        switch self {
        case .unconditional: return "unconditionally"
        case .and(let ps): return "(" + ps.map(\.description).joined(separator: " and ") + ")"
        case .or(let ps): return "(" + ps.map(\.description).joined(separator: " or ") + ")"
        case .not(let p): return "not \(p?.description ?? "<missing>")"
        case .beforeAbsoluteTime(let t): return "before Unix time \(t)"
        case .beforeRelativeTime(let t): return "within \(t) s of creation"
        }
    }
}

/// A `Claimant` (type V0): who may claim, and when.
public struct Claimant: XDRCodable, CustomStringConvertible {
    public var destination: AccountID
    public var predicate: ClaimPredicate

    public init(destination: AccountID, predicate: ClaimPredicate) {
        (self.destination, self.predicate) = (destination, predicate)
    }

    public init(from r: inout XDRReader) throws {
        let type = try r.readDiscriminant()
        guard type == 0 else { throw r.unknownDiscriminant(type, of: "ClaimantType") }
        destination = try AccountID(from: &r)
        predicate = try ClaimPredicate(from: &r)
    }

    public func encode(to w: inout XDRWriter) throws {
        w.writeDiscriminant(0)
        try destination.encode(to: &w)
        try predicate.encode(to: &w)
    }

    public var description: String { "\(destination) \(predicate)" }
}

/// A `ClaimableBalanceID` (type V0): the balance's 32-byte hash.
public struct ClaimableBalanceID: XDRCodable, CustomStringConvertible {
    public var hash: [UInt8]

    public init(hash: [UInt8]) throws(StellarError) {
        guard hash.count == 32 else {
            throw .invalidLength(what: "claimable balance id", expected: 32, found: hash.count)
        }
        self.hash = hash
    }

    public init(from r: inout XDRReader) throws {
        let type = try r.readDiscriminant()
        guard type == 0 else { throw r.unknownDiscriminant(type, of: "ClaimableBalanceIDType") }
        hash = try r.read32()
    }

    public func encode(to w: inout XDRWriter) throws {
        w.writeDiscriminant(0)
        try w.write32(hash, what: "claimable balance id")
    }

    /// Hex of the type and hash, as Horizon and stellar-sdk show balance ids.
    public var description: String { "00000000" + Hex.encode(hash) }
}
