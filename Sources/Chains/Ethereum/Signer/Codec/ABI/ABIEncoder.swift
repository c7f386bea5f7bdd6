import BigInt

/// The contract ABI encoding (head and tail, 32-byte words) of values of known types. Every
/// value is checked against its type first (range, length, element count), and a mismatch is
/// refused naming its place, so what is encoded is exactly what was asked for.
public enum ABIEncoder {
    /// The encoding of `values` as the tuple `types` (a function's arguments without the
    /// selector). `names` names each top-level value in errors ("argument 2 (uint256)").
    public static func encode(_ values: [ABIValue], as types: [ABIType], names: [String]? = nil) throws(EthereumError)
        -> [UInt8]
    {
        guard values.count == types.count else {
            throw .invalidABI("\(types.count) argument\(types.count == 1 ? "" : "s") expected, \(values.count) given")
        }
        let paths = names ?? types.enumerated().map { "argument \($0.offset + 1) (\($0.element.canonical))" }
        return try sequence(values, types: types, paths: { paths[$0] })
    }

    /// `selector ‖ encode(values)`.
    public static func call(_ function: ABIFunction, _ values: [ABIValue]) throws(EthereumError) -> [UInt8] {
        function.selector + (try encode(values, as: function.inputs.map(\.type)))
    }

    private static func sequence(_ values: [ABIValue], types: [ABIType], paths: (Int) -> String) throws(EthereumError)
        -> [UInt8]
    {
        var heads: [[UInt8]] = []
        var tails: [[UInt8]] = []
        heads.reserveCapacity(values.count)
        for (index, (value, type)) in zip(values, types).enumerated() {
            let encoded = try encode(value, as: type, path: paths(index))
            if type.isDynamic {
                heads.append([])  // the offset, filled in below
                tails.append(encoded)
            } else {
                heads.append(encoded)
                tails.append([])
            }
        }
        let headSize = types.reduce(0) { $0 + ($1.isDynamic ? 32 : 0) } + heads.reduce(0) { $0 + $1.count }
        var out: [UInt8] = []
        out.reserveCapacity(headSize + tails.reduce(0) { $0 + $1.count })
        var offset = headSize
        for (index, type) in types.enumerated() {
            if type.isDynamic {
                out += BigUInt(offset).bigEndian(width: 32)
                offset += tails[index].count
            } else {
                out += heads[index]
            }
        }
        for tail in tails { out += tail }
        return out
    }

    private static func encode(_ value: ABIValue, as type: ABIType, path: String) throws(EthereumError) -> [UInt8] {
        switch (type, value) {
        case let (.uint(bits), .uint(number)):
            guard number.bitWidth <= bits else { throw .invalidABI("\(path): \(number) does not fit uint\(bits)") }
            return number.bigEndian(width: 32)
        case let (.int(bits), .int(number)):
            let limit = BigInt(1) << (bits - 1)
            guard number >= -limit, number < limit else {
                throw .invalidABI("\(path): \(number) does not fit int\(bits)")
            }
            return ABIWord.twosComplement(number)
        case let (.address, .address(address)):
            return [UInt8](repeating: 0, count: 12) + address.bytes
        case let (.bool, .bool(flag)):
            return [UInt8](repeating: 0, count: 31) + [flag ? 1 : 0]
        case let (.fixedBytes(n), .fixedBytes(bytes)):
            guard bytes.count == n else { throw .invalidABI("\(path): bytes\(n) holds \(n) bytes, not \(bytes.count)") }
            return bytes + [UInt8](repeating: 0, count: 32 - n)
        case let (.bytes, .bytes(bytes)):
            return ABIWord.lengthPrefixed(bytes)
        case let (.string, .string(text)):
            return ABIWord.lengthPrefixed(Array(text.utf8))
        case let (.array(element), .array(items)):
            return BigUInt(items.count).bigEndian(width: 32)
                + (try sequence(
                    items, types: Array(repeating: element, count: items.count), paths: { "\(path)[\($0)]" }))
        case let (.fixedArray(element, length), .array(items)):
            guard items.count == length else {
                throw .invalidABI("\(path): \(type.canonical) has \(length) elements, not \(items.count)")
            }
            return try sequence(items, types: Array(repeating: element, count: length), paths: { "\(path)[\($0)]" })
        case let (.tuple(components), .tuple(items)):
            guard items.count == components.count else {
                throw .invalidABI(
                    "\(path): the tuple \(type.canonical) has \(components.count) components, not \(items.count)")
            }
            return try sequence(
                items, types: components.map(\.type),
                paths: { index in
                    components[index].name.isEmpty ? "\(path).\(index)" : "\(path).\(components[index].name)"
                })
        default:
            throw .invalidABI("\(path): a value of another type where \(type.canonical) belongs")
        }
    }
}

/// Words as the ABI writes them.
enum ABIWord {
    /// A signed integer in 256-bit two's complement.
    static func twosComplement(_ number: BigInt) -> [UInt8] {
        if number.sign == .plus { return number.magnitude.bigEndian(width: 32) }
        return ((BigUInt(1) << 256) - number.magnitude).bigEndian(width: 32)
    }

    /// The length word, then the bytes right-padded with zeros to a whole number of words.
    static func lengthPrefixed(_ bytes: [UInt8]) -> [UInt8] {
        let padding = (32 - bytes.count % 32) % 32
        return BigUInt(bytes.count).bigEndian(width: 32) + bytes + [UInt8](repeating: 0, count: padding)
    }
}
