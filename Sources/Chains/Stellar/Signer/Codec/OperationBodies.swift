import AirsignEncoding

/// `Price`: `n / d`.
public struct Price: XDRCodable, CustomStringConvertible {
    public var n: Int32
    public var d: Int32
    /// The price n/d (both positive in valid offers).
    public init(n: Int32, d: Int32) { (self.n, self.d) = (n, d) }
    public init(from r: inout XDRReader) throws { n = try r.readInt32(); d = try r.readInt32() }
    public func encode(to w: inout XDRWriter) throws { w.writeInt32(n); w.writeInt32(d) }
    public var description: String { "\(n)/\(d)" }
}

/// `PathPaymentStrictReceiveOp` and `PathPaymentStrictSendOp` share a layout: send asset and
/// amount (send max or exact send), destination, destination asset and amount (exact receive
/// or minimum), and up to 5 intermediate assets.
public struct PathPayment: XDRCodable {
    public var sendAsset: Asset
    public var sendAmount: Int64
    public var destination: MuxedAccount
    public var destAsset: Asset
    public var destAmount: Int64
    public var path: [Asset]

    public init(
        sendAsset: Asset, sendAmount: Int64, destination: MuxedAccount, destAsset: Asset, destAmount: Int64,
        path: [Asset]
    ) {
        self.sendAsset = sendAsset
        self.sendAmount = sendAmount
        self.destination = destination
        self.destAsset = destAsset
        self.destAmount = destAmount
        self.path = path
    }

    public init(from r: inout XDRReader) throws {
        sendAsset = try Asset(from: &r)
        sendAmount = try r.readInt64()
        destination = try MuxedAccount(from: &r)
        destAsset = try Asset(from: &r)
        destAmount = try r.readInt64()
        path = try r.readArray(max: 5) { try Asset(from: &$0) }
    }

    public func encode(to w: inout XDRWriter) throws {
        try sendAsset.encode(to: &w)
        w.writeInt64(sendAmount)
        try destination.encode(to: &w)
        try destAsset.encode(to: &w)
        w.writeInt64(destAmount)
        try w.writeArray(path, max: 5) { try $1.encode(to: &$0) }
    }
}

/// `ManageSellOfferOp`, `ManageBuyOfferOp` (amount is the buy amount) and, without `offerID`,
/// `CreatePassiveSellOfferOp`.
public struct Offer: Sendable, Hashable {
    public var selling: Asset
    public var buying: Asset
    public var amount: Int64
    public var price: Price
    /// 0 creates a new offer; absent for passive offers.
    public var offerID: Int64

    public init(selling: Asset, buying: Asset, amount: Int64, price: Price, offerID: Int64 = 0) {
        (self.selling, self.buying, self.amount, self.price, self.offerID) = (selling, buying, amount, price, offerID)
    }

    init(from r: inout XDRReader, withOfferID: Bool) throws {
        selling = try Asset(from: &r)
        buying = try Asset(from: &r)
        amount = try r.readInt64()
        price = try Price(from: &r)
        offerID = withOfferID ? try r.readInt64() : 0
    }

    func encode(to w: inout XDRWriter, withOfferID: Bool) throws {
        try selling.encode(to: &w)
        try buying.encode(to: &w)
        w.writeInt64(amount)
        try price.encode(to: &w)
        if withOfferID { w.writeInt64(offerID) }
    }
}

/// `Signer`: a key and its weight (0 removes it).
public struct Signer: XDRCodable {
    public var key: SignerKey
    public var weight: UInt32
    public init(key: SignerKey, weight: UInt32) { (self.key, self.weight) = (key, weight) }
    public init(from r: inout XDRReader) throws { key = try SignerKey(from: &r); weight = try r.readUInt32() }
    public func encode(to w: inout XDRWriter) throws { try key.encode(to: &w); w.writeUInt32(weight) }
}

/// `SetOptionsOp`: every field optional.
public struct SetOptions: XDRCodable {
    public var inflationDest: AccountID?
    public var clearFlags: UInt32?
    public var setFlags: UInt32?
    public var masterWeight: UInt32?
    public var lowThreshold: UInt32?
    public var medThreshold: UInt32?
    public var highThreshold: UInt32?
    /// `string32`, raw bytes.
    public var homeDomain: [UInt8]?
    public var signer: Signer?

    public init(
        inflationDest: AccountID? = nil, clearFlags: UInt32? = nil, setFlags: UInt32? = nil,
        masterWeight: UInt32? = nil,
        lowThreshold: UInt32? = nil, medThreshold: UInt32? = nil, highThreshold: UInt32? = nil,
        homeDomain: [UInt8]? = nil, signer: Signer? = nil
    ) {
        self.inflationDest = inflationDest
        self.clearFlags = clearFlags
        self.setFlags = setFlags
        self.masterWeight = masterWeight
        self.lowThreshold = lowThreshold
        self.medThreshold = medThreshold
        self.highThreshold = highThreshold
        self.homeDomain = homeDomain
        self.signer = signer
    }

    public init(from r: inout XDRReader) throws {
        inflationDest = try r.readOptional { try AccountID(from: &$0) }
        clearFlags = try r.readOptional { try $0.readUInt32() }
        setFlags = try r.readOptional { try $0.readUInt32() }
        masterWeight = try r.readOptional { try $0.readUInt32() }
        lowThreshold = try r.readOptional { try $0.readUInt32() }
        medThreshold = try r.readOptional { try $0.readUInt32() }
        highThreshold = try r.readOptional { try $0.readUInt32() }
        homeDomain = try r.readOptional { try $0.readString(max: 32) }
        signer = try r.readOptional { try Signer(from: &$0) }
    }

    public func encode(to w: inout XDRWriter) throws {
        try w.writeOptional(inflationDest) { try $1.encode(to: &$0) }
        for v in [clearFlags, setFlags, masterWeight, lowThreshold, medThreshold, highThreshold] {
            w.writeOptional(v) { $0.writeUInt32($1) }
        }
        try w.writeOptional(homeDomain) { try $0.writeString(bytes: $1, max: 32) }
        try w.writeOptional(signer) { try $1.encode(to: &$0) }
    }
}

/// `LiquidityPoolDepositOp`: up to `maxAmountA` and `maxAmountB` into the pool, at a price
/// (A per B) between `minPrice` and `maxPrice`.
public struct LiquidityPoolDeposit: XDRCodable {
    public var poolID: [UInt8]
    public var maxAmountA: Int64
    public var maxAmountB: Int64
    public var minPrice: Price
    public var maxPrice: Price

    public init(poolID: [UInt8], maxAmountA: Int64, maxAmountB: Int64, minPrice: Price, maxPrice: Price) {
        (self.poolID, self.maxAmountA, self.maxAmountB, self.minPrice, self.maxPrice) = (
            poolID, maxAmountA, maxAmountB, minPrice, maxPrice
        )
    }

    public init(from r: inout XDRReader) throws {
        poolID = try r.read32()
        maxAmountA = try r.readInt64()
        maxAmountB = try r.readInt64()
        minPrice = try Price(from: &r)
        maxPrice = try Price(from: &r)
    }

    public func encode(to w: inout XDRWriter) throws {
        try w.write32(poolID, what: "pool id")
        w.writeInt64(maxAmountA)
        w.writeInt64(maxAmountB)
        try minPrice.encode(to: &w)
        try maxPrice.encode(to: &w)
    }
}

/// `LiquidityPoolWithdrawOp`: `amount` pool shares back for at least `minAmountA` and `minAmountB`.
public struct LiquidityPoolWithdraw: XDRCodable {
    public var poolID: [UInt8]
    public var amount: Int64
    public var minAmountA: Int64
    public var minAmountB: Int64

    public init(poolID: [UInt8], amount: Int64, minAmountA: Int64, minAmountB: Int64) {
        (self.poolID, self.amount, self.minAmountA, self.minAmountB) = (poolID, amount, minAmountA, minAmountB)
    }

    public init(from r: inout XDRReader) throws {
        poolID = try r.read32()
        amount = try r.readInt64()
        minAmountA = try r.readInt64()
        minAmountB = try r.readInt64()
    }

    public func encode(to w: inout XDRWriter) throws {
        try w.write32(poolID, what: "pool id")
        w.writeInt64(amount)
        w.writeInt64(minAmountA)
        w.writeInt64(minAmountB)
    }
}

/// Bytes as quoted text when they are UTF-8, else as hex: the review never hides a byte.
func showText(_ bytes: [UInt8]) -> String {
    if let s = String(validating: bytes, as: UTF8.self) { return s.debugDescription }
    return "0x" + Hex.encode(bytes)
}
