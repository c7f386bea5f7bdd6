import Testing

// Vector files for codecs whose cases name a type in a small JSON schema and give a value of
// it (SCALE, XDR): one file layout, so one set of Decodable shapes.

/// A schema vector file: known answers that must encode and decode exactly, and encodings that
/// must be refused with a named error.
public struct SchemaVectorFile: Decodable, Sendable {
    public struct Case: Decodable, Sendable {
        /// A label for cases a test looks up by name; most cases have none.
        public let name: String?
        public let type: SchemaVectorJSON
        public let value: SchemaVectorJSON
        public let hex: String
        public let source: String
    }

    public struct Reject: Decodable, Sendable {
        public let type: SchemaVectorJSON
        public let hex: String
        /// The `EncodingError` case name the decoder must throw ("truncated", "nonCanonical", …).
        public let error: String
        public let why: String
        public let source: String
    }

    public let source: String
    public let cases: [Case]
    public let rejects: [Reject]

    /// The file, and every case and reject in it, says where it comes from.
    public func expectEverySourceNamed(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!source.isEmpty, sourceLocation: sourceLocation)
        for c in cases { #expect(!c.source.isEmpty, "\(c.hex)", sourceLocation: sourceLocation) }
        for r in rejects { #expect(!r.source.isEmpty, "\(r.hex)", sourceLocation: sourceLocation) }
    }
}

/// Any JSON value, for vector files whose cases carry a type schema and a value (SCALE and XDR).
public indirect enum SchemaVectorJSON: Decodable, Sendable {
    case null, bool(Bool), int(Int64), uint(UInt64), string(String), array([SchemaVectorJSON]), object(
        [String: SchemaVectorJSON])

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let i = try? c.decode(Int64.self) {
            self = .int(i)
        } else if let u = try? c.decode(UInt64.self) {
            self = .uint(u)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([SchemaVectorJSON].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: SchemaVectorJSON].self))
        }
    }

    /// A JSON number, or a decimal string for values beyond 2^53.
    public var integer: Int128? {
        switch self {
        case let .int(i): return Int128(i)
        case let .uint(u): return Int128(u)
        case let .string(s): return Int128(s)
        default: return nil
        }
    }

    /// As `integer`, for values up to 2^128 − 1.
    public var unsigned: UInt128? {
        switch self {
        case let .int(i): return UInt128(exactly: i)
        case let .uint(u): return UInt128(u)
        case let .string(s): return UInt128(s)
        default: return nil
        }
    }

    public var string: String? { if case let .string(s) = self { s } else { nil } }
    public var array: [SchemaVectorJSON]? { if case let .array(a) = self { a } else { nil } }
    public subscript(key: String) -> SchemaVectorJSON? { if case let .object(o) = self { o[key] } else { nil } }
}

/// A vector file's schema or value that the test's model cannot represent: a broken vector
/// file (or model), reported as a test error.
public struct SchemaVectorError: Error, CustomStringConvertible {
    public let description: String

    public init(description: String) {
        self.description = description
    }
}
