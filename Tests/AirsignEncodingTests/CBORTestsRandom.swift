import AirsignEncoding
import AirsignTestSupport

/// A random CBOR value, nested at most a few levels, with no duplicate map keys.
func randomCBORValue(depth: Int = 0, using rng: inout SeededRandom) -> CBORValue {
    let leafOnly = depth >= 4
    switch Int.random(in: 0..<(leafOnly ? 10 : 14), using: &rng) {
    case 0: return .unsigned(randomSizedInteger(UInt64.self, using: &rng))
    case 1: return .negative(randomSizedInteger(UInt64.self, using: &rng))
    case 2: return .bytes(rng.bytes(lengthIn: 0...(Int.random(in: 0..<20, using: &rng) == 0 ? 300 : 30)))
    case 3: return .text(randomUnicodeText(using: &rng))
    case 4: return .bool(Bool.random(using: &rng))
    case 5: return [.null, .undefined].randomElement(using: &rng) ?? .null
    case 6:
        let v = UInt8.random(in: 0...255, using: &rng)
        return (20..<32).contains(v) ? .simple(v - 20) : .simple(v)
    case 7, 8: return .float(randomDouble(using: &rng))
    case 9: return .unsigned(UInt64.random(in: 0...30, using: &rng))
    case 10: return .tag(randomSizedInteger(UInt64.self, using: &rng), randomCBORValue(depth: depth + 1, using: &rng))
    case 11, 12:
        return .array(
            (0..<Int.random(in: 0...5, using: &rng)).map { _ in randomCBORValue(depth: depth + 1, using: &rng) })
    default:
        var entries: [(key: CBORValue, value: CBORValue)] = []
        var seen = Set<[UInt8]>()
        for _ in 0..<Int.random(in: 0...5, using: &rng) {
            let key = randomCBORValue(depth: depth + 2, using: &rng)
            guard let canonical = try? key.encoded(deterministic: true), seen.insert(canonical).inserted else {
                continue
            }
            entries.append((key, randomCBORValue(depth: depth + 1, using: &rng)))
        }
        return .map(entries)
    }
}

/// Doubles that exercise every float width: exact halves, exact singles, arbitrary doubles and
/// the special values (NaN only as the canonical quiet NaN, the one NaN the encoder writes).
func randomDouble(using rng: inout SeededRandom) -> Double {
    switch Int.random(in: 0..<6, using: &rng) {
    case 0:
        return [
            0.0, -0.0, .infinity, -.infinity, .nan, 65504, 0x1p-24, -0x1p-14, .greatestFiniteMagnitude,
            .leastNonzeroMagnitude,
        ].randomElement(using: &rng) ?? 0
    case 1:
        // A half-precision value: 11 significant bits, exponent −24…15.
        let m = Double(Int.random(in: -2047...2047, using: &rng))
        return m * Double(sign: .plus, exponent: Int.random(in: -24...5, using: &rng), significand: 1)
    case 2:
        let f = Float(bitPattern: UInt32.random(in: 0 ... .max, using: &rng))
        return f.isNaN ? .nan : Double(f)
    default:
        let d = Double(bitPattern: UInt64.random(in: 0 ... .max, using: &rng))
        return d.isNaN ? .nan : d
    }
}

/// `value` with every map's entries in deterministic order, as the deterministic encoder
/// writes them and a deterministic decoder returns them.
func sortedMaps(_ value: CBORValue) throws -> CBORValue {
    switch value {
    case let .array(items): return .array(try items.map(sortedMaps))
    case let .tag(n, content): return .tag(n, try sortedMaps(content))
    case let .map(entries):
        let keyed = try entries.map {
            (
                encoded: try $0.key.encoded(deterministic: true), key: try sortedMaps($0.key),
                value: try sortedMaps($0.value)
            )
        }
        return .map(keyed.sorted { $0.encoded.lexicographicallyPrecedes($1.encoded) }.map { ($0.key, $0.value) })
    default: return value
    }
}
