/// A Candid type without recursion: what the encoder writes and what known methods' argument
/// types are compared against (Candid spec, "Types").
public indirect enum CandidType: Hashable, Sendable {
    case null, bool, nat, int, nat8, nat16, nat32, nat64, int8, int16, int32, int64, float32, float64, text, reserved, empty, principal
    case opt(CandidType)
    case vec(CandidType)
    /// Fields sorted by id.
    case record([CandidField])
    case variant([CandidField])

    /// `blob`, i.e. `vec nat8`.
    public static let blob = CandidType.vec(.nat8)

    /// The SLEB128 opcode of a primitive type (one byte each: 0x7f null … 0x68 principal).
    var primitiveOpcode: UInt8? {
        switch self {
        case .null: return 0x7f
        case .bool: return 0x7e
        case .nat: return 0x7d
        case .int: return 0x7c
        case .nat8: return 0x7b
        case .nat16: return 0x7a
        case .nat32: return 0x79
        case .nat64: return 0x78
        case .int8: return 0x77
        case .int16: return 0x76
        case .int32: return 0x75
        case .int64: return 0x74
        case .float32: return 0x73
        case .float64: return 0x72
        case .text: return 0x71
        case .reserved: return 0x70
        case .empty: return 0x6f
        case .principal: return 0x68
        case .opt, .vec, .record, .variant: return nil
        }
    }

    static func primitive(opcode: UInt8) -> CandidType? {
        let all: [CandidType] = [.null, .bool, .nat, .int, .nat8, .nat16, .nat32, .nat64, .int8, .int16, .int32, .int64,
                                 .float32, .float64, .text, .reserved, .empty, .principal]
        return all.first { $0.primitiveOpcode == opcode }
    }

    /// The primitive type of a negative type reference (its SLEB128 byte is the opcode).
    static func primitive(reference: Int) -> CandidType? {
        guard reference >= -17 || reference == -24 else { return nil }
        guard reference < 0 else { return nil }
        return primitive(opcode: UInt8(truncatingIfNeeded: reference & 0x7f))
    }

    /// A record with `fields` given by name, sorted by their hashes as the wire needs.
    public static func record(_ fields: [(String, CandidType)]) -> CandidType {
        .record(fields.map { CandidField($0.0, $0.1) }.sorted { $0.id < $1.id })
    }
}

/// One field of a record or variant: its id (the hash of its name) and type.
public struct CandidField: Hashable, Sendable {
    public let id: UInt32
    public let type: CandidType

    public init(id: UInt32, type: CandidType) {
        self.id = id
        self.type = type
    }

    public init(_ name: String, _ type: CandidType) {
        self.init(id: CandidLabel.hash(name), type: type)
    }
}

/// Field names and their ids (`h = h·223 + byte mod 2^32`), and the names the review knows.
public enum CandidLabel {
    public static func hash(_ name: String) -> UInt32 {
        name.utf8.reduce(UInt32(0)) { $0 &* 223 &+ UInt32($1) }
    }

    /// Labels of the ledger and ICRC-1 interfaces (quill's ledger.did and icrc1.did), so the
    /// decoded arguments and replies show names instead of numbers.
    static let knownNames: [String] = [
        "to", "fee", "memo", "amount", "from_subaccount", "created_at_time", "e8s", "timestamp_nanos", "owner", "subaccount",
        "Ok", "Err", "BadFee", "expected_fee", "InsufficientFunds", "balance", "TxTooOld", "allowed_window_nanos",
        "TxCreatedInFuture", "TxDuplicate", "duplicate_of", "BadBurn", "min_burn_amount", "TooOld", "CreatedInFuture",
        "ledger_time", "TemporarilyUnavailable", "Duplicate", "GenericError", "error_code", "message", "spender", "from",
        "expires_at", "expected_allowance", "Expired", "AllowanceChanged", "current_allowance", "InsufficientAllowance",
        "allowance", "canister_id", "account", "name", "symbol", "decimals", "value", "Nat", "Int", "Text", "Blob",
    ]

    static let names: [UInt32: String] = {
        var table: [UInt32: String] = [:]
        for name in knownNames { table[hash(name)] = name }
        return table
    }()

    /// The name of `id` when known, else the number.
    public static func display(_ id: UInt32) -> String { names[id] ?? String(id) }
}
