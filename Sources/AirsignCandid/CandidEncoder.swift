import AirsignEncoding
import BigInt

/// Writes Candid messages (`DIDL`, type table, argument types, values) for any type, recursive
/// ones included. The type table is laid out like the Rust `candid` crate's (`ser.rs`
/// `build_type`): each composite type gets its index before its children, children in
/// field-id order, structurally equal types share one entry, a named type is one entry however
/// often it is used; so our bytes match quill's.
public enum CandidEncoder {
    public static let magic: [UInt8] = Array("DIDL".utf8)

    /// The message for `args`, whose types are read in `environment`. Values must have exactly
    /// their types' shape (a record value the type's fields in id order).
    public static func encode(
        _ args: [(type: CandidType, value: CandidValue)],
        environment: CandidTypeEnvironment = .empty
    ) throws(CandidError) -> [UInt8] {
        var table = TypeTable(environment: environment)
        for arg in args { try table.add(arg.type) }
        var out = magic + LEB128.encode(UInt64(table.entries.count))
        for entry in table.entries { out += entry }
        out += LEB128.encode(UInt64(args.count))
        for arg in args { out += try table.reference(arg.type) }
        let writer = ValueWriter(environment: environment)
        for (index, arg) in args.enumerated() {
            try writer.write(arg.value, as: arg.type, path: .argument(index), into: &out)
        }
        return out
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

    static func intLEB(_ n: BigInt) -> [UInt8] {
        var rest = n
        var out: [UInt8] = []
        while true {
            // The low 7 bits in two's complement, by arithmetic (exact for negative numbers too).
            let low = ((rest % 128) + 128) % 128
            let group = UInt8(truncatingIfNeeded: low.magnitude.words.first ?? 0)
            rest = (rest - low) / 128
            let done = (rest == 0 && group & 0x40 == 0) || (rest == -1 && group & 0x40 != 0)
            out.append(done ? group : group | 0x80)
            if done { return out }
        }
    }

    static func littleEndian<T: FixedWidthInteger>(_ n: T) -> [UInt8] {
        (0..<T.bitWidth / 8).map { UInt8(truncatingIfNeeded: n >> ($0 * 8)) }
    }

    /// The type table under construction.
    struct TypeTable {
        let environment: CandidTypeEnvironment
        var entries: [[UInt8]] = []
        var index: [CandidType: Int] = [:]
        var named: [String: Int] = [:]

        init(environment: CandidTypeEnvironment) { self.environment = environment }

        mutating func add(_ type: CandidType) throws(CandidError) {
            if case let .named(name) = type {
                guard named[name] == nil else { return }
                let resolved = try environment.resolve(type)
                guard resolved.primitiveOpcode == nil else { return }
                if let shared = index[resolved] {
                    named[name] = shared
                    return
                }
                // The index is taken before the definition is written, so it may refer to itself.
                named[name] = entries.count
                try add(resolved)
                named[name] = index[resolved]
                return
            }
            guard type.primitiveOpcode == nil, index[type] == nil else { return }
            let at = entries.count
            index[type] = at
            entries.append([])
            var entry: [UInt8]
            switch type {
            case let .opt(inner):
                try add(inner)
                entry = [0x6e] + (try reference(inner))
            case let .vec(inner):
                try add(inner)
                entry = [0x6d] + (try reference(inner))
            case let .record(fields), let .variant(fields):
                for field in fields { try add(field.type) }
                if case .record = type { entry = [0x6c] } else { entry = [0x6b] }
                entry += LEB128.encode(UInt64(fields.count))
                for field in fields { entry += LEB128.encode(field.id) + (try reference(field.type)) }
            case let .function(function):
                for t in function.arguments + function.results { try add(t) }
                entry = [0x6a] + LEB128.encode(UInt64(function.arguments.count))
                for t in function.arguments { entry += try reference(t) }
                entry += LEB128.encode(UInt64(function.results.count))
                for t in function.results { entry += try reference(t) }
                entry += LEB128.encode(UInt64(function.annotations.count)) + function.annotations.map(\.rawValue)
            case let .service(methods):
                for method in methods { try add(method.type) }
                entry = [0x69] + LEB128.encode(UInt64(methods.count))
                for method in methods {
                    entry +=
                        LEB128.encode(UInt64(method.name.utf8.count)) + Array(method.name.utf8)
                        + (try reference(method.type))
                }
            case .future:
                throw .malformed(field: "Candid type", reason: "a future type cannot be written")
            default:
                entry = []
            }
            entries[at] = entry
        }

        func reference(_ type: CandidType) throws(CandidError) -> [UInt8] {
            if let opcode = type.primitiveOpcode { return [opcode] }
            if case let .named(name) = type {
                let resolved = try environment.resolve(type)
                if let opcode = resolved.primitiveOpcode { return [opcode] }
                guard let at = named[name] else {
                    throw .malformed(field: "Candid type \(name)", reason: "is not in the type table")
                }
                return SLEB128.encode(Int64(at))
            }
            guard let at = index[type] else {
                throw .malformed(field: "Candid type", reason: "is not in the type table")
            }
            return SLEB128.encode(Int64(at))
        }
    }

    /// Writes values by their types (`M` of the spec).
    struct ValueWriter {
        let environment: CandidTypeEnvironment

        func write(_ value: CandidValue, as type: CandidType, path: CandidPath, into out: inout [UInt8])
            throws(CandidError)
        {
            func mismatch() -> CandidError {
                .malformed(
                    field: path.text,
                    reason: "the value \(CandidText.value(value)) is not a \(CandidTypeText.brief(type))")
            }
            switch (try environment.resolve(type), value) {
            case (.null, .null), (.reserved, _): break
            case let (.bool, .bool(b)): out.append(b ? 1 : 0)
            case let (.nat, .nat(n)): out += natLEB(n)
            case let (.int, .int(n)): out += intLEB(n)
            case let (.nat8, .nat8(n)): out.append(n)
            case let (.nat16, .nat16(n)): out += littleEndian(n)
            case let (.nat32, .nat32(n)): out += littleEndian(n)
            case let (.nat64, .nat64(n)): out += littleEndian(n)
            case let (.int8, .int8(n)): out += littleEndian(n)
            case let (.int16, .int16(n)): out += littleEndian(n)
            case let (.int32, .int32(n)): out += littleEndian(n)
            case let (.int64, .int64(n)): out += littleEndian(n)
            case let (.float32, .float32(f)): out += littleEndian(f.bitPattern)
            case let (.float64, .float64(f)): out += littleEndian(f.bitPattern)
            case let (.text, .text(t)): out += LEB128.encode(UInt64(t.utf8.count)) + Array(t.utf8)
            case let (.principal, .principal(p)), let (.service, .service(p)):
                out += [1] + LEB128.encode(UInt64(p.bytes.count)) + p.bytes
            case let (.function, .function(service, method)):
                out += [1, 1] + LEB128.encode(UInt64(service.bytes.count)) + service.bytes
                out += LEB128.encode(UInt64(method.utf8.count)) + Array(method.utf8)
            case let (.opt(inner), .opt(v)):
                if let v {
                    out.append(1)
                    try write(v, as: inner, path: path, into: &out)
                } else {
                    out.append(0)
                }
            case let (.vec(inner), .blob(bytes)):
                guard try environment.resolve(inner) == .nat8 else { throw mismatch() }
                out += LEB128.encode(UInt64(bytes.count)) + bytes
            case let (.vec(inner), .vec(items)):
                out += LEB128.encode(UInt64(items.count))
                for (i, item) in items.enumerated() { try write(item, as: inner, path: .element(path, i), into: &out) }
            case let (.record(fields), .record(values)):
                guard fields.map(\.id) == values.map(\.id) else {
                    throw .malformed(field: path.text, reason: "the record's fields do not match its type's")
                }
                for (field, value) in zip(fields, values) {
                    try write(
                        value.value, as: field.type, path: .field(path, field.name ?? String(field.id)), into: &out)
                }
            case let (.variant(fields), .variant(chosen)):
                guard let index = fields.firstIndex(where: { $0.id == chosen.id }) else {
                    throw .malformed(field: path.text, reason: "the variant's case is not in its type")
                }
                out += LEB128.encode(UInt64(index))
                try write(
                    chosen.value, as: fields[index].type, path: .field(path, fields[index].name ?? String(chosen.id)),
                    into: &out)
            default:
                throw mismatch()
            }
        }
    }
}
