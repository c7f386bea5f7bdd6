/// A Candid type (Candid spec, "Type Structure"). Recursion goes through `named`, a definition
/// in a `CandidTypeEnvironment`: a `.did` file's `type X = …`, or an entry of a message's type
/// table. Equality is structural on field ids; field names are kept for showing only.
public indirect enum CandidType: Hashable, Sendable {
    case null, bool, nat, int, nat8, nat16, nat32, nat64, int8, int16, int32, int64, float32, float64, text, reserved,
        empty, principal
    case opt(CandidType)
    case vec(CandidType)
    /// Fields sorted by id, ids distinct.
    case record([CandidField])
    /// Cases sorted by id, ids distinct.
    case variant([CandidField])
    case function(CandidFunctionType)
    /// Methods sorted by name (UTF-8 bytes), names distinct.
    case service([CandidMethod])
    /// A definition of the environment the type is read in.
    case named(String)
    /// A type-table entry with an opcode below -24 (spec, "Deserialisation of future types"):
    /// read only to be skipped, and only where the decoder is told to accept them.
    case future(opcode: Int64)

    /// `blob`, i.e. `vec nat8`.
    public static let blob = CandidType.vec(.nat8)

    /// The primitive types, by their SLEB128 opcode (one byte each: 0x7f null … 0x68 principal).
    static let primitives: [(CandidType, UInt8)] = [
        (.null, 0x7f), (.bool, 0x7e), (.nat, 0x7d), (.int, 0x7c), (.nat8, 0x7b), (.nat16, 0x7a), (.nat32, 0x79),
        (.nat64, 0x78),
        (.int8, 0x77), (.int16, 0x76), (.int32, 0x75), (.int64, 0x74), (.float32, 0x73), (.float64, 0x72),
        (.text, 0x71),
        (.reserved, 0x70), (.empty, 0x6f), (.principal, 0x68),
    ]

    /// The opcode byte of a primitive type.
    var primitiveOpcode: UInt8? { Self.primitives.first { $0.0 == self }?.1 }

    static func primitive(opcode: UInt8) -> CandidType? { primitives.first { $0.1 == opcode }?.0 }

    /// The primitive type of a negative type reference (-1 … -17, -24).
    static func primitive(reference: Int64) -> CandidType? {
        guard (-17 ... -1).contains(reference) || reference == -24 else { return nil }
        return primitive(opcode: UInt8(truncatingIfNeeded: reference & 0x7f))
    }

    /// A record with `fields` given by name, sorted by their hashes as the wire needs.
    public static func record(_ fields: [(String, CandidType)]) -> CandidType {
        .record(fields.map { CandidField($0.0, $0.1) }.sorted { $0.id < $1.id })
    }

    /// A variant with `cases` given by name, sorted by their hashes.
    public static func variant(_ cases: [(String, CandidType)]) -> CandidType {
        .variant(cases.map { CandidField($0.0, $0.1) }.sorted { $0.id < $1.id })
    }

    /// The keyword of a primitive type, as `.did` files write it.
    var keyword: String? {
        switch self {
        case .null: return "null"
        case .bool: return "bool"
        case .nat: return "nat"
        case .int: return "int"
        case .nat8: return "nat8"
        case .nat16: return "nat16"
        case .nat32: return "nat32"
        case .nat64: return "nat64"
        case .int8: return "int8"
        case .int16: return "int16"
        case .int32: return "int32"
        case .int64: return "int64"
        case .float32: return "float32"
        case .float64: return "float64"
        case .text: return "text"
        case .reserved: return "reserved"
        case .empty: return "empty"
        case .principal: return "principal"
        case .opt, .vec, .record, .variant, .function, .service, .named, .future: return nil
        }
    }
}

/// One field of a record or variant: its id (the hash of its name, or a number) and type, and
/// the name when an interface gave one. Two fields are equal when id and type are: the wire
/// knows no names.
public struct CandidField: Hashable, Sendable {
    public let id: UInt32
    public let type: CandidType
    /// The name the interface wrote; its hash is `id`.
    public let name: String?

    public init(id: UInt32, type: CandidType) {
        self.id = id
        self.type = type
        name = nil
    }

    public init(_ name: String, _ type: CandidType) {
        id = CandidLabel.hash(name)
        self.type = type
        self.name = name
    }

    public static func == (lhs: CandidField, rhs: CandidField) -> Bool { lhs.id == rhs.id && lhs.type == rhs.type }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(type)
    }
}

/// A function type: argument and result types and annotations (spec, "Functions").
public struct CandidFunctionType: Hashable, Sendable {
    public enum Annotation: UInt8, Hashable, Sendable, Comparable {
        case query = 1, oneway = 2, compositeQuery = 3

        public static func < (lhs: Annotation, rhs: Annotation) -> Bool { lhs.rawValue < rhs.rawValue }

        var keyword: String {
            switch self {
            case .query: return "query"
            case .oneway: return "oneway"
            case .compositeQuery: return "composite_query"
            }
        }
    }

    public var arguments: [CandidType]
    public var results: [CandidType]
    /// Sorted, distinct.
    public var annotations: [Annotation]
    /// The argument names an interface gave (documentation only; empty or one per argument).
    public var argumentNames: [String?]

    public init(
        arguments: [CandidType], results: [CandidType], annotations: [Annotation] = [], argumentNames: [String?] = []
    ) {
        self.arguments = arguments
        self.results = results
        self.annotations = Array(Set(annotations)).sorted()
        self.argumentNames = argumentNames
    }

    public static func == (lhs: CandidFunctionType, rhs: CandidFunctionType) -> Bool {
        lhs.arguments == rhs.arguments && lhs.results == rhs.results && lhs.annotations == rhs.annotations
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(arguments)
        hasher.combine(results)
        hasher.combine(annotations)
    }

    /// A query or composite query: answered without going through consensus.
    public var isQuery: Bool { annotations.contains(.query) || annotations.contains(.compositeQuery) }
}

/// One method of a service type: its name and its function type (a `.function` or a name
/// defined as one).
public struct CandidMethod: Hashable, Sendable {
    public let name: String
    public let type: CandidType

    public init(name: String, type: CandidType) {
        self.name = name
        self.type = type
    }
}

/// Field names and their ids (`h = h·223 + byte mod 2^32`, spec "Records").
public enum CandidLabel {
    public static func hash(_ name: String) -> UInt32 {
        name.utf8.reduce(UInt32(0)) { $0 &* 223 &+ UInt32($1) }
    }
}
