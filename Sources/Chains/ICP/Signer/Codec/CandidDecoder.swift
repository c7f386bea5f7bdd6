import AirsignEncoding
import BigInt

/// Decodes any Candid message into its wire types and values, for showing: it needs no
/// interface description. Untrusted input: every length is checked against what is left,
/// recursion and the total work are bounded by `Limits`, and nothing traps.
public struct CandidDecoder: Sendable {
    public struct Limits: Sendable {
        /// Most type-table entries.
        public var maxTypes = 256
        /// Most fields in one record, variant or service type, and arguments in one message.
        public var maxFields = 256
        /// Deepest nesting of values (recursive types end here too).
        public var maxDepth = 48
        /// Most values decoded in the whole message (zero-size values such as `null` in a
        /// `vec null` cost one each, so a huge count cannot spin).
        public var maxValues = 200_000
        /// Longest message in bytes.
        public var maxBytes = 1 << 20
        /// Longest `nat`/`int` encoding in bytes.
        public var maxNumberBytes = 64

        public init() {}
    }

    public var limits: Limits

    public init(limits: Limits = Limits()) { self.limits = limits }

    public func decode(_ bytes: [UInt8]) throws(ICPError) -> CandidMessage {
        guard bytes.count <= limits.maxBytes else { throw .candid(offset: 0, reason: "longer than \(limits.maxBytes) bytes") }
        var reader = CandidReader(bytes: bytes, limits: limits)
        guard try reader.bytes(4) == CandidEncoder.magic else { throw .candid(offset: 0, reason: "does not start with \"DIDL\"") }
        let typeCount = try reader.count(limit: limits.maxTypes, what: "type table entries")
        var table: [CandidWireType] = []
        for _ in 0 ..< typeCount { table.append(try reader.wireType(tableSize: typeCount)) }
        reader.table = table
        let argCount = try reader.count(limit: limits.maxFields, what: "arguments")
        var argTypes: [Int] = []
        for _ in 0 ..< argCount { argTypes.append(try reader.typeReference(tableSize: typeCount)) }
        var values: [CandidValue] = []
        for type in argTypes { values.append(try reader.value(type, depth: 0)) }
        guard reader.offset == bytes.count else {
            throw .candid(offset: reader.offset, reason: "\(bytes.count - reader.offset) bytes after the last argument")
        }
        return CandidMessage(table: table, argumentTypes: argTypes, values: values)
    }
}

/// One type-table entry as it came off the wire; references are primitive opcodes (negative)
/// or table indices.
public enum CandidWireType: Equatable, Sendable {
    case opt(Int)
    case vec(Int)
    case record([(id: UInt32, type: Int)])
    case variant([(id: UInt32, type: Int)])
    case function(arguments: [Int], results: [Int], annotations: [UInt8])
    case service([(name: String, type: Int)])

    public static func == (lhs: CandidWireType, rhs: CandidWireType) -> Bool {
        switch (lhs, rhs) {
        case let (.opt(a), .opt(b)), let (.vec(a), .vec(b)): return a == b
        case let (.record(a), .record(b)), let (.variant(a), .variant(b)):
            return a.map(\.id) == b.map(\.id) && a.map(\.type) == b.map(\.type)
        case let (.function(a1, r1, n1), .function(a2, r2, n2)): return a1 == a2 && r1 == r2 && n1 == n2
        case let (.service(a), .service(b)): return a.map(\.name) == b.map(\.name) && a.map(\.type) == b.map(\.type)
        default: return false
        }
    }
}

/// A decoded message: the type table, each argument's type and value.
public struct CandidMessage: Sendable {
    public let table: [CandidWireType]
    public let argumentTypes: [Int]
    public let values: [CandidValue]

    /// Most type nodes `plainArgumentTypes` expands. Table entries can be shared, so the
    /// expanded tree can be exponentially larger than the table (16 entries of a 64-case
    /// variant each pointing at the next is 64^15 nodes); known methods' types are tiny.
    static let maxPlainTypeNodes = 4096

    /// The argument types as non-recursive `CandidType`s, for comparing against a known
    /// method's; nil when one is recursive, a function or service, nested too deeply, or
    /// larger than `maxPlainTypeNodes`.
    public var plainArgumentTypes: [CandidType]? {
        var budget = Self.maxPlainTypeNodes
        var out: [CandidType] = []
        for reference in argumentTypes {
            guard let type = plainType(reference, depth: 0, budget: &budget) else { return nil }
            out.append(type)
        }
        return out
    }

    func plainType(_ reference: Int, depth: Int, budget: inout Int) -> CandidType? {
        guard depth < 16, budget > 0 else { return nil }
        budget -= 1
        if reference < 0 { return CandidType.primitive(reference: reference) }
        guard reference < table.count else { return nil }
        switch table[reference] {
        case let .opt(inner): return plainType(inner, depth: depth + 1, budget: &budget).map { .opt($0) }
        case let .vec(inner): return plainType(inner, depth: depth + 1, budget: &budget).map { .vec($0) }
        case let .record(fields), let .variant(fields):
            var out: [CandidField] = []
            for field in fields {
                guard let type = plainType(field.type, depth: depth + 1, budget: &budget) else { return nil }
                out.append(CandidField(id: field.id, type: type))
            }
            if case .record = table[reference] { return .record(out) }
            return .variant(out)
        case .function, .service: return nil
        }
    }
}

/// The byte reader behind `CandidDecoder`.
struct CandidReader {
    let bytes: [UInt8]
    let limits: CandidDecoder.Limits
    var offset = 0
    var table: [CandidWireType] = []
    var valueBudget: Int

    init(bytes: [UInt8], limits: CandidDecoder.Limits) {
        self.bytes = bytes
        self.limits = limits
        valueBudget = limits.maxValues
    }

    func fail(_ reason: String) -> ICPError { .candid(offset: offset, reason: reason) }

    var remaining: Int { bytes.count - offset }

    mutating func byte() throws(ICPError) -> UInt8 {
        guard offset < bytes.count else { throw fail("the message ends early") }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func bytes(_ count: Int) throws(ICPError) -> [UInt8] {
        guard count >= 0, count <= remaining else { throw fail("the message ends early (\(count) bytes needed, \(remaining) left)") }
        defer { offset += count }
        return Array(bytes[offset ..< offset + count])
    }

    /// Unsigned LEB128 into a UInt64; overlong encodings are accepted (Candid spec).
    mutating func leb() throws(ICPError) -> UInt64 {
        do {
            let (value, read) = try LEB128.decode(UInt64.self, from: bytes, at: offset, requireMinimal: false)
            offset += read
            return value
        } catch {
            throw fail("a LEB128 number: \(error)")
        }
    }

    mutating func sleb() throws(ICPError) -> Int64 {
        do {
            let (value, read) = try SLEB128.decode(Int64.self, from: bytes, at: offset, requireMinimal: false)
            offset += read
            return value
        } catch {
            throw fail("an SLEB128 number: \(error)")
        }
    }

    mutating func count(limit: Int, what: String) throws(ICPError) -> Int {
        let n = try leb()
        guard n <= UInt64(limit) else { throw fail("\(n) \(what) (at most \(limit))") }
        return Int(n)
    }

    mutating func typeReference(tableSize: Int) throws(ICPError) -> Int {
        let reference = try sleb()
        if reference >= 0 {
            guard reference < Int64(tableSize) else { throw fail("type index \(reference) is outside the table of \(tableSize)") }
            return Int(reference)
        }
        guard CandidType.primitive(reference: Int(reference)) != nil else {
            throw fail("type \(reference) is not a primitive type")
        }
        return Int(reference)
    }

    mutating func wireType(tableSize: Int) throws(ICPError) -> CandidWireType {
        let opcode = try sleb()
        switch opcode {
        case -18: return .opt(try typeReference(tableSize: tableSize))
        case -19: return .vec(try typeReference(tableSize: tableSize))
        case -20, -21:
            let n = try count(limit: limits.maxFields, what: "fields")
            var fields: [(id: UInt32, type: Int)] = []
            for _ in 0 ..< n {
                let id = try leb()
                guard let id32 = UInt32(exactly: id) else { throw fail("field id \(id) does not fit 32 bits") }
                if let last = fields.last, last.id >= id32 { throw fail("field ids must be strictly increasing") }
                fields.append((id32, try typeReference(tableSize: tableSize)))
            }
            return opcode == -20 ? .record(fields) : .variant(fields)
        case -22:
            let argCount = try count(limit: limits.maxFields, what: "function arguments")
            var arguments: [Int] = []
            for _ in 0 ..< argCount { arguments.append(try typeReference(tableSize: tableSize)) }
            let resultCount = try count(limit: limits.maxFields, what: "function results")
            var results: [Int] = []
            for _ in 0 ..< resultCount { results.append(try typeReference(tableSize: tableSize)) }
            let annotationCount = try count(limit: 3, what: "function annotations")
            let annotations = try bytes(annotationCount)
            guard annotations.allSatisfy({ (1 ... 3).contains($0) }) else { throw fail("a function annotation is not query, oneway or composite_query") }
            return .function(arguments: arguments, results: results, annotations: annotations)
        case -23:
            let n = try count(limit: limits.maxFields, what: "service methods")
            var methods: [(name: String, type: Int)] = []
            for _ in 0 ..< n {
                let name = try text()
                if let last = methods.last, !last.name.utf8.lexicographicallyPrecedes(name.utf8) {
                    throw fail("service methods must be sorted and distinct")
                }
                methods.append((name, try typeReference(tableSize: tableSize)))
            }
            return .service(methods)
        default:
            throw fail("type table entry with opcode \(opcode) is not a composite type")
        }
    }

    mutating func text() throws(ICPError) -> String {
        let length = try leb()
        guard length <= UInt64(remaining) else { throw fail("a text of \(length) bytes, \(remaining) left") }
        let raw = try bytes(Int(length))
        guard let text = String(validating: raw, as: UTF8.self) else { throw fail("text is not valid UTF-8") }
        return text
    }

    mutating func principalValue() throws(ICPError) -> Principal {
        guard try byte() == 1 else { throw fail("an opaque reference where a principal was expected") }
        let length = try leb()
        guard length <= UInt64(Principal.maxLength) else { throw fail("a principal of \(length) bytes (at most 29)") }
        let raw = try bytes(Int(length))
        do { return try Principal(bytes: raw) } catch { throw fail("\(error)") }
    }

    mutating func natural() throws(ICPError) -> BigUInt {
        var value = BigUInt(0)
        var shift = 0
        while true {
            guard shift / 7 < limits.maxNumberBytes else { throw fail("a number longer than \(limits.maxNumberBytes) bytes") }
            let b = try byte()
            value |= BigUInt(b & 0x7f) << shift
            shift += 7
            if b & 0x80 == 0 { return value }
        }
    }

    mutating func integer() throws(ICPError) -> BigInt {
        var value = BigInt(0)
        var shift = 0
        while true {
            guard shift / 7 < limits.maxNumberBytes else { throw fail("a number longer than \(limits.maxNumberBytes) bytes") }
            let b = try byte()
            value |= BigInt(b & 0x7f) << shift
            shift += 7
            if b & 0x80 == 0 {
                if b & 0x40 != 0 { value -= BigInt(1) << shift }
                return value
            }
        }
    }

    mutating func fixed<T: FixedWidthInteger>(_: T.Type) throws(ICPError) -> T {
        let raw = try bytes(T.bitWidth / 8)
        return raw.reversed().reduce(T.zero) { $0 << 8 | T(truncatingIfNeeded: $1) }
    }

    mutating func value(_ type: Int, depth: Int) throws(ICPError) -> CandidValue {
        guard depth <= limits.maxDepth else { throw fail("values nested deeper than \(limits.maxDepth) levels") }
        valueBudget -= 1
        guard valueBudget >= 0 else { throw fail("more than \(limits.maxValues) values") }
        if type < 0 { return try primitive(type) }
        guard type < table.count else { throw fail("type index \(type) is outside the table") }
        switch table[type] {
        case let .opt(inner):
            switch try byte() {
            case 0: return .opt(nil)
            case 1: return .opt(try value(inner, depth: depth + 1))
            default: throw fail("an opt value must start with 0 or 1")
            }
        case let .vec(inner):
            let n = try leb()
            if inner == -5 {
                guard n <= UInt64(remaining) else { throw fail("a blob of \(n) bytes, \(remaining) left") }
                return .blob(try bytes(Int(n)))
            }
            guard n <= UInt64(valueBudget) else { throw fail("a vector of \(n) elements (more than the \(limits.maxValues) value limit)") }
            var items: [CandidValue] = []
            for _ in 0 ..< Int(n) { items.append(try value(inner, depth: depth + 1)) }
            return .vec(items)
        case let .record(fields):
            var out: [CandidFieldValue] = []
            for field in fields { out.append(CandidFieldValue(id: field.id, value: try value(field.type, depth: depth + 1))) }
            return .record(out)
        case let .variant(fields):
            let index = try leb()
            guard index < UInt64(fields.count) else { throw fail("variant case \(index) of \(fields.count)") }
            let field = fields[Int(index)]
            return .variant(CandidFieldValue(id: field.id, value: try value(field.type, depth: depth + 1)))
        case .function:
            guard try byte() == 1 else { throw fail("an opaque function reference") }
            let service = try principalValue()
            return .function(service, try text())
        case .service:
            return .service(try principalValue())
        }
    }

    mutating func primitive(_ type: Int) throws(ICPError) -> CandidValue {
        switch type {
        case -1: return .null
        case -2:
            switch try byte() {
            case 0: return .bool(false)
            case 1: return .bool(true)
            default: throw fail("a bool must be 0 or 1")
            }
        case -3: return .nat(try natural())
        case -4: return .int(try integer())
        case -5: return .nat8(try fixed(UInt8.self))
        case -6: return .nat16(try fixed(UInt16.self))
        case -7: return .nat32(try fixed(UInt32.self))
        case -8: return .nat64(try fixed(UInt64.self))
        case -9: return .int8(try fixed(Int8.self))
        case -10: return .int16(try fixed(Int16.self))
        case -11: return .int32(try fixed(Int32.self))
        case -12: return .int64(try fixed(Int64.self))
        case -13: return .float32(Float(bitPattern: try fixed(UInt32.self)))
        case -14: return .float64(Double(bitPattern: try fixed(UInt64.self)))
        case -15: return .text(try text())
        case -16: return .reserved
        case -17: throw fail("a value of type empty cannot exist")
        case -24: return .principal(try principalValue())
        default: throw fail("type \(type) is not a primitive type")
        }
    }
}
