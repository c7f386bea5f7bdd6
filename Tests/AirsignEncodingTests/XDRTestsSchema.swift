import AirsignEncoding
import AirsignTestSupport

/// The XDR types the vector file and the property tests use.
indirect enum XDRType: Sendable {
    case int, uint, hyper, uhyper, bool, void
    case fixedOpaque(Int)
    case opaque(max: Int)
    case string(max: Int)
    case array(max: Int, of: XDRType)
    case optional(XDRType)
    case union([(discriminant: Int32, type: XDRType)])
    case structure([XDRType])

    init(json: SchemaVectorJSON) throws {
        func int(_ key: String) -> Int? { json[key]?.integer.flatMap { Int(exactly: $0) } }
        if let name = json.string {
            switch name {
            case "int": self = .int
            case "uint": self = .uint
            case "hyper": self = .hyper
            case "uhyper": self = .uhyper
            case "bool": self = .bool
            case "void": self = .void
            default: throw SchemaVectorError(description: "unknown XDR type \(name)")
            }
        } else if let n = int("fixedOpaque") {
            self = .fixedOpaque(n)
        } else if let max = int("opaque") {
            self = .opaque(max: max)
        } else if let max = int("string") {
            self = .string(max: max)
        } else if let a = json["array"], let max = a["max"]?.integer.flatMap({ Int(exactly: $0) }), let of = a["of"] {
            self = .array(max: max, of: try XDRType(json: of))
        } else if let inner = json["optional"] {
            self = .optional(try XDRType(json: inner))
        } else if let arms = json["union"]?.array {
            self = .union(
                try arms.map { arm in
                    guard let c = arm["case"]?.integer, let d = Int32(exactly: c), let t = arm["type"] else {
                        throw SchemaVectorError(description: "bad union arm")
                    }
                    return (d, try XDRType(json: t))
                })
        } else if let fields = json["struct"]?.array {
            self = .structure(try fields.map(XDRType.init(json:)))
        } else {
            throw SchemaVectorError(description: "unknown XDR type \(json)")
        }
    }
}

indirect enum XDRValue: Equatable, Sendable {
    case int(Int64), uint(UInt64), bool(Bool), void
    case bytes([UInt8]), text(String)
    case list([XDRValue]), optional(XDRValue?), arm(Int32, XDRValue)

    init(json: SchemaVectorJSON, type: XDRType) throws {
        func fail() -> SchemaVectorError { SchemaVectorError(description: "value \(json) does not fit its type") }
        switch type {
        case .int, .hyper:
            guard let i = json.integer, let v = Int64(exactly: i) else { throw fail() }
            self = .int(v)
        case .uint, .uhyper:
            guard let u = json.unsigned, let v = UInt64(exactly: u) else { throw fail() }
            self = .uint(v)
        case .bool:
            guard case let .bool(b) = json else { throw fail() }
            self = .bool(b)
        case .void:
            self = .void
        case .fixedOpaque, .opaque:
            guard let s = json.string else { throw fail() }
            self = .bytes(testBytes(s))
        case .string:
            guard let s = json.string else { throw fail() }
            self = .text(s)
        case let .array(_, of):
            guard let items = json.array else { throw fail() }
            self = .list(try items.map { try XDRValue(json: $0, type: of) })
        case let .optional(inner):
            if case .null = json {
                self = .optional(nil)
            } else {
                self = .optional(try XDRValue(json: json, type: inner))
            }
        case let .union(arms):
            guard let c = json["case"]?.integer, let d = Int32(exactly: c), let v = json["value"],
                let t = arms.first(where: { $0.discriminant == d })?.type
            else { throw fail() }
            self = .arm(d, try XDRValue(json: v, type: t))
        case let .structure(types):
            guard let items = json.array, items.count == types.count else { throw fail() }
            self = .list(try zip(items, types).map { try XDRValue(json: $0, type: $1) })
        }
    }
}

func xdrEncode(_ value: XDRValue, as type: XDRType, into w: inout XDRWriter) throws {
    switch (type, value) {
    case let (.int, .int(v)): w.writeInt32(Int32(truncatingIfNeeded: v))
    case let (.hyper, .int(v)): w.writeInt64(v)
    case let (.uint, .uint(v)): w.writeUInt32(UInt32(truncatingIfNeeded: v))
    case let (.uhyper, .uint(v)): w.writeUInt64(v)
    case let (.bool, .bool(b)): w.writeBool(b)
    case (.void, .void): break
    case let (.fixedOpaque(n), .bytes(b)): try w.writeFixedOpaque(b, length: n)
    case let (.opaque(max), .bytes(b)): try w.writeVariableOpaque(b, max: max)
    case let (.string(max), .text(s)): try w.writeString(s, max: max)
    case let (.array(max, of), .list(items)):
        try w.writeArray(items, max: max) { w, v in try xdrEncode(v, as: of, into: &w) }
    case let (.optional(inner), .optional(v)): try w.writeOptional(v) { w, v in try xdrEncode(v, as: inner, into: &w) }
    case let (.union(arms), .arm(d, v)):
        w.writeDiscriminant(d)
        if let t = arms.first(where: { $0.discriminant == d })?.type { try xdrEncode(v, as: t, into: &w) }
    case let (.structure(types), .list(items)):
        for (t, v) in zip(types, items) { try xdrEncode(v, as: t, into: &w) }
    default:
        preconditionFailure("test value \(value) does not match its type")
    }
}

func xdrEncoded(_ value: XDRValue, as type: XDRType) throws -> [UInt8] {
    var w = XDRWriter()
    try xdrEncode(value, as: type, into: &w)
    return w.bytes
}

func xdrDecode(_ type: XDRType, from r: inout XDRReader) throws -> XDRValue {
    switch type {
    case .int: return .int(Int64(try r.readInt32()))
    case .hyper: return .int(try r.readInt64())
    case .uint: return .uint(UInt64(try r.readUInt32()))
    case .uhyper: return .uint(try r.readUInt64())
    case .bool: return .bool(try r.readBool())
    case .void: return .void
    case let .fixedOpaque(n): return .bytes(try r.readFixedOpaque(count: n))
    case let .opaque(max): return .bytes(try r.readVariableOpaque(max: max))
    case let .string(max): return .text(try r.readText(max: max))
    case let .array(max, of):
        return .list(
            try r.readArray(max: max, minimumElementSize: xdrMinimumSize(of)) { r in
                try r.nested { r in try xdrDecode(of, from: &r) }
            })
    case let .optional(inner):
        return .optional(try r.readOptional { r in try r.nested { r in try xdrDecode(inner, from: &r) } })
    case let .union(arms):
        let d = try r.readDiscriminant()
        guard let t = arms.first(where: { $0.discriminant == d })?.type else { throw r.unknownDiscriminant(d) }
        return .arm(d, try r.nested { r in try xdrDecode(t, from: &r) })
    case let .structure(types):
        return .list(try types.map { t in try xdrDecode(t, from: &r) })
    }
}

func xdrMinimumSize(_ type: XDRType) -> Int {
    switch type {
    case .int, .uint, .bool, .opaque, .string, .array, .optional, .union: return 4
    case .hyper, .uhyper: return 8
    case .void: return 0
    case let .fixedOpaque(n): return (n + 3) / 4 * 4
    case let .structure(types): return types.reduce(0) { $0 + xdrMinimumSize($1) }
    }
}

func xdrDecodeAll(_ type: XDRType, _ bytes: [UInt8]) throws -> XDRValue {
    var r = XDRReader(bytes)
    let value = try xdrDecode(type, from: &r)
    try r.finish()
    return value
}

// MARK: - Random types and values

func randomXDRType(depth: Int = 0, using rng: inout SeededRandom) -> XDRType {
    let leafOnly = depth >= 3
    switch Int.random(in: 0..<(leafOnly ? 9 : 13), using: &rng) {
    case 0: return .int
    case 1: return .uint
    case 2: return .hyper
    case 3: return .uhyper
    case 4: return .bool
    case 5: return .fixedOpaque(Int.random(in: 0...9, using: &rng))
    case 6: return .opaque(max: Int.random(in: 0...40, using: &rng))
    case 7: return .string(max: Int.random(in: 0...40, using: &rng))
    case 8: return .void
    case 9: return .array(max: Int.random(in: 0...5, using: &rng), of: randomXDRType(depth: depth + 1, using: &rng))
    case 10: return .optional(randomXDRType(depth: depth + 1, using: &rng))
    case 11:
        var ds = Set<Int32>()
        while ds.count < Int.random(in: 1...4, using: &rng) { ds.insert(Int32.random(in: -3...300, using: &rng)) }
        return .union(ds.sorted().map { ($0, randomXDRType(depth: depth + 1, using: &rng)) })
    default:
        return .structure(
            (0..<Int.random(in: 0...4, using: &rng)).map { _ in randomXDRType(depth: depth + 1, using: &rng) })
    }
}

func randomXDRValue(_ type: XDRType, using rng: inout SeededRandom) -> XDRValue {
    switch type {
    case .int: return .int(Int64(Int32(truncatingIfNeeded: randomSizedInteger(UInt32.self, using: &rng))))
    case .hyper: return .int(Int64(bitPattern: randomSizedInteger(UInt64.self, using: &rng)))
    case .uint: return .uint(UInt64(randomSizedInteger(UInt32.self, using: &rng)))
    case .uhyper: return .uint(randomSizedInteger(UInt64.self, using: &rng))
    case .bool: return .bool(Bool.random(using: &rng))
    case .void: return .void
    case let .fixedOpaque(n): return .bytes(rng.bytes(n))
    case let .opaque(max): return .bytes(rng.bytes(lengthIn: 0...max))
    case let .string(max):
        var text = randomUnicodeText(using: &rng)
        while text.utf8.count > max { text.removeLast() }
        return .text(text)
    case let .array(max, of):
        return .list((0..<Int.random(in: 0...max, using: &rng)).map { _ in randomXDRValue(of, using: &rng) })
    case let .optional(inner): return .optional(Bool.random(using: &rng) ? randomXDRValue(inner, using: &rng) : nil)
    case let .union(arms):
        let arm = arms.randomElement(using: &rng) ?? arms[0]
        return .arm(arm.discriminant, randomXDRValue(arm.type, using: &rng))
    case let .structure(types): return .list(types.map { randomXDRValue($0, using: &rng) })
    }
}
