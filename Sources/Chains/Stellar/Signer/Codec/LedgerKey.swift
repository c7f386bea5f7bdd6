import AirsignEncoding

/// `ContractDataDurability`: temporary entries expire for good; persistent ones are archived
/// and can be restored.
public enum ContractDataDurability: Int32, Sendable, Hashable {
    case temporary = 0
    case persistent = 1
}

/// A `LedgerKey`: the key of any ledger entry, classic (what a sponsorship is revoked on) or
/// Soroban (what a footprint lists).
public enum LedgerKey: XDRCodable, CustomStringConvertible {
    case account(AccountID)
    case trustLine(account: AccountID, asset: TrustLineAsset)
    case offer(seller: AccountID, offerID: Int64)
    /// `dataName` is a `string64`, raw bytes.
    case data(account: AccountID, name: [UInt8])
    case claimableBalance(ClaimableBalanceID)
    case liquidityPool(poolID: [UInt8])
    case contractData(contract: SCAddress, key: SCVal, durability: ContractDataDurability)
    case contractCode(hash: [UInt8])
    /// A `ConfigSettingID` (0–20 in stellar-sdk 16's XDR); footprints may not hold one.
    case configSetting(Int32)
    /// The TTL entry of the ledger key whose SHA-256 is `keyHash`.
    case ttl(keyHash: [UInt8])

    /// The highest `ConfigSettingID` the XDR defines.
    static let lastConfigSetting: Int32 = 20

    public init(from r: inout XDRReader) throws {
        let type = try r.readDiscriminant()
        switch type {
        case 0: self = .account(try AccountID(from: &r))
        case 1: self = .trustLine(account: try AccountID(from: &r), asset: try TrustLineAsset(from: &r))
        case 2: self = .offer(seller: try AccountID(from: &r), offerID: try r.readInt64())
        case 3: self = .data(account: try AccountID(from: &r), name: try r.readString(max: 64))
        case 4: self = .claimableBalance(try ClaimableBalanceID(from: &r))
        case 5: self = .liquidityPool(poolID: try r.read32())
        case 6:
            let contract = try SCAddress(from: &r)
            let key = try SCVal(from: &r)
            let durability = try r.readDiscriminant()
            guard let value = ContractDataDurability(rawValue: durability) else {
                throw r.unknownDiscriminant(durability, of: "ContractDataDurability")
            }
            self = .contractData(contract: contract, key: key, durability: value)
        case 7: self = .contractCode(hash: try r.read32())
        case 8:
            let id = try r.readDiscriminant()
            guard (0...Self.lastConfigSetting).contains(id) else {
                throw r.unknownDiscriminant(id, of: "ConfigSettingID")
            }
            self = .configSetting(id)
        case 9: self = .ttl(keyHash: try r.read32())
        default: throw r.unknownDiscriminant(type, of: "LedgerEntryType")
        }
    }

    public func encode(to w: inout XDRWriter) throws {
        switch self {
        case .account(let a): w.writeDiscriminant(0); try a.encode(to: &w)
        case let .trustLine(a, asset): w.writeDiscriminant(1); try a.encode(to: &w); try asset.encode(to: &w)
        case let .offer(s, id): w.writeDiscriminant(2); try s.encode(to: &w); w.writeInt64(id)
        case let .data(a, name): w.writeDiscriminant(3); try a.encode(to: &w); try w.writeString(bytes: name, max: 64)
        case .claimableBalance(let id): w.writeDiscriminant(4); try id.encode(to: &w)
        case .liquidityPool(let id): w.writeDiscriminant(5); try w.write32(id, what: "pool id")
        case let .contractData(contract, key, durability):
            w.writeDiscriminant(6); try contract.encode(to: &w); try key.encode(to: &w);
            w.writeDiscriminant(durability.rawValue)
        case .contractCode(let hash): w.writeDiscriminant(7); try w.write32(hash, what: "contract code hash")
        case .configSetting(let id):
            guard (0...Self.lastConfigSetting).contains(id) else {
                throw StellarError.configSettingID(id, last: Self.lastConfigSetting)
            }
            w.writeDiscriminant(8); w.writeDiscriminant(id)
        case .ttl(let hash): w.writeDiscriminant(9); try w.write32(hash, what: "TTL key hash")
        }
    }

    public var description: String {
        switch self {
        case .account(let a): return "account \(a)"
        case let .trustLine(a, asset): return "trust line of \(a) for \(asset)"
        case let .offer(s, id): return "offer \(id) of \(s)"
        case let .data(a, name): return "data entry \(showText(name)) of \(a)"
        case .claimableBalance(let id): return "claimable balance \(id)"
        case .liquidityPool(let id): return "liquidity pool \(Hex.encode(id))"
        case let .contractData(contract, key, durability):
            let what: String
            switch key {
            case .ledgerKeyContractInstance: what = "instance"
            case .ledgerKeyNonce(let n): what = "nonce \(n)"
            default: what = "data \(SCValText.inline(key))"
            }
            return "contract \(contract) \(what) (\(durability == .temporary ? "temporary" : "persistent"))"
        case .contractCode(let hash): return "contract code (Wasm hash \(Hex.encode(hash)))"
        case .configSetting(let id): return "config setting \(id)"
        case .ttl(let hash): return "TTL of the entry whose key hash is \(Hex.encode(hash))"
        }
    }
}
