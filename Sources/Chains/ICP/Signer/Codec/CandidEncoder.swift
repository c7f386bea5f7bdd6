import AirsignEncoding
import BigInt

/// Writes Candid messages (`DIDL`, type table, argument types, values) for the types this
/// code builds. The type table is laid out like the Rust `candid` crate's (`ser.rs`
/// `build_type`): each composite type gets its index before its children, children in
/// field-id order, structurally equal types share one entry; so our bytes match quill's.
public enum CandidEncoder {
    public static let magic: [UInt8] = Array("DIDL".utf8)

    public static func encode(_ args: [(type: CandidType, value: CandidValue)]) throws(ICPError) -> [UInt8] {
        var table = TypeTable()
        for arg in args { table.add(arg.type) }
        var out = magic + LEB128.encode(UInt64(table.entries.count))
        for entry in table.entries { out += entry }
        out += LEB128.encode(UInt64(args.count))
        for arg in args { out += table.reference(arg.type) }
        for arg in args { try write(arg.value, as: arg.type, into: &out) }
        return out
    }

    static func write(_ value: CandidValue, as type: CandidType, into out: inout [UInt8]) throws(ICPError) {
        switch (type, value) {
        case (.null, .null), (.reserved, _): break
        case let (.bool, .bool(b)): out.append(b ? 1 : 0)
        case let (.nat, .nat(n)): out += natLEB(n)
        case let (.nat8, .nat8(n)): out.append(n)
        case let (.nat16, .nat16(n)): out += littleEndian(n)
        case let (.nat32, .nat32(n)): out += littleEndian(n)
        case let (.nat64, .nat64(n)): out += littleEndian(n)
        case let (.int64, .int64(n)): out += littleEndian(n)
        case let (.text, .text(t)):
            out += LEB128.encode(UInt64(t.utf8.count)) + Array(t.utf8)
        case let (.principal, .principal(p)):
            out += [1] + LEB128.encode(UInt64(p.bytes.count)) + p.bytes
        case let (.opt(inner), .opt(v)):
            if let v {
                out.append(1)
                try write(v, as: inner, into: &out)
            } else {
                out.append(0)
            }
        case let (.vec(.nat8), .blob(bytes)):
            out += LEB128.encode(UInt64(bytes.count)) + bytes
        case let (.vec(inner), .vec(items)):
            out += LEB128.encode(UInt64(items.count))
            for item in items { try write(item, as: inner, into: &out) }
        case let (.record(fields), .record(values)):
            guard fields.map(\.id) == values.map(\.id) else {
                throw .malformed(field: "Candid record", reason: "the value's fields do not match the type's")
            }
            for (field, value) in zip(fields, values) { try write(value.value, as: field.type, into: &out) }
        case let (.variant(fields), .variant(chosen)):
            guard let index = fields.firstIndex(where: { $0.id == chosen.id }) else {
                throw .malformed(field: "Candid variant", reason: "the value's case is not in the type")
            }
            out += LEB128.encode(UInt64(index))
            try write(chosen.value, as: fields[index].type, into: &out)
        default:
            throw .malformed(field: "Candid value", reason: "this encoder does not write \(value) as \(type)")
        }
    }

    static func natLEB(_ n: BigUInt) -> [UInt8] {
        var rest = n
        var out: [UInt8] = []
        repeat {
            let group = UInt8(truncatingIfNeeded: rest.words.first ?? 0) & 0x7f
            rest >>= 7
            out.append(rest == 0 ? group : group | 0x80)
        } while rest != 0
        return out
    }

    static func littleEndian<T: FixedWidthInteger>(_ n: T) -> [UInt8] {
        (0 ..< T.bitWidth / 8).map { UInt8(truncatingIfNeeded: n >> ($0 * 8)) }
    }

    /// The type table under construction.
    struct TypeTable {
        var entries: [[UInt8]] = []
        var index: [CandidType: Int] = [:]

        mutating func add(_ type: CandidType) {
            guard type.primitiveOpcode == nil, index[type] == nil else { return }
            let at = entries.count
            index[type] = at
            entries.append([])
            var entry: [UInt8]
            switch type {
            case let .opt(inner):
                add(inner)
                entry = [0x6e] + reference(inner)
            case let .vec(inner):
                add(inner)
                entry = [0x6d] + reference(inner)
            case let .record(fields), let .variant(fields):
                for field in fields { add(field.type) }
                entry = [type.isRecord ? 0x6c : 0x6b] + LEB128.encode(UInt64(fields.count))
                for field in fields { entry += LEB128.encode(field.id) + reference(field.type) }
            default:
                entry = []
            }
            entries[at] = entry
        }

        func reference(_ type: CandidType) -> [UInt8] {
            if let opcode = type.primitiveOpcode { return [opcode] }
            return SLEB128.encode(Int64(index[type] ?? 0))
        }
    }
}

extension CandidType {
    var isRecord: Bool {
        if case .record = self { return true }
        return false
    }
}
