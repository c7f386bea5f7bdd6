import AirsignEncoding
import AirsignTestSupport

/// The SCALE types the vector files and the property tests use.
indirect enum SCALEType: Sendable {
    case uint(bits: Int), int(bits: Int), compact(bits: Int)
    case bool, str, bytes, optionBool
    case fixedBytes(Int)
    case vec(SCALEType)
    case option(SCALEType)
    case tuple([SCALEType])
    case enumeration([(index: UInt8, type: SCALEType)])

    init(json: SchemaVectorJSON) throws {
        if let name = json.string {
            switch name {
            case "bool": self = .bool
            case "str": self = .str
            case "bytes": self = .bytes
            case "optionBool": self = .optionBool
            default:
                guard let bits = Int(name.dropFirst()), [8, 16, 32, 64, 128].contains(bits) else {
                    throw SchemaVectorError(description: "unknown SCALE type \(name)")
                }
                self = name.hasPrefix("u") ? .uint(bits: bits) : .int(bits: bits)
            }
        } else if let c = json["compact"]?.string, let bits = Int(c.dropFirst()) {
            self = .compact(bits: bits)
        } else if let inner = json["vec"] {
            self = .vec(try SCALEType(json: inner))
        } else if let inner = json["option"] {
            self = .option(try SCALEType(json: inner))
        } else if let items = json["tuple"]?.array {
            self = .tuple(try items.map(SCALEType.init(json:)))
        } else if let variants = json["enum"]?.array {
            self = .enumeration(
                try variants.map { v in
                    guard let i = v["index"]?.integer, let index = UInt8(exactly: i), let t = v["type"] else {
                        throw SchemaVectorError(description: "bad enum variant")
                    }
                    return (index, try SCALEType(json: t))
                })
        } else {
            throw SchemaVectorError(description: "unknown SCALE type \(json)")
        }
    }
}

indirect enum SCALEValue: Equatable, Sendable {
    case uint(UInt128), int(Int128), bool(Bool), str(String), bytes([UInt8])
    case list([SCALEValue]), option(SCALEValue?), optionBool(Bool?), variant(UInt8, SCALEValue)

    init(json: SchemaVectorJSON, type: SCALEType) throws {
        func fail() -> SchemaVectorError { SchemaVectorError(description: "value \(json) does not fit its type") }
        switch type {
        case .uint, .compact:
            guard let u = json.unsigned else { throw fail() }
            self = .uint(u)
        case .int:
            guard let i = json.integer else { throw fail() }
            self = .int(i)
        case .bool:
            guard case let .bool(b) = json else { throw fail() }
            self = .bool(b)
        case .str:
            guard let s = json.string else { throw fail() }
            self = .str(s)
        case .bytes, .fixedBytes:
            guard let s = json.string else { throw fail() }
            self = .bytes(testBytes(s))
        case .optionBool:
            switch json {
            case .null: self = .optionBool(nil)
            case let .bool(b): self = .optionBool(b)
            default: throw fail()
            }
        case let .option(inner):
            if case .null = json {
                self = .option(nil)
            } else {
                self = .option(try SCALEValue(json: json, type: inner))
            }
        case let .vec(inner):
            guard let items = json.array else { throw fail() }
            self = .list(try items.map { try SCALEValue(json: $0, type: inner) })
        case let .tuple(types):
            guard let items = json.array, items.count == types.count else { throw fail() }
            self = .list(try zip(items, types).map { try SCALEValue(json: $0, type: $1) })
        case let .enumeration(variants):
            guard let i = json["variant"]?.integer, let index = UInt8(exactly: i), let v = json["value"],
                let t = variants.first(where: { $0.index == index })?.type
            else { throw fail() }
            self = .variant(index, try SCALEValue(json: v, type: t))
        }
    }
}

func scaleEncode(_ value: SCALEValue, as type: SCALEType, into w: inout SCALEWriter) {
    switch (type, value) {
    case let (.uint(bits), .uint(v)):
        switch bits {
        case 8: w.writeInteger(UInt8(truncatingIfNeeded: v))
        case 16: w.writeInteger(UInt16(truncatingIfNeeded: v))
        case 32: w.writeInteger(UInt32(truncatingIfNeeded: v))
        case 64: w.writeInteger(UInt64(truncatingIfNeeded: v))
        default: w.writeInteger(v)
        }
    case let (.int(bits), .int(v)):
        switch bits {
        case 8: w.writeInteger(Int8(truncatingIfNeeded: v))
        case 16: w.writeInteger(Int16(truncatingIfNeeded: v))
        case 32: w.writeInteger(Int32(truncatingIfNeeded: v))
        case 64: w.writeInteger(Int64(truncatingIfNeeded: v))
        default: w.writeInteger(v)
        }
    case let (.compact(bits), .uint(v)):
        switch bits {
        case 8: w.writeCompact(UInt8(truncatingIfNeeded: v))
        case 16: w.writeCompact(UInt16(truncatingIfNeeded: v))
        case 32: w.writeCompact(UInt32(truncatingIfNeeded: v))
        case 64: w.writeCompact(UInt64(truncatingIfNeeded: v))
        default: w.writeCompact(v)
        }
    case let (.bool, .bool(b)): w.writeBool(b)
    case let (.str, .str(s)): w.writeString(s)
    case let (.bytes, .bytes(b)): w.writeByteVector(b)
    case let (.fixedBytes, .bytes(b)): w.writeBytes(b)
    case let (.optionBool, .optionBool(b)): w.writeOptionBool(b)
    case let (.option(inner), .option(v)): w.writeOption(v) { w, v in scaleEncode(v, as: inner, into: &w) }
    case let (.vec(inner), .list(items)): w.writeVector(items) { w, v in scaleEncode(v, as: inner, into: &w) }
    case let (.tuple(types), .list(items)):
        for (t, v) in zip(types, items) { scaleEncode(v, as: t, into: &w) }
    case let (.enumeration(variants), .variant(index, v)):
        w.writeVariantIndex(index)
        if let t = variants.first(where: { $0.index == index })?.type { scaleEncode(v, as: t, into: &w) }
    default:
        preconditionFailure("test value \(value) does not match its type")
    }
}

func scaleEncoded(_ value: SCALEValue, as type: SCALEType) -> [UInt8] {
    var w = SCALEWriter()
    scaleEncode(value, as: type, into: &w)
    return w.bytes
}

func scaleDecode(_ type: SCALEType, from r: inout SCALEReader) throws -> SCALEValue {
    switch type {
    case let .uint(bits):
        switch bits {
        case 8: return .uint(UInt128(try r.readInteger(UInt8.self)))
        case 16: return .uint(UInt128(try r.readInteger(UInt16.self)))
        case 32: return .uint(UInt128(try r.readInteger(UInt32.self)))
        case 64: return .uint(UInt128(try r.readInteger(UInt64.self)))
        default: return .uint(try r.readInteger(UInt128.self))
        }
    case let .int(bits):
        switch bits {
        case 8: return .int(Int128(try r.readInteger(Int8.self)))
        case 16: return .int(Int128(try r.readInteger(Int16.self)))
        case 32: return .int(Int128(try r.readInteger(Int32.self)))
        case 64: return .int(Int128(try r.readInteger(Int64.self)))
        default: return .int(try r.readInteger(Int128.self))
        }
    case let .compact(bits):
        switch bits {
        case 8: return .uint(UInt128(try r.readCompact(UInt8.self)))
        case 16: return .uint(UInt128(try r.readCompact(UInt16.self)))
        case 32: return .uint(UInt128(try r.readCompact(UInt32.self)))
        case 64: return .uint(UInt128(try r.readCompact(UInt64.self)))
        default: return .uint(try r.readCompact(UInt128.self))
        }
    case .bool: return .bool(try r.readBool())
    case .str: return .str(try r.readString(maxLength: 4096))
    case .bytes: return .bytes(try r.readByteVector(maxLength: 4096))
    case let .fixedBytes(n): return .bytes(try r.readBytes(count: n))
    case .optionBool: return .optionBool(try r.readOptionBool())
    case let .option(inner):
        return .option(try r.readOption { r in try r.nested { r in try scaleDecode(inner, from: &r) } })
    case let .vec(inner):
        return .list(
            try r.readVector(maxCount: 4096, minimumElementSize: scaleMinimumSize(inner)) { r in
                try r.nested { r in try scaleDecode(inner, from: &r) }
            })
    case let .tuple(types):
        return .list(try types.map { t in try scaleDecode(t, from: &r) })
    case let .enumeration(variants):
        let index = try r.readVariantIndex()
        guard let t = variants.first(where: { $0.index == index })?.type else { throw r.unknownVariant(index) }
        return .variant(index, try r.nested { r in try scaleDecode(t, from: &r) })
    }
}

/// The fewest bytes a value of `type` can take, for `readVector`'s allocation check.
func scaleMinimumSize(_ type: SCALEType) -> Int {
    switch type {
    case let .uint(bits), let .int(bits): return bits / 8
    case .compact, .bool, .str, .bytes, .optionBool, .vec, .option, .enumeration: return 1
    case let .fixedBytes(n): return n
    case let .tuple(types): return types.reduce(0) { $0 + scaleMinimumSize($1) }
    }
}

/// Decodes a whole input as `type`, refusing trailing bytes.
func scaleDecodeAll(_ type: SCALEType, _ bytes: [UInt8]) throws -> SCALEValue {
    var r = SCALEReader(bytes)
    let value = try scaleDecode(type, from: &r)
    try r.finish()
    return value
}

// MARK: - Random types and values

/// An integer of a random bit length, so that every compact mode and small values come up often.
func randomSizedInteger<T: FixedWidthInteger & UnsignedInteger>(_: T.Type, using rng: inout SeededRandom) -> T {
    let bits = Int.random(in: 0...T.bitWidth, using: &rng)
    if bits == 0 { return 0 }
    let top: T = bits == T.bitWidth ? T.max : (T(1) << bits) - 1
    return T.random(in: 0...top, using: &rng)
}

func randomSCALEType(depth: Int = 0, using rng: inout SeededRandom) -> SCALEType {
    let widths = [8, 16, 32, 64, 128]
    let leafOnly = depth >= 3
    switch Int.random(in: 0..<(leafOnly ? 9 : 14), using: &rng) {
    case 0: return .uint(bits: widths.randomElement(using: &rng) ?? 8)
    case 1: return .int(bits: widths.randomElement(using: &rng) ?? 8)
    case 2, 3: return .compact(bits: widths.randomElement(using: &rng) ?? 8)
    case 4: return .bool
    case 5: return .str
    case 6: return .bytes
    case 7: return .optionBool
    case 8: return .fixedBytes(Int.random(in: 0...5, using: &rng))
    case 9: return .vec(randomSCALEType(depth: depth + 1, using: &rng))
    case 10: return .option(randomSCALEType(depth: depth + 1, using: &rng))
    case 11:
        return .tuple(
            (0..<Int.random(in: 0...4, using: &rng)).map { _ in randomSCALEType(depth: depth + 1, using: &rng) })
    default:
        var indices = Array(UInt8.min...UInt8.max).shuffled(using: &rng).prefix(Int.random(in: 1...4, using: &rng))
        indices.sort()
        return .enumeration(indices.map { ($0, randomSCALEType(depth: depth + 1, using: &rng)) })
    }
}

func randomSCALEValue(_ type: SCALEType, using rng: inout SeededRandom) -> SCALEValue {
    switch type {
    case let .uint(bits), let .compact(bits):
        let v = randomSizedInteger(UInt128.self, using: &rng)
        return .uint(bits == 128 ? v : v & ((1 << bits) - 1))
    case let .int(bits):
        let v = UInt128(randomSizedInteger(UInt128.self, using: &rng))
        // Sign-extend the low `bits` bits.
        let shift = 128 - bits
        return .int(Int128(bitPattern: v << shift) >> shift)
    case .bool: return .bool(Bool.random(using: &rng))
    case .str: return .str(randomUnicodeText(using: &rng))
    case .bytes: return .bytes(rng.bytes(lengthIn: 0...70))
    case let .fixedBytes(n): return .bytes(rng.bytes(n))
    case .optionBool: return .optionBool([nil, true, false].randomElement(using: &rng) ?? nil)
    case let .option(inner): return .option(Bool.random(using: &rng) ? randomSCALEValue(inner, using: &rng) : nil)
    case let .vec(inner):
        return .list((0..<Int.random(in: 0...5, using: &rng)).map { _ in randomSCALEValue(inner, using: &rng) })
    case let .tuple(types): return .list(types.map { randomSCALEValue($0, using: &rng) })
    case let .enumeration(variants):
        let v = variants.randomElement(using: &rng) ?? variants[0]
        return .variant(v.index, randomSCALEValue(v.type, using: &rng))
    }
}

/// Text mixing ASCII with two-, three- and four-byte UTF-8 characters.
func randomUnicodeText(using rng: inout SeededRandom) -> String {
    var s = String.UnicodeScalarView()
    for _ in 0..<Int.random(in: 0...12, using: &rng) {
        let ranges: [ClosedRange<UInt32>] = [
            0x20...0x7e, 0x00...0x1f, 0xa0...0x7ff, 0x800...0xd7ff, 0xe000...0xfffd, 0x10000...0x10ffff,
        ]
        let range = ranges.randomElement(using: &rng) ?? ranges[0]
        if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &rng)) { s.append(scalar) }
    }
    return String(s)
}
