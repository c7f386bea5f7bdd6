import AirsignEncoding

/// How a revoke-sponsorship operation names what it revokes.
public enum RevokeSponsorship: Sendable, Hashable {
    case ledgerEntry(LedgerKey)
    case signer(account: AccountID, key: SignerKey)
}

/// The body of an operation: every operation of the current protocol except inflation (type 9,
/// retired in protocol 12), which is refused when decoding.
public enum OperationBody: Sendable, Hashable {
    case createAccount(destination: AccountID, startingBalance: Int64)
    case payment(destination: MuxedAccount, asset: Asset, amount: Int64)
    /// `sendAmount` is the send maximum, `destAmount` the exact amount received.
    case pathPaymentStrictReceive(PathPayment)
    case manageSellOffer(Offer)
    /// `offerID` is unused (always 0).
    case createPassiveSellOffer(Offer)
    case setOptions(SetOptions)
    /// `limit` 0 removes the trust line.
    case changeTrust(line: ChangeTrustAsset, limit: Int64)
    case allowTrust(trustor: AccountID, code: AssetCode, authorize: UInt32)
    case accountMerge(destination: MuxedAccount)
    /// `value` nil deletes the entry. Both are raw bytes (`string64`, `opaque<64>`).
    case manageData(name: [UInt8], value: [UInt8]?)
    case bumpSequence(bumpTo: Int64)
    /// `amount` is the amount bought.
    case manageBuyOffer(Offer)
    /// `sendAmount` is the exact amount sent, `destAmount` the minimum received.
    case pathPaymentStrictSend(PathPayment)
    case createClaimableBalance(asset: Asset, amount: Int64, claimants: [Claimant])
    case claimClaimableBalance(ClaimableBalanceID)
    case beginSponsoringFutureReserves(sponsored: AccountID)
    case endSponsoringFutureReserves
    case revokeSponsorship(RevokeSponsorship)
    case clawback(asset: Asset, from: MuxedAccount, amount: Int64)
    case clawbackClaimableBalance(ClaimableBalanceID)
    case setTrustLineFlags(trustor: AccountID, asset: Asset, clearFlags: UInt32, setFlags: UInt32)
    case liquidityPoolDeposit(LiquidityPoolDeposit)
    case liquidityPoolWithdraw(LiquidityPoolWithdraw)
    /// The host function and the authorization entries it carries.
    case invokeHostFunction(HostFunction, auth: [SorobanAuthorizationEntry])
    /// Extends the TTL of the footprint's read-only entries to `extendTo` ledgers from now.
    case extendFootprintTTL(extendTo: UInt32)
    /// Restores the footprint's archived read-write entries.
    case restoreFootprint

    /// The `OperationType` discriminant.
    public var type: Int32 {
        switch self {
        case .createAccount: return 0
        case .payment: return 1
        case .pathPaymentStrictReceive: return 2
        case .manageSellOffer: return 3
        case .createPassiveSellOffer: return 4
        case .setOptions: return 5
        case .changeTrust: return 6
        case .allowTrust: return 7
        case .accountMerge: return 8
        case .manageData: return 10
        case .bumpSequence: return 11
        case .manageBuyOffer: return 12
        case .pathPaymentStrictSend: return 13
        case .createClaimableBalance: return 14
        case .claimClaimableBalance: return 15
        case .beginSponsoringFutureReserves: return 16
        case .endSponsoringFutureReserves: return 17
        case .revokeSponsorship: return 18
        case .clawback: return 19
        case .clawbackClaimableBalance: return 20
        case .setTrustLineFlags: return 21
        case .liquidityPoolDeposit: return 22
        case .liquidityPoolWithdraw: return 23
        case .invokeHostFunction: return 24
        case .extendFootprintTTL: return 25
        case .restoreFootprint: return 26
        }
    }

    init(from r: inout XDRReader) throws {
        let type = try r.readDiscriminant()
        switch type {
        case 0: self = .createAccount(destination: try AccountID(from: &r), startingBalance: try r.readInt64())
        case 1:
            self = .payment(
                destination: try MuxedAccount(from: &r), asset: try Asset(from: &r), amount: try r.readInt64())
        case 2: self = .pathPaymentStrictReceive(try PathPayment(from: &r))
        case 3: self = .manageSellOffer(try Offer(from: &r, withOfferID: true))
        case 4: self = .createPassiveSellOffer(try Offer(from: &r, withOfferID: false))
        case 5: self = .setOptions(try SetOptions(from: &r))
        case 6: self = .changeTrust(line: try ChangeTrustAsset(from: &r), limit: try r.readInt64())
        case 7:
            let trustor = try AccountID(from: &r)
            let codeType = try r.readDiscriminant()
            guard codeType == 1 || codeType == 2 else { throw r.unknownDiscriminant(codeType, of: "AssetCode") }
            let code = try AssetCode.read(&r, alphanum12: codeType == 2)
            self = .allowTrust(trustor: trustor, code: code, authorize: try r.readUInt32())
        case 8: self = .accountMerge(destination: try MuxedAccount(from: &r))
        case 9: throw StellarError.retiredOperation(name: "inflation", type: 9, retiredIn: 12)
        case 10:
            self = .manageData(
                name: try r.readString(max: 64), value: try r.readOptional { try $0.readVariableOpaque(max: 64) })
        case 11: self = .bumpSequence(bumpTo: try r.readInt64())
        case 12: self = .manageBuyOffer(try Offer(from: &r, withOfferID: true))
        case 13: self = .pathPaymentStrictSend(try PathPayment(from: &r))
        case 14:
            let asset = try Asset(from: &r)
            let amount = try r.readInt64()
            self = .createClaimableBalance(
                asset: asset, amount: amount, claimants: try r.readArray(max: 10) { try Claimant(from: &$0) })
        case 15: self = .claimClaimableBalance(try ClaimableBalanceID(from: &r))
        case 16: self = .beginSponsoringFutureReserves(sponsored: try AccountID(from: &r))
        case 17: self = .endSponsoringFutureReserves
        case 18:
            let kind = try r.readDiscriminant()
            switch kind {
            case 0: self = .revokeSponsorship(.ledgerEntry(try LedgerKey(from: &r)))
            case 1: self = .revokeSponsorship(.signer(account: try AccountID(from: &r), key: try SignerKey(from: &r)))
            default: throw r.unknownDiscriminant(kind, of: "RevokeSponsorshipType")
            }
        case 19:
            self = .clawback(asset: try Asset(from: &r), from: try MuxedAccount(from: &r), amount: try r.readInt64())
        case 20: self = .clawbackClaimableBalance(try ClaimableBalanceID(from: &r))
        case 21:
            self = .setTrustLineFlags(
                trustor: try AccountID(from: &r), asset: try Asset(from: &r),
                clearFlags: try r.readUInt32(), setFlags: try r.readUInt32())
        case 22: self = .liquidityPoolDeposit(try LiquidityPoolDeposit(from: &r))
        case 23: self = .liquidityPoolWithdraw(try LiquidityPoolWithdraw(from: &r))
        case 24:
            let function = try HostFunction(from: &r)
            var index = 0
            let auth = try r.readArray { r in
                defer { index += 1 }
                do { return try SorobanAuthorizationEntry(from: &r) } catch {
                    throw StellarError.inAuthorization(index: index, StellarError.wrap(error))
                }
            }
            self = .invokeHostFunction(function, auth: auth)
        case 25:
            try readExtensionPoint(&r)
            self = .extendFootprintTTL(extendTo: try r.readUInt32())
        case 26:
            try readExtensionPoint(&r)
            self = .restoreFootprint
        default: throw StellarError.unknownOperationType(type)
        }
    }

    func encode(to w: inout XDRWriter) throws {
        w.writeDiscriminant(type)
        switch self {
        case let .createAccount(d, b): try d.encode(to: &w); w.writeInt64(b)
        case let .payment(d, a, n): try d.encode(to: &w); try a.encode(to: &w); w.writeInt64(n)
        case .pathPaymentStrictReceive(let p), .pathPaymentStrictSend(let p): try p.encode(to: &w)
        case .manageSellOffer(let o), .manageBuyOffer(let o): try o.encode(to: &w, withOfferID: true)
        case .createPassiveSellOffer(let o): try o.encode(to: &w, withOfferID: false)
        case .setOptions(let s): try s.encode(to: &w)
        case let .changeTrust(line, limit): try line.encode(to: &w); w.writeInt64(limit)
        case let .allowTrust(t, code, auth):
            try t.encode(to: &w)
            w.writeDiscriminant(code.isAlphanum12 ? 2 : 1)
            try w.writeFixedOpaque(code.raw, length: code.raw.count)
            w.writeUInt32(auth)
        case .accountMerge(let d): try d.encode(to: &w)
        case let .manageData(name, value):
            try w.writeString(bytes: name, max: 64)
            try w.writeOptional(value) { try $0.writeVariableOpaque($1, max: 64) }
        case .bumpSequence(let to): w.writeInt64(to)
        case let .createClaimableBalance(asset, amount, claimants):
            try asset.encode(to: &w); w.writeInt64(amount)
            try w.writeArray(claimants, max: 10) { try $1.encode(to: &$0) }
        case .claimClaimableBalance(let id), .clawbackClaimableBalance(let id): try id.encode(to: &w)
        case .beginSponsoringFutureReserves(let a): try a.encode(to: &w)
        case .endSponsoringFutureReserves: break
        case .revokeSponsorship(.ledgerEntry(let key)): w.writeDiscriminant(0); try key.encode(to: &w)
        case let .revokeSponsorship(.signer(account, key)):
            w.writeDiscriminant(1); try account.encode(to: &w); try key.encode(to: &w)
        case let .clawback(asset, from, amount): try asset.encode(to: &w); try from.encode(to: &w); w.writeInt64(amount)
        case let .setTrustLineFlags(t, asset, clear, set):
            try t.encode(to: &w); try asset.encode(to: &w); w.writeUInt32(clear); w.writeUInt32(set)
        case .liquidityPoolDeposit(let d): try d.encode(to: &w)
        case .liquidityPoolWithdraw(let d): try d.encode(to: &w)
        case let .invokeHostFunction(function, auth):
            try function.encode(to: &w)
            try w.writeArray(auth) { try $1.encode(to: &$0) }
        case .extendFootprintTTL(let to): w.writeDiscriminant(0); w.writeUInt32(to)
        case .restoreFootprint: w.writeDiscriminant(0)
        }
    }
}

/// `ExtensionPoint`: only version 0 (void) exists.
func readExtensionPoint(_ r: inout XDRReader) throws {
    let ext = try r.readDiscriminant()
    guard ext == 0 else { throw r.unknownDiscriminant(ext, of: "ExtensionPoint") }
}

/// An `Operation`: an optional source account (defaults to the transaction's) and a body.
public struct Operation: XDRCodable {
    /// The operation's own source; nil means the transaction's source.
    public var source: MuxedAccount?
    public var body: OperationBody

    /// An operation, by default on the transaction's source account.
    public init(source: MuxedAccount? = nil, body: OperationBody) { (self.source, self.body) = (source, body) }

    public init(from r: inout XDRReader) throws {
        source = try r.readOptional { try MuxedAccount(from: &$0) }
        body = try OperationBody(from: &r)
    }

    public func encode(to w: inout XDRWriter) throws {
        try w.writeOptional(source) { try $1.encode(to: &$0) }
        try body.encode(to: &w)
    }
}
