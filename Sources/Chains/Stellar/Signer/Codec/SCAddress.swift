import AirsignEncoding

/// `SCAddress`: what a contract sees as an address (protocol 23): an account (`G…`), a
/// contract (`C…`), a muxed account (`M…`), a claimable balance (`B…`) or a liquidity pool (`L…`).
public enum SCAddress: XDRCodable, CustomStringConvertible {
    case account(AccountID)
    /// The contract id (`ContractID`, a hash).
    case contract([UInt8])
    /// `MuxedEd25519Account`: the id comes first in XDR.
    case muxedAccount(id: UInt64, publicKey: [UInt8])
    case claimableBalance(ClaimableBalanceID)
    /// The pool id (`PoolID`, a hash).
    case liquidityPool([UInt8])

    /// The `SCAddressType` discriminant.
    public var type: Int32 {
        switch self {
        case .account: return 0
        case .contract: return 1
        case .muxedAccount: return 2
        case .claimableBalance: return 3
        case .liquidityPool: return 4
        }
    }

    /// An address from its StrKey: `G…`, `C…`, `M…`, `B…` or `L…`.
    public init(_ strKey: String) throws(StellarError) {
        let decoded: (kind: StrKey.Kind, payload: [UInt8])
        do { decoded = try StrKey.decode(strKey) } catch { throw .invalidAddress(strKey, reason: error.description) }
        let payload = decoded.payload
        switch decoded.kind {
        case .accountID: self = .account(AccountID(unchecked: payload))
        case .contract: self = .contract(payload)
        case .muxedAccount:
            let account = try MuxedAccount(strKey)
            self = .muxedAccount(id: account.id ?? 0, publicKey: account.publicKey)
        case .claimableBalance: self = .claimableBalance(try ClaimableBalanceID(hash: Array(payload.dropFirst())))
        case .liquidityPool: self = .liquidityPool(payload)
        default:
            throw .invalidAddress(
                strKey, reason: "not an account, contract, muxed account, claimable balance or liquidity pool")
        }
    }

    /// The contract address of a 32-byte contract id.
    public static func contract(id: [UInt8]) throws(StellarError) -> SCAddress {
        guard id.count == 32 else { throw .invalidLength(what: "contract id", expected: 32, found: id.count) }
        return .contract(id)
    }

    public init(from r: inout XDRReader) throws {
        let type = try r.readDiscriminant()
        switch type {
        case 0: self = .account(try AccountID(from: &r))
        case 1: self = .contract(try r.read32())
        case 2:
            let id = try r.readUInt64()
            self = .muxedAccount(id: id, publicKey: try r.read32())
        case 3: self = .claimableBalance(try ClaimableBalanceID(from: &r))
        case 4: self = .liquidityPool(try r.read32())
        default: throw r.unknownDiscriminant(type, of: "SCAddressType")
        }
    }

    public func encode(to w: inout XDRWriter) throws {
        w.writeDiscriminant(type)
        switch self {
        case .account(let a): try a.encode(to: &w)
        case .contract(let id): try w.write32(id, what: "contract id")
        case let .muxedAccount(id, key): w.writeUInt64(id); try w.write32(key, what: "public key")
        case .claimableBalance(let b): try b.encode(to: &w)
        case .liquidityPool(let id): try w.write32(id, what: "pool id")
        }
    }

    /// The StrKey (`G…`, `C…`, `M…`, `B…`, `L…`).
    public var description: String {
        let text: String?
        switch self {
        case .account(let a): return a.description
        case .contract(let id): text = try? StrKey.encode(.contract, payload: id)
        case let .muxedAccount(id, key): text = try? StrKey.encodeMuxedAccount(publicKey: key, id: id)
        case .claimableBalance(let b): text = try? StrKey.encode(.claimableBalance, payload: [0] + b.hash)
        case .liquidityPool(let id): text = try? StrKey.encode(.liquidityPool, payload: id)
        }
        return text ?? "<invalid address>"
    }

    /// The Ed25519 key of an account or muxed account address.
    public var accountKey: [UInt8]? {
        switch self {
        case .account(let a): return a.publicKey
        case .muxedAccount(_, let key): return key
        default: return nil
        }
    }
}
