import AirsignEncoding
import AirsignStellar
import BigInt

/// Contract-call arguments as the watch takes them: `--arg TYPE:VALUE` (one scalar) or
/// `--args JSON`, a list in stellar-xdr's JSON shapes (what stellar-cli prints and reads):
/// `{"i128":"100"}`, `{"address":"G…"}`, `{"symbol":"transfer"}`, `{"vec":[…]}`,
/// `{"map":[{"key":…,"val":…}]}`, `"void"`. Maps are sorted into the network's key order
/// (the encoding requires it) and a repeated key is refused.
public enum SorobanArgument {
    /// The scalar types `--arg` takes.
    public static let scalarTypes = [
        "address", "bool", "bytes", "duration", "i128", "i256", "i32", "i64", "string", "symbol",
        "timepoint", "u128", "u256", "u32", "u64", "void",
    ]

    /// `TYPE:VALUE` (`i128:100`, `address:G…`, `bytes:00ff`, `void:`).
    public static func parse(_ text: String) throws(StellarError) -> SCVal {
        guard let colon = text.firstIndex(of: ":") else {
            throw .argument(.notTypeValue(text, types: scalarTypes))
        }
        return try scalar(String(text[..<colon]), String(text[text.index(after: colon)...]), place: "--arg \(text)")
    }

    /// A JSON array of values in stellar-xdr's JSON shapes.
    public static func list(json bytes: [UInt8]) throws(StellarError) -> [SCVal] {
        let value: JSONValue
        do { value = try JSONParser().parse(bytes) } catch { throw .notJSON(field: "--args", reason: "\(error)") }
        guard case let .array(items) = value else { throw .argument(.argsNotArray) }
        var out: [SCVal] = []
        for (index, item) in items.enumerated() {
            out.append(try self.value(item, place: "--args[\(index)]", depth: 0))
        }
        return out
    }

    /// How deep `--args` may nest (the signer's decoder allows no more).
    static let maxDepth = 32

    static func value(_ json: JSONValue, place: String, depth: Int) throws(StellarError) -> SCVal {
        guard depth < maxDepth else { throw .tooDeep(place: place, limit: maxDepth) }
        if case .string("void") = json { return .void }
        guard case let .object(members) = json, members.count == 1, let (type, inner) = members.first else {
            throw .argument(.notOneObject(place: place))
        }
        switch (type, inner) {
        case ("vec", .array(let items)):
            var out: [SCVal] = []
            for (index, item) in items.enumerated() {
                out.append(try value(item, place: "\(place).vec[\(index)]", depth: depth + 1))
            }
            return .vec(out)
        case ("map", .array(let items)):
            var entries: [SCMapEntry] = []
            for (index, item) in items.enumerated() {
                guard case let .object(pair) = item, pair.count == 2, let key = item["key"], let val = item["val"]
                else {
                    throw .argument(.mapEntry(place: place, index: index))
                }
                entries.append(
                    SCMapEntry(
                        key: try value(key, place: "\(place).map[\(index)].key", depth: depth + 1),
                        val: try value(val, place: "\(place).map[\(index)].val", depth: depth + 1)))
            }
            return try sortedMap(entries, place: place)
        case ("bool", .bool(let flag)): return .bool(flag)
        case (_, .string(let text)): return try scalar(type, text, place: place)
        case (_, .number(let text)): return try scalar(type, text, place: place)
        default: throw .argument(.unwritable(place: place, type: type))
        }
    }

    /// Map entries in the order the network requires, a repeated key refused.
    static func sortedMap(_ entries: [SCMapEntry], place: String) throws(StellarError) -> SCVal {
        let sorted = entries.sorted { SCVal.compare($0.key, $1.key) < 0 }
        for (a, b) in zip(sorted, sorted.dropFirst()) where SCVal.compare(a.key, b.key) == 0 {
            throw .scVal(.argumentKeyRepeated(place: place, key: "\(a.key)"))
        }
        return .map(sorted)
    }

    static func scalar(_ type: String, _ text: String, place: String) throws(StellarError) -> SCVal {
        let bad = StellarError.argument(.notOfType(place: place, text: text, type: type))
        switch type {
        case "void": guard text.isEmpty else { throw bad }; return .void
        case "bool":
            guard text == "true" || text == "false" else { throw bad }
            return .bool(text == "true")
        case "u32": guard let v = UInt32(text) else { throw bad }; return .u32(v)
        case "i32": guard let v = Int32(text) else { throw bad }; return .i32(v)
        case "u64": guard let v = UInt64(text) else { throw bad }; return .u64(v)
        case "i64": guard let v = Int64(text) else { throw bad }; return .i64(v)
        case "timepoint": guard let v = UInt64(text) else { throw bad }; return .timepoint(v)
        case "duration": guard let v = UInt64(text) else { throw bad }; return .duration(v)
        case "u128", "i128", "u256", "i256":
            guard let v = BigInt(text, radix: 10) else { throw bad }
            return try integer(v, type: type, place: place)
        case "bytes":
            guard let bytes = try? Hex.decode(text) else { throw .argument(.notHex(place: place)) }
            return .bytes(bytes)
        case "string": return .string(Array(text.utf8))
        case "symbol":
            do { return try SCVal.symbol(text) } catch { throw .unreadable(field: place, reason: "\(error)") }
        case "address": return .address(try SCAddress(text))
        default: throw .argument(.unknownType(place: place, type: type, types: scalarTypes))
        }
    }

    /// An integer as a 128- or 256-bit SCVal, refused when out of the type's range.
    public static func integer(_ value: BigInt, type: String, place: String) throws(StellarError) -> SCVal {
        let bits = type.hasSuffix("128") ? 128 : 256
        let signed = type.hasPrefix("i")
        let low: BigInt = signed ? -(BigInt(1) << (bits - 1)) : 0
        let high: BigInt = (BigInt(1) << (signed ? bits - 1 : bits)) - 1
        guard value >= low, value <= high else {
            throw .argument(.outOfRange(place: place, value: "\(value)", type: type))
        }
        // Two's complement in `bits` bits, then split into 64-bit words, most significant first.
        let unsigned = value < 0 ? value + (BigInt(1) << bits) : value
        let mask = (BigInt(1) << 64) - 1
        let words = (0..<bits / 64).reversed().map { UInt64((unsigned >> ($0 * 64)) & mask) }
        switch (bits, signed) {
        case (128, false): return .u128(UInt128Parts(hi: words[0], lo: words[1]))
        case (128, true): return .i128(Int128Parts(hi: Int64(bitPattern: words[0]), lo: words[1]))
        case (256, false): return .u256(UInt256Parts(hiHi: words[0], hiLo: words[1], loHi: words[2], loLo: words[3]))
        default:
            return .i256(Int256Parts(hiHi: Int64(bitPattern: words[0]), hiLo: words[1], loHi: words[2], loLo: words[3]))
        }
    }
}
