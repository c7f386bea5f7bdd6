/// Writes `CBORValue`s in RFC 8949 preferred serialization: definite lengths, shortest
/// arguments, shortest exact floats.
///
/// With `deterministic`, map keys are also sorted by the bytewise order of their encodings, which
/// makes the output meet the core deterministic encoding requirements (§4.2.1). Maps with two
/// equal keys are refused in both modes, since such a map is not valid CBOR (§5.6).
public struct CBOREncoder: Sendable {
    public var deterministic: Bool

    public init(deterministic: Bool = false) {
        self.deterministic = deterministic
    }

    public func encode(_ value: CBORValue) throws(EncodingError) -> [UInt8] {
        var out: [UInt8] = []
        try write(value, into: &out)
        return out
    }

    private func write(_ value: CBORValue, into out: inout [UInt8]) throws(EncodingError) {
        switch value {
        case let .unsigned(v):
            Self.writeHead(major: 0, argument: v, into: &out)
        case let .negative(n):
            Self.writeHead(major: 1, argument: n, into: &out)
        case let .bytes(b):
            Self.writeHead(major: 2, argument: UInt64(b.count), into: &out)
            out += b
        case let .text(s):
            let utf8 = Array(s.utf8)
            Self.writeHead(major: 3, argument: UInt64(utf8.count), into: &out)
            out += utf8
        case let .array(items):
            Self.writeHead(major: 4, argument: UInt64(items.count), into: &out)
            for item in items { try write(item, into: &out) }
        case let .map(entries):
            try writeMap(entries, into: &out)
        case let .tag(n, content):
            Self.writeHead(major: 6, argument: n, into: &out)
            try write(content, into: &out)
        case let .bool(b):
            out.append(b ? 0xf5 : 0xf4)
        case .null:
            out.append(0xf6)
        case .undefined:
            out.append(0xf7)
        case let .simple(v):
            switch v {
            case 0..<20: out.append(0xe0 | v)
            case 20..<24:
                throw .invalidValue(
                    codec: "CBOR", offset: out.count,
                    reason: "simple(\(v)) must be written as .bool, .null or .undefined")
            case 24..<32:
                throw .invalidValue(codec: "CBOR", offset: out.count, reason: "simple(\(v)) is reserved")
            default: out += [0xf8, v]
            }
        case let .float(d):
            out += CBORFloat.shortestEncoding(d)
        }
    }

    private func writeMap(_ entries: [(key: CBORValue, value: CBORValue)], into out: inout [UInt8])
        throws(EncodingError)
    {
        Self.writeHead(major: 5, argument: UInt64(entries.count), into: &out)
        if deterministic {
            var encoded: [(key: [UInt8], value: [UInt8])] = []
            encoded.reserveCapacity(entries.count)
            for entry in entries {
                var k: [UInt8] = [], v: [UInt8] = []
                try write(entry.key, into: &k)
                try write(entry.value, into: &v)
                encoded.append((k, v))
            }
            encoded.sort { $0.key.lexicographicallyPrecedes($1.key) }
            for (i, pair) in encoded.enumerated() {
                if i > 0, encoded[i - 1].key == pair.key { throw Self.duplicateKey(at: out.count) }
                out += pair.key
                out += pair.value
            }
        } else {
            // Equal keys are equal data items, so compare their deterministic encodings: two maps
            // with the same entries in another order are the same key.
            let canonical = CBOREncoder(deterministic: true)
            var seen = SeenKeys<[UInt8]>()
            for entry in entries {
                guard seen.insert(try canonical.encode(entry.key)) else {
                    throw Self.duplicateKey(at: out.count)
                }
                try write(entry.key, into: &out)
                try write(entry.value, into: &out)
            }
        }
    }

    private static func duplicateKey(at offset: Int) -> EncodingError {
        .invalidValue(codec: "CBOR", offset: offset, reason: "map has a duplicate key")
    }

    /// Appends a shortest-form head (major type 0–7 and its argument). Public so fixed shapes
    /// built from integers, byte strings and arrays (which cannot fail, unlike maps) can be
    /// written without the throwing general encoder.
    public static func writeHead(major: UInt8, argument: UInt64, into out: inout [UInt8]) {
        let m = major << 5
        switch argument {
        case 0..<24:
            out.append(m | UInt8(argument))
        case 24...0xff:
            out += [m | 24, UInt8(argument)]
        case 0x100...0xffff:
            out.append(m | 25)
            appendBigEndian(UInt16(argument), to: &out)
        case 0x1_0000...0xffff_ffff:
            out.append(m | 26)
            appendBigEndian(UInt32(argument), to: &out)
        default:
            out.append(m | 27)
            appendBigEndian(argument, to: &out)
        }
    }

    private static func appendBigEndian<T: FixedWidthInteger>(_ value: T, to out: inout [UInt8]) {
        for i in (0..<T.bitWidth / 8).reversed() {
            out.append(UInt8(truncatingIfNeeded: value >> (8 * i)))
        }
    }
}

extension CBORValue {
    /// This value in preferred serialization; see `CBOREncoder`.
    public func encoded(deterministic: Bool = false) throws(EncodingError) -> [UInt8] {
        try CBOREncoder(deterministic: deterministic).encode(self)
    }
}
