import AirsignEncoding

/// An asset code as XDR carries it: 4 bytes (1–4 characters) or 12 bytes (5–12 characters),
/// ASCII letters and digits, right-padded with zero bytes. Validated both ways, as stellar-core
/// does, so one code has one encoding and the review shows exactly what is on the wire.
public struct AssetCode: Sendable, Hashable, CustomStringConvertible {
    /// The padded bytes: 4 or 12 of them.
    public let raw: [UInt8]

    /// A code from its text; the length picks alphanum4 (1–4) or alphanum12 (5–12).
    public init(_ code: String) throws(StellarError) {
        let bytes = Array(code.utf8)
        guard (1...12).contains(bytes.count) else {
            throw .invalidAssetCode("\(code.debugDescription) must be 1 to 12 characters")
        }
        try self.init(raw: bytes + [UInt8](repeating: 0, count: (bytes.count <= 4 ? 4 : 12) - bytes.count))
    }

    /// A code from its padded XDR bytes.
    public init(raw: [UInt8]) throws(StellarError) {
        guard raw.count == 4 || raw.count == 12 else { throw .invalidAssetCode("the code field must be 4 or 12 bytes") }
        let length = raw.firstIndex(of: 0) ?? raw.count
        guard raw[length...].allSatisfy({ $0 == 0 }) else {
            throw .invalidAssetCode("a zero byte inside the code \(Hex.encode(raw))")
        }
        guard
            raw[..<length].allSatisfy({
                (0x30...0x39).contains($0) || (0x41...0x5a).contains($0) || (0x61...0x7a).contains($0)
            })
        else {
            throw .invalidAssetCode("only ASCII letters and digits are allowed (\(Hex.encode(raw)))")
        }
        let valid = raw.count == 4 ? (1...4).contains(length) : (5...12).contains(length)
        guard valid else {
            throw .invalidAssetCode(
                raw.count == 4 ? "an alphanum4 code has 1 to 4 characters" : "an alphanum12 code has 5 to 12 characters"
            )
        }
        self.raw = raw
    }

    /// Whether this is a 12-byte (alphanum12) code.
    public var isAlphanum12: Bool { raw.count == 12 }

    /// The code without padding.
    public var description: String { String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }

    /// Reads the `opaque[4]` or `opaque[12]` of an asset `type` (1 or 2).
    static func read(_ r: inout XDRReader, alphanum12: Bool) throws -> AssetCode {
        try AssetCode(raw: try r.readFixedOpaque(count: alphanum12 ? 12 : 4))
    }
}

/// An `Asset`: native lumens, or a credit asset (code and issuer).
public enum Asset: XDRCodable, CustomStringConvertible {
    case native
    case credit(code: AssetCode, issuer: AccountID)

    /// A credit asset from its code and `G…` issuer.
    public static func credit(_ code: String, issuer: String) throws(StellarError) -> Asset {
        .credit(code: try AssetCode(code), issuer: try AccountID(issuer))
    }

    public init(from r: inout XDRReader) throws {
        let type = try r.readDiscriminant()
        switch type {
        case 0: self = .native
        case 1, 2:
            let code = try AssetCode.read(&r, alphanum12: type == 2)
            self = .credit(code: code, issuer: try AccountID(from: &r))
        default: throw r.unknownDiscriminant(type, of: "Asset")
        }
    }

    public func encode(to w: inout XDRWriter) throws {
        switch self {
        case .native: w.writeDiscriminant(0)
        case let .credit(code, issuer):
            w.writeDiscriminant(code.isAlphanum12 ? 2 : 1)
            try w.writeFixedOpaque(code.raw, length: code.raw.count)
            try issuer.encode(to: &w)
        }
    }

    /// `XLM`, or `CODE (issuer G…)`.
    public var description: String {
        switch self {
        case .native: return "XLM"
        case let .credit(code, issuer): return "\(code) (issuer \(issuer))"
        }
    }
}

/// The constant-product liquidity pool of two assets (`LiquidityPoolParameters`, type 0).
public struct LiquidityPoolParameters: XDRCodable, CustomStringConvertible {
    public let assetA: Asset
    public let assetB: Asset
    /// The pool fee in basis points (30 on the network today).
    public let fee: Int32

    public init(assetA: Asset, assetB: Asset, fee: Int32 = 30) {
        (self.assetA, self.assetB, self.fee) = (assetA, assetB, fee)
    }

    public init(from r: inout XDRReader) throws {
        let type = try r.readDiscriminant()
        guard type == 0 else { throw r.unknownDiscriminant(type, of: "LiquidityPoolType") }
        assetA = try Asset(from: &r)
        assetB = try Asset(from: &r)
        fee = try r.readInt32()
    }

    public func encode(to w: inout XDRWriter) throws {
        w.writeDiscriminant(0)
        try assetA.encode(to: &w)
        try assetB.encode(to: &w)
        w.writeInt32(fee)
    }

    public var description: String { "liquidity pool shares of \(assetA) / \(assetB), fee \(fee) bp" }
}

/// What a trust line can be opened for (`ChangeTrustAsset`): an asset or pool shares.
public enum ChangeTrustAsset: XDRCodable, CustomStringConvertible {
    case asset(Asset)
    case poolShare(LiquidityPoolParameters)

    public init(from r: inout XDRReader) throws {
        var peek = r
        if try peek.readDiscriminant() == 3 {
            _ = try r.readDiscriminant()
            self = .poolShare(try LiquidityPoolParameters(from: &r))
        } else {
            self = .asset(try Asset(from: &r))
        }
    }

    public func encode(to w: inout XDRWriter) throws {
        switch self {
        case .asset(let a): try a.encode(to: &w)
        case .poolShare(let p): w.writeDiscriminant(3); try p.encode(to: &w)
        }
    }

    public var description: String {
        switch self {
        case .asset(let a): return a.description
        case .poolShare(let p): return p.description
        }
    }
}

/// The asset of an existing trust line (`TrustLineAsset`): an asset or a pool id.
public enum TrustLineAsset: XDRCodable, CustomStringConvertible {
    case asset(Asset)
    case poolShare(poolID: [UInt8])

    public init(from r: inout XDRReader) throws {
        var peek = r
        if try peek.readDiscriminant() == 3 {
            _ = try r.readDiscriminant()
            self = .poolShare(poolID: try r.read32())
        } else {
            self = .asset(try Asset(from: &r))
        }
    }

    public func encode(to w: inout XDRWriter) throws {
        switch self {
        case .asset(let a): try a.encode(to: &w)
        case .poolShare(let id): w.writeDiscriminant(3); try w.write32(id, what: "pool id")
        }
    }

    public var description: String {
        switch self {
        case .asset(let a): return a.description
        case .poolShare(let id): return "liquidity pool \(Hex.encode(id))"
        }
    }
}
