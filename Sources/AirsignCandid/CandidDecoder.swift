import AirsignEncoding
import BigInt

/// Decodes any Candid message into its own types and values (spec, "Deserialisation": the
/// first two steps; `CandidMessage.coerced` is the third). Untrusted input: every length is
/// checked against what is left, recursion and the total work are bounded by `Limits`, and
/// nothing traps.
///
/// Strict by default, as a signer should be: a LEB128 number with redundant bytes, a type-table
/// entry of a type this decoder does not know ("future types"), fields or methods out of order
/// or repeated, an opaque reference and anything after the last value are errors. The spec's
/// own test suite accepts the first two; `Limits.spec` reads them as it says.
public struct CandidDecoder: Sendable {
    public struct Limits: Sendable {
        /// Most type-table entries.
        public var maxTypes = 1024
        /// Most fields in one record, variant or service type, arguments of a function type,
        /// and arguments of the message.
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
        /// Accept LEB128 numbers with redundant bytes (`80 00` for 0), as the spec does.
        public var allowOverlongLEB = false
        /// Accept and skip type-table entries with opcodes below -24 and their values.
        public var allowFutureTypes = false

        public init() {}

        /// The spec's own reading (its test suite's cases pass), with the same bounds.
        public static var spec: Limits {
            var limits = Limits()
            limits.allowOverlongLEB = true
            limits.allowFutureTypes = true
            return limits
        }
    }

    public var limits: Limits

    public init(limits: Limits = Limits()) { self.limits = limits }

    public func decode(_ bytes: [UInt8]) throws(CandidError) -> CandidMessage {
        guard bytes.count <= limits.maxBytes else {
            throw .binary(offset: 0, reason: "longer than \(limits.maxBytes) bytes")
        }
        var reader = CandidReader(bytes: bytes, limits: limits)
        guard try reader.bytes(4) == CandidEncoder.magic else {
            throw .binary(offset: 0, reason: "does not start with \"DIDL\"")
        }
        let typeCount = try reader.count(limit: limits.maxTypes, what: "type table entries")
        var table: [String: CandidType] = [:]
        for index in 0..<typeCount {
            table[CandidMessage.entryName(index)] = try reader.tableEntry(tableSize: typeCount)
        }
        // Every reference is to an entry, and entries are composite types: no name chain can loop.
        let environment = CandidTypeEnvironment(checked: table)
        reader.environment = environment
        try reader.checkServiceMethods(typeCount: typeCount)
        let argCount = try reader.count(limit: limits.maxFields, what: "arguments")
        var argumentTypes: [CandidType] = []
        for _ in 0..<argCount { argumentTypes.append(try reader.typeReference(tableSize: typeCount)) }
        var values: [CandidValue] = []
        for type in argumentTypes { values.append(try reader.value(type, depth: 0)) }
        guard reader.offset == bytes.count else {
            throw .binary(offset: reader.offset, reason: "\(bytes.count - reader.offset) bytes after the last argument")
        }
        return CandidMessage(environment: environment, argumentTypes: argumentTypes, values: values)
    }
}

/// A decoded message: its type table (as an environment), each argument's type and value.
public struct CandidMessage: Sendable {
    public let environment: CandidTypeEnvironment
    public let argumentTypes: [CandidType]
    public let values: [CandidValue]

    static func entryName(_ index: Int) -> String { String(index) }
}

/// The byte reader behind `CandidDecoder`.
struct CandidReader {
    let bytes: [UInt8]
    let limits: CandidDecoder.Limits
    var offset = 0
    var environment = CandidTypeEnvironment.empty
    var valueBudget: Int

    init(bytes: [UInt8], limits: CandidDecoder.Limits) {
        self.bytes = bytes
        self.limits = limits
        valueBudget = limits.maxValues
    }

    func fail(_ reason: String) -> CandidError { .binary(offset: offset, reason: reason) }

    var remaining: Int { bytes.count - offset }

    mutating func byte() throws(CandidError) -> UInt8 {
        guard offset < bytes.count else { throw fail("the message ends early") }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func bytes(_ count: Int) throws(CandidError) -> [UInt8] {
        guard count >= 0, count <= remaining else {
            throw fail("the message ends early (\(count) bytes needed, \(remaining) left)")
        }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    mutating func leb() throws(CandidError) -> UInt64 {
        do {
            let (value, read) = try LEB128.decode(
                UInt64.self, from: bytes, at: offset, requireMinimal: !limits.allowOverlongLEB)
            offset += read
            return value
        } catch {
            throw fail("a LEB128 number: \(error)")
        }
    }

    mutating func sleb() throws(CandidError) -> Int64 {
        do {
            let (value, read) = try SLEB128.decode(
                Int64.self, from: bytes, at: offset, requireMinimal: !limits.allowOverlongLEB)
            offset += read
            return value
        } catch {
            throw fail("an SLEB128 number: \(error)")
        }
    }

    mutating func count(limit: Int, what: String) throws(CandidError) -> Int {
        let n = try leb()
        guard n <= UInt64(limit) else { throw fail("\(n) \(what) (at most \(limit))") }
        return Int(n)
    }

    /// A length that must fit in what is left of the message.
    mutating func length(_ what: String) throws(CandidError) -> Int {
        let n = try leb()
        guard n <= UInt64(remaining) else { throw fail("\(what) of \(n) bytes, \(remaining) left") }
        return Int(n)
    }

    /// `I(t)`: a primitive opcode or a table index.
    mutating func typeReference(tableSize: Int) throws(CandidError) -> CandidType {
        let reference = try sleb()
        if reference >= 0 {
            guard reference < Int64(tableSize) else {
                throw fail("type index \(reference) is outside the table of \(tableSize)")
            }
            return .named(CandidMessage.entryName(Int(reference)))
        }
        guard let primitive = CandidType.primitive(reference: reference) else {
            throw fail("type \(reference) is not a primitive type")
        }
        return primitive
    }

    mutating func fields(tableSize: Int) throws(CandidError) -> [CandidField] {
        let n = try count(limit: limits.maxFields, what: "fields")
        var fields: [CandidField] = []
        for _ in 0..<n {
            let id = try leb()
            guard let id32 = UInt32(exactly: id) else { throw fail("field id \(id) does not fit 32 bits") }
            if let last = fields.last, last.id >= id32 {
                throw fail("field ids must be strictly increasing (\(id32) after \(last.id))")
            }
            fields.append(CandidField(id: id32, type: try typeReference(tableSize: tableSize)))
        }
        return fields
    }

    mutating func tableEntry(tableSize: Int) throws(CandidError) -> CandidType {
        let opcode = try sleb()
        switch opcode {
        case -18: return .opt(try typeReference(tableSize: tableSize))
        case -19: return .vec(try typeReference(tableSize: tableSize))
        case -20: return .record(try fields(tableSize: tableSize))
        case -21: return .variant(try fields(tableSize: tableSize))
        case -22:
            let argCount = try count(limit: limits.maxFields, what: "function arguments")
            var arguments: [CandidType] = []
            for _ in 0..<argCount { arguments.append(try typeReference(tableSize: tableSize)) }
            let resultCount = try count(limit: limits.maxFields, what: "function results")
            var results: [CandidType] = []
            for _ in 0..<resultCount { results.append(try typeReference(tableSize: tableSize)) }
            // The Candid crate reads the annotation count as one byte, at most 1 ("function
            // annotation length should be at most 1", binary_parser.rs FuncType), though the
            // spec writes it as leb128(N): a message it refuses must not decode here.
            let annotationCount = try byte()
            guard annotationCount <= 1 else { throw fail("\(annotationCount) function annotations (at most 1)") }
            var annotations: [CandidFunctionType.Annotation] = []
            if annotationCount == 1 {
                guard let annotation = CandidFunctionType.Annotation(rawValue: try byte()) else {
                    throw fail("a function annotation is not query (1), oneway (2) or composite_query (3)")
                }
                annotations.append(annotation)
            }
            return .function(CandidFunctionType(arguments: arguments, results: results, annotations: annotations))
        case -23:
            let n = try count(limit: limits.maxFields, what: "service methods")
            var methods: [CandidMethod] = []
            for _ in 0..<n {
                let name = try text()
                if let last = methods.last, !last.name.utf8.lexicographicallyPrecedes(name.utf8) {
                    throw fail("service methods must be sorted and distinct")
                }
                methods.append(CandidMethod(name: name, type: try typeReference(tableSize: tableSize)))
            }
            return .service(methods)
        case ..<(-24) where limits.allowFutureTypes:
            _ = try bytes(try length("a future type"))
            return .future(opcode: opcode)
        default:
            throw fail("type table entry with opcode \(opcode) is not a composite type this decoder reads")
        }
    }

    /// A method's type must be a function type (spec: "The serialised data type representing a
    /// method type must denote a function type").
    func checkServiceMethods(typeCount: Int) throws(CandidError) {
        for index in 0..<typeCount {
            guard case let .service(methods)? = environment.definitions[CandidMessage.entryName(index)] else {
                continue
            }
            for method in methods {
                guard case .function = try environment.resolve(method.type) else {
                    throw fail("method \"\(method.name)\" of service type \(index) is not a function type")
                }
            }
        }
    }

    mutating func text() throws(CandidError) -> String {
        let raw = try bytes(try length("a text"))
        guard let text = String(validating: raw, as: UTF8.self) else { throw fail("text is not valid UTF-8") }
        return text
    }

    mutating func principalValue() throws(CandidError) -> Principal {
        guard try byte() == 1 else { throw fail("an opaque reference where a principal was expected") }
        let length = try leb()
        guard length <= UInt64(Principal.maxLength) else { throw fail("a principal of \(length) bytes (at most 29)") }
        let raw = try bytes(Int(length))
        do { return try Principal(bytes: raw) } catch { throw fail("\(error)") }
    }

    mutating func natural() throws(CandidError) -> BigUInt {
        let start = offset
        var value = BigUInt(0)
        var shift = 0
        while true {
            guard shift / 7 < limits.maxNumberBytes else {
                throw fail("a number longer than \(limits.maxNumberBytes) bytes")
            }
            let b = try byte()
            value |= BigUInt(b & 0x7f) << shift
            shift += 7
            if b & 0x80 == 0 {
                if !limits.allowOverlongLEB, b == 0, offset - start > 1 {
                    throw fail("a nat with redundant LEB128 bytes")
                }
                return value
            }
        }
    }

    mutating func integer() throws(CandidError) -> BigInt {
        let start = offset
        var value = BigInt(0)
        var shift = 0
        var previous: UInt8 = 0
        while true {
            guard shift / 7 < limits.maxNumberBytes else {
                throw fail("a number longer than \(limits.maxNumberBytes) bytes")
            }
            let b = try byte()
            value |= BigInt(b & 0x7f) << shift
            shift += 7
            if b & 0x80 == 0 {
                // Redundant: a last group of all sign bits whose sign the group before already had.
                let redundant =
                    offset - start > 1 && ((b == 0 && previous & 0x40 == 0) || (b == 0x7f && previous & 0x40 != 0))
                if !limits.allowOverlongLEB, redundant { throw fail("an int with redundant SLEB128 bytes") }
                if b & 0x40 != 0 { value -= BigInt(1) << shift }
                return value
            }
            previous = b
        }
    }

    mutating func fixed<T: FixedWidthInteger>(_: T.Type) throws(CandidError) -> T {
        let raw = try bytes(T.bitWidth / 8)
        return raw.reversed().reduce(T.zero) { $0 << 8 | T(truncatingIfNeeded: $1) }
    }

    mutating func value(_ type: CandidType, depth: Int) throws(CandidError) -> CandidValue {
        guard depth <= limits.maxDepth else { throw fail("values nested deeper than \(limits.maxDepth) levels") }
        valueBudget -= 1
        guard valueBudget >= 0 else { throw fail("more than \(limits.maxValues) values") }
        switch try environment.resolve(type) {
        case .null: return .null
        case .bool:
            switch try byte() {
            case 0: return .bool(false)
            case 1: return .bool(true)
            default: throw fail("a bool must be 0 or 1")
            }
        case .nat: return .nat(try natural())
        case .int: return .int(try integer())
        case .nat8: return .nat8(try fixed(UInt8.self))
        case .nat16: return .nat16(try fixed(UInt16.self))
        case .nat32: return .nat32(try fixed(UInt32.self))
        case .nat64: return .nat64(try fixed(UInt64.self))
        case .int8: return .int8(try fixed(Int8.self))
        case .int16: return .int16(try fixed(Int16.self))
        case .int32: return .int32(try fixed(Int32.self))
        case .int64: return .int64(try fixed(Int64.self))
        case .float32: return .float32(Float(bitPattern: try fixed(UInt32.self)))
        case .float64: return .float64(Double(bitPattern: try fixed(UInt64.self)))
        case .text: return .text(try text())
        case .reserved: return .reserved
        case .empty: throw fail("a value of type empty cannot exist")
        case .principal: return .principal(try principalValue())
        case let .opt(inner):
            switch try byte() {
            case 0: return .opt(nil)
            case 1: return .opt(try value(inner, depth: depth + 1))
            default: throw fail("an opt value must start with 0 or 1")
            }
        case let .vec(inner):
            if try environment.resolve(inner) == .nat8 { return .blob(try bytes(try length("a blob"))) }
            let n = try leb()
            guard n <= UInt64(valueBudget) else {
                throw fail("a vector of \(n) elements (more than the \(limits.maxValues) value limit)")
            }
            var items: [CandidValue] = []
            for _ in 0..<Int(n) { items.append(try value(inner, depth: depth + 1)) }
            return .vec(items)
        case let .record(fields):
            var out: [CandidFieldValue] = []
            for field in fields {
                out.append(CandidFieldValue(id: field.id, value: try value(field.type, depth: depth + 1)))
            }
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
        case .future:
            // m bytes of memory and n references; there are no references on this wire.
            let size = try length("a future value")
            let references = try leb()
            guard references == 0 else { throw fail("a future value with \(references) references") }
            _ = try bytes(size)
            return .reserved
        case .named:
            throw fail("a type name that does not resolve")
        }
    }
}
