import AirsignEncoding

/// A Soroban value (`SCVal`, Stellar-contract.x): what contract arguments, return values,
/// contract-data keys and authorization signatures are made of.
///
/// Decoding is strict beyond the XDR where the network is: a symbol is 0–32 of `a-z A-Z 0-9 _`,
/// a vector or map is present (the host refuses an absent one), and a map's keys are strictly
/// increasing in the host's order (`SCVal.compare`), so no key appears twice and one map has
/// one encoding. Vectors, maps and contract instances count against the reader's nesting limit
/// (`XDRLimits.maxDepth`).
public indirect enum SCVal: XDRCodable {
    case bool(Bool)
    case void
    case error(SCError)
    case u32(UInt32)
    case i32(Int32)
    case u64(UInt64)
    case i64(Int64)
    /// Seconds since 1970.
    case timepoint(UInt64)
    /// Seconds.
    case duration(UInt64)
    case u128(UInt128Parts)
    case i128(Int128Parts)
    case u256(UInt256Parts)
    case i256(Int256Parts)
    case bytes([UInt8])
    /// `string<>`: raw bytes, not necessarily UTF-8.
    case string([UInt8])
    /// At most 32 characters of `a-z A-Z 0-9 _`, as bytes.
    case symbol([UInt8])
    case vec([SCVal])
    case map([SCMapEntry])
    case address(SCAddress)
    case contractInstance(SCContractInstance)
    /// The key of a contract's instance entry.
    case ledgerKeyContractInstance
    /// The key of an address's nonce entry.
    case ledgerKeyNonce(Int64)
    /// `SCV_EXECUTABLE_TAG` (CAP-85, protocol 28): the key of the entry in which an owner
    /// contract names the Wasm that contracts referring to the tag run; an `SCString`, raw bytes.
    case executableTag([UInt8])

    /// The `SCValType` discriminant.
    public var type: Int32 {
        switch self {
        case .bool: return 0
        case .void: return 1
        case .error: return 2
        case .u32: return 3
        case .i32: return 4
        case .u64: return 5
        case .i64: return 6
        case .timepoint: return 7
        case .duration: return 8
        case .u128: return 9
        case .i128: return 10
        case .u256: return 11
        case .i256: return 12
        case .bytes: return 13
        case .string: return 14
        case .symbol: return 15
        case .vec: return 16
        case .map: return 17
        case .address: return 18
        case .contractInstance: return 19
        case .ledgerKeyContractInstance: return 20
        case .ledgerKeyNonce: return 21
        case .executableTag: return 22
        }
    }

    /// A symbol from its text, checked.
    public static func symbol(_ text: String) throws(StellarError) -> SCVal {
        let bytes = Array(text.utf8)
        try checkSymbol(bytes)
        return .symbol(bytes)
    }

    public init(from r: inout XDRReader) throws {
        self = try r.nestedValue { r in
            let type = try r.readDiscriminant()
            switch type {
            case 0: return .bool(try r.readBool())
            case 1: return .void
            case 2: return .error(try SCError(from: &r))
            case 3: return .u32(try r.readUInt32())
            case 4: return .i32(try r.readInt32())
            case 5: return .u64(try r.readUInt64())
            case 6: return .i64(try r.readInt64())
            case 7: return .timepoint(try r.readUInt64())
            case 8: return .duration(try r.readUInt64())
            case 9: return .u128(try UInt128Parts(from: &r))
            case 10: return .i128(try Int128Parts(from: &r))
            case 11: return .u256(try UInt256Parts(from: &r))
            case 12: return .i256(try Int256Parts(from: &r))
            case 13: return .bytes(try r.readVariableOpaque())
            case 14: return .string(try r.readString())
            case 15: return .symbol(try readSymbol(&r))
            case 16:
                guard let items = try r.readOptional({ try $0.readArray { try SCVal(from: &$0) } }) else {
                    throw StellarError.scVal(.absentVec)
                }
                return .vec(items)
            case 17:
                guard let entries = try r.readOptional({ try readMap(&$0) }) else {
                    throw StellarError.scVal(.absentMap)
                }
                return .map(entries)
            case 18: return .address(try SCAddress(from: &r))
            case 19: return .contractInstance(try SCContractInstance(from: &r))
            case 20: return .ledgerKeyContractInstance
            case 21: return .ledgerKeyNonce(try r.readInt64())
            case 22: return .executableTag(try r.readString())
            default: throw r.unknownDiscriminant(type, of: "SCValType")
            }
        }
    }

    public func encode(to w: inout XDRWriter) throws {
        w.writeDiscriminant(type)
        switch self {
        case .bool(let b): w.writeBool(b)
        case .void, .ledgerKeyContractInstance: break
        case .error(let e): try e.encode(to: &w)
        case .u32(let v): w.writeUInt32(v)
        case .i32(let v): w.writeInt32(v)
        case .u64(let v), .timepoint(let v), .duration(let v): w.writeUInt64(v)
        case .i64(let v), .ledgerKeyNonce(let v): w.writeInt64(v)
        case .u128(let v): try v.encode(to: &w)
        case .i128(let v): try v.encode(to: &w)
        case .u256(let v): try v.encode(to: &w)
        case .i256(let v): try v.encode(to: &w)
        case .bytes(let b): try w.writeVariableOpaque(b)
        case .string(let s), .executableTag(let s): try w.writeString(bytes: s)
        case .symbol(let s):
            try Self.checkSymbol(s)
            try w.writeString(bytes: s, max: Self.symbolLimit)
        case .vec(let items):
            w.writeUInt32(1)
            try w.writeArray(items) { try $1.encode(to: &$0) }
        case .map(let entries):
            try checkMapOrder(entries)
            w.writeUInt32(1)
            try w.writeArray(entries) { try $1.encode(to: &$0) }
        case .address(let a): try a.encode(to: &w)
        case .contractInstance(let i): try i.encode(to: &w)
        }
    }

    /// `SCSYMBOL_LIMIT`.
    public static let symbolLimit = 32

    static func checkSymbol(_ bytes: [UInt8]) throws(StellarError) {
        guard bytes.count <= symbolLimit else { throw .scVal(.symbolLength(bytes: bytes.count, limit: symbolLimit)) }
        let allowed = bytes.allSatisfy {
            (0x30...0x39).contains($0) || (0x41...0x5a).contains($0) || (0x61...0x7a).contains($0) || $0 == 0x5f
        }
        guard allowed else { throw .scVal(.symbolCharacter(shown: showText(bytes))) }
    }
}

/// Reads an `SCSymbol`, checked as the host checks it.
func readSymbol(_ r: inout XDRReader) throws -> [UInt8] {
    let bytes = try r.readString(max: SCVal.symbolLimit)
    try SCVal.checkSymbol(bytes)
    return bytes
}

/// Reads an `SCMap`, refusing keys that are not strictly increasing.
private func readMap(_ r: inout XDRReader) throws -> [SCMapEntry] {
    let entries = try r.readArray(minimumElementSize: 8) { try SCMapEntry(from: &$0) }
    try checkMapOrder(entries)
    return entries
}

/// Map keys must be strictly increasing in the host's order: a key out of order or twice is refused.
func checkMapOrder(_ entries: [SCMapEntry]) throws(StellarError) {
    for i in entries.indices.dropFirst() {
        let order = SCVal.compare(entries[i - 1].key, entries[i].key)
        if order == 0 { throw .scVal(.repeatedKey(key: i + 1, type: entries[i].key.typeName)) }
        if order > 0 { throw .scVal(.keyOutOfOrder(key: i + 1, type: entries[i].key.typeName)) }
    }
}

extension XDRReader {
    /// `nested`, with the nesting limit named as an SCVal limit.
    mutating func nestedValue<T>(_ body: (inout XDRReader) throws -> T) throws -> T {
        do {
            return try nested(body)
        } catch EncodingError.limitExceeded(_, let limit) where limit.hasPrefix("nesting") {
            throw StellarError.tooDeep(place: nil, limit: XDRLimits.maxDepth)
        }
    }
}

/// One entry of an `SCMap`.
public struct SCMapEntry: XDRCodable {
    public var key: SCVal
    public var val: SCVal
    public init(key: SCVal, val: SCVal) { (self.key, self.val) = (key, val) }
    public init(from r: inout XDRReader) throws { key = try SCVal(from: &r); val = try SCVal(from: &r) }
    public func encode(to w: inout XDRWriter) throws { try key.encode(to: &w); try val.encode(to: &w) }
}

/// `SCError`: a contract's own code, or a host subsystem (types 1–9) with an `SCErrorCode` (0–9).
public struct SCError: XDRCodable, CustomStringConvertible {
    /// `SCErrorType` 0–9.
    public let type: Int32
    /// The contract's code (type 0) or the `SCErrorCode` (0–9).
    public let code: UInt32

    public init(type: Int32, code: UInt32) throws(StellarError) {
        guard (0...9).contains(type), type == 0 || code <= 9 else { throw .scVal(.errorCode(type: type, code: code)) }
        (self.type, self.code) = (type, code)
    }

    public init(from r: inout XDRReader) throws {
        type = try r.readDiscriminant()
        guard (0...9).contains(type) else { throw r.unknownDiscriminant(type, of: "SCErrorType") }
        let start = r.offset
        code = try r.readUInt32()
        guard type == 0 || code <= 9 else {
            throw EncodingError.invalidValue(codec: "XDR", offset: start, reason: "unknown SCErrorCode \(code)")
        }
    }

    public func encode(to w: inout XDRWriter) throws { w.writeDiscriminant(type); w.writeUInt32(code) }

    static let types = [
        "contract", "wasm_vm", "context", "storage", "object", "crypto", "events", "budget", "value", "auth",
    ]
    static let codes = [
        "arith_domain", "index_bounds", "invalid_input", "missing_value", "existing_value", "exceeded_limit",
        "invalid_action", "internal_error", "unexpected_type", "unexpected_size",
    ]

    /// `contract error 7`, `auth error invalid_action`.
    public var description: String {
        let typeName = Self.types[Int(type)]
        if type == 0 { return "contract error \(code)" }
        return "\(typeName) error \(Self.codes[Int(code)])"
    }
}

/// `UInt128Parts`: `hi << 64 | lo`.
public struct UInt128Parts: XDRCodable {
    public var hi: UInt64
    public var lo: UInt64
    public init(hi: UInt64, lo: UInt64) { (self.hi, self.lo) = (hi, lo) }
    public init(from r: inout XDRReader) throws { hi = try r.readUInt64(); lo = try r.readUInt64() }
    public func encode(to w: inout XDRWriter) throws { w.writeUInt64(hi); w.writeUInt64(lo) }
}

/// `Int128Parts`: a signed `hi` carrying the sign, then the low 64 bits.
public struct Int128Parts: XDRCodable {
    public var hi: Int64
    public var lo: UInt64
    public init(hi: Int64, lo: UInt64) { (self.hi, self.lo) = (hi, lo) }
    public init(from r: inout XDRReader) throws { hi = try r.readInt64(); lo = try r.readUInt64() }
    public func encode(to w: inout XDRWriter) throws { w.writeInt64(hi); w.writeUInt64(lo) }
}

/// `UInt256Parts`, most significant word first.
public struct UInt256Parts: XDRCodable {
    public var hiHi: UInt64, hiLo: UInt64, loHi: UInt64, loLo: UInt64
    public init(hiHi: UInt64, hiLo: UInt64, loHi: UInt64, loLo: UInt64) {
        (self.hiHi, self.hiLo, self.loHi, self.loLo) = (hiHi, hiLo, loHi, loLo)
    }
    public init(from r: inout XDRReader) throws {
        hiHi = try r.readUInt64(); hiLo = try r.readUInt64(); loHi = try r.readUInt64(); loLo = try r.readUInt64()
    }
    public func encode(to w: inout XDRWriter) throws {
        w.writeUInt64(hiHi); w.writeUInt64(hiLo); w.writeUInt64(loHi); w.writeUInt64(loLo)
    }
}

/// `Int256Parts`: a signed most significant word, then three unsigned ones.
public struct Int256Parts: XDRCodable {
    public var hiHi: Int64, hiLo: UInt64, loHi: UInt64, loLo: UInt64
    public init(hiHi: Int64, hiLo: UInt64, loHi: UInt64, loLo: UInt64) {
        (self.hiHi, self.hiLo, self.loHi, self.loLo) = (hiHi, hiLo, loHi, loLo)
    }
    public init(from r: inout XDRReader) throws {
        hiHi = try r.readInt64(); hiLo = try r.readUInt64(); loHi = try r.readUInt64(); loLo = try r.readUInt64()
    }
    public func encode(to w: inout XDRWriter) throws {
        w.writeInt64(hiHi); w.writeUInt64(hiLo); w.writeUInt64(loHi); w.writeUInt64(loLo)
    }
}

/// `SCContractInstance`: a contract's executable and its instance storage.
public struct SCContractInstance: XDRCodable {
    public var executable: ContractExecutable
    /// `SCMap*`: absent when the instance has no storage.
    public var storage: [SCMapEntry]?

    public init(executable: ContractExecutable, storage: [SCMapEntry]?) {
        (self.executable, self.storage) = (executable, storage)
    }

    public init(from r: inout XDRReader) throws {
        executable = try ContractExecutable(from: &r)
        storage = try r.readOptional { try readMap(&$0) }
    }

    public func encode(to w: inout XDRWriter) throws {
        try executable.encode(to: &w)
        if let storage { try checkMapOrder(storage) }
        try w.writeOptional(storage) { try $0.writeArray($1) { try $1.encode(to: &$0) } }
    }
}

/// `ContractExecutable`: Wasm code by its hash, the built-in Stellar Asset Contract, or (CAP-85,
/// protocol 28) a reference: the Wasm that the owner contract's persistent entry keyed by
/// `SCV_EXECUTABLE_TAG(tag)` names, which the owner may change at any time.
public enum ContractExecutable: XDRCodable {
    case wasm(hash: [UInt8])
    case stellarAsset
    /// `ContractExecutableExternalRef`: `executable_owner` and `tag` (an `SCString`, raw bytes).
    case externalRef(owner: SCAddress, tag: [UInt8])

    public init(from r: inout XDRReader) throws {
        let type = try r.readDiscriminant()
        switch type {
        case 0: self = .wasm(hash: try r.read32())
        case 1: self = .stellarAsset
        case 2:
            let owner = try SCAddress(from: &r)
            self = .externalRef(owner: owner, tag: try r.readString())
        default: throw r.unknownDiscriminant(type, of: "ContractExecutableType")
        }
    }

    public func encode(to w: inout XDRWriter) throws {
        switch self {
        case .wasm(let hash): w.writeDiscriminant(0); try w.write32(hash, what: "Wasm hash")
        case .stellarAsset: w.writeDiscriminant(1)
        case let .externalRef(owner, tag):
            w.writeDiscriminant(2); try owner.encode(to: &w); try w.writeString(bytes: tag)
        }
    }
}
