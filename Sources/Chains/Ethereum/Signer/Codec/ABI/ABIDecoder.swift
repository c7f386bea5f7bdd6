import BigInt

/// Strict decoding of the contract ABI encoding: only the bytes `ABIEncoder` would write for
/// the decoded values are accepted, so what is shown is the one reading of the bytes. Refused,
/// each naming the argument: a word with dirty high bits (an integer wider than its type, an
/// address or `bytesN` with bytes set outside its width, a bool other than 0 or 1, a negative
/// integer not sign-extended), nonzero padding, an offset that does not point exactly where the
/// strict encoding puts the value, a length beyond the data, a string that is not UTF-8, data
/// cut short, and trailing bytes.
public struct ABIDecoder {
    private let data: [UInt8]

    private init(_ data: [UInt8]) { self.data = data }

    /// Decodes `data` as the tuple `types` (a function's arguments after the selector).
    /// `names` names each top-level value in errors (default "argument N (type)").
    public static func decode(_ types: [ABIType], from data: [UInt8], names: [String]? = nil) throws(EthereumError)
        -> [ABIValue]
    {
        let (values, size) = try decodePrefix(types, from: data, names: names)
        guard size == data.count else {
            let extra = data.count - size
            throw .invalidABI("\(extra) byte\(extra == 1 ? "" : "s") after the last argument (trailing data)")
        }
        return values
    }

    /// Decodes the strict encoding of `types` at the start of `data`, every check of `decode`
    /// applied to it, and returns the values and the encoding's size: the bytes after it are
    /// the caller's to show or refuse (a review shows them; `decode` refuses them).
    public static func decodePrefix(_ types: [ABIType], from data: [UInt8], names: [String]? = nil)
        throws(EthereumError) -> ([ABIValue], Int)
    {
        let decoder = ABIDecoder(data)
        let paths = names ?? types.enumerated().map { "argument \($0.offset + 1) (\($0.element.canonical))" }
        return try decoder.sequence(count: types.count, type: { types[$0] }, at: 0, path: { paths[$0] })
    }

    /// The values of `count` types laid out head then tail from `base`, and the size of the
    /// whole encoding. Each dynamic value's offset must be exactly where the previous tail
    /// ended (the first right after the heads).
    private func sequence(
        count: Int, type: (Int) -> ABIType, at base: Int,
        path: (Int) -> String
    ) throws(EthereumError) -> ([ABIValue], Int) {
        var head = base
        var headSize = 0
        for index in 0..<count {
            guard let size = type(index).headSize, headSize <= data.count else {
                throw .invalidABI("\(path(index)): the encoding is larger than the data")
            }
            headSize += size
        }
        guard headSize <= data.count - base else {
            throw .invalidABI(
                "\(path(0)): the data ends \(data.count - base) bytes in, before the \(headSize) bytes of heads")
        }
        var tail = base + headSize
        var values: [ABIValue] = []
        values.reserveCapacity(count)
        for index in 0..<count {
            let element = type(index)
            if element.isDynamic {
                let offset = try position(at: head, path: path(index), what: "offset")
                guard offset == tail - base else {
                    throw .invalidABI(
                        "\(path(index)): offset \(offset) is not the strict encoding's \(tail - base) (a bad or overlapping offset)"
                    )
                }
                let (value, size) = try dynamic(element, at: tail, path: path(index))
                values.append(value)
                tail += size
                head += 32
            } else {
                // headSize was computed above, so this size exists.
                let size = element.headSize ?? 32
                values.append(try staticValue(element, at: head, path: path(index)))
                head += size
            }
        }
        return (values, tail - base)
    }

    /// A dynamic value whose encoding starts at `start`, and the encoding's size.
    private func dynamic(_ type: ABIType, at start: Int, path: String) throws(EthereumError) -> (ABIValue, Int) {
        switch type {
        case .bytes, .string:
            let length = try position(at: start, path: path, what: "length")
            let padded = length + (32 - length % 32) % 32
            guard padded <= data.count - start - 32 else {
                throw .invalidABI("\(path): a length of \(length) bytes runs past the end of the data")
            }
            let bytes = Array(data[start + 32..<start + 32 + length])
            guard data[start + 32 + length..<start + 32 + padded].allSatisfy({ $0 == 0 }) else {
                throw .invalidABI("\(path): nonzero padding after the \(length) bytes")
            }
            if case .string = type {
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    throw .invalidABI("\(path): the string is not valid UTF-8")
                }
                return (.string(text), 32 + padded)
            }
            return (.bytes(bytes), 32 + padded)
        case .array(let element):
            let count = try position(at: start, path: path, what: "length")
            // Every element takes at least a word of head: a count beyond that is a lie, refused
            // before anything is allocated for it.
            guard count <= (data.count - start - 32) / 32 else {
                throw .invalidABI(
                    "\(path): an array of \(count) elements does not fit the \(data.count - start - 32) bytes after its length"
                )
            }
            let (items, size) = try sequence(
                count: count, type: { _ in element }, at: start + 32, path: { "\(path)[\($0)]" })
            return (.array(items), 32 + size)
        case let .fixedArray(element, length):
            let (items, size) = try sequence(
                count: length, type: { _ in element }, at: start, path: { "\(path)[\($0)]" })
            return (.array(items), size)
        case .tuple(let components):
            let (items, size) = try sequence(
                count: components.count, type: { components[$0].type }, at: start,
                path: { Self.member(path, components, $0) })
            return (.tuple(items), size)
        default:
            throw .invalidABI("\(path): \(type.canonical) is not a dynamic type")
        }
    }

    /// A static value at `start`; the caller has checked its head fits the data.
    private func staticValue(_ type: ABIType, at start: Int, path: String) throws(EthereumError) -> ABIValue {
        switch type {
        case .fixedArray(let element, let length):
            return .array(try sequence(count: length, type: { _ in element }, at: start, path: { "\(path)[\($0)]" }).0)
        case .tuple(let components):
            return .tuple(
                try sequence(
                    count: components.count, type: { components[$0].type }, at: start,
                    path: { Self.member(path, components, $0) }
                ).0)
        default:
            return try elementary(type, Array(data[start..<start + 32]), path: path)
        }
    }

    /// One word of an elementary type, with its unused bits checked.
    private func elementary(_ type: ABIType, _ word: [UInt8], path: String) throws(EthereumError) -> ABIValue {
        switch type {
        case .uint(let bits):
            let value = BigUInt(bigEndian: word)
            guard value.bitWidth <= bits else {
                throw .invalidABI("\(path): dirty high bits: \(value) does not fit uint\(bits)")
            }
            return .uint(value)
        case .int(let bits):
            let raw = BigUInt(bigEndian: word)
            let negative = word[0] & 0x80 != 0
            let value = negative ? -BigInt((BigUInt(1) << 256) - raw) : BigInt(raw)
            let limit = BigInt(1) << (bits - 1)
            guard value >= -limit, value < limit else {
                throw .invalidABI("\(path): dirty high bits: the word is not an int\(bits) sign-extended")
            }
            return .int(value)
        case .address:
            guard word.prefix(12).allSatisfy({ $0 == 0 }) else {
                throw .invalidABI("\(path): dirty high bits: an address has 12 zero bytes before it")
            }
            do { return .address(try EthereumAddress(bytes: Array(word.suffix(20)))) } catch {
                throw .invalidABI("\(path): \(error)")
            }
        case .bool:
            guard word.prefix(31).allSatisfy({ $0 == 0 }), word[31] <= 1 else {
                throw .invalidABI("\(path): a bool is 0 or 1")
            }
            return .bool(word[31] == 1)
        case .fixedBytes(let n):
            guard word.suffix(32 - n).allSatisfy({ $0 == 0 }) else {
                throw .invalidABI("\(path): dirty low bytes: bytes\(n) has \(32 - n) zero bytes after it")
            }
            return .fixedBytes(Array(word.prefix(n)))
        default:
            throw .invalidABI("\(path): \(type.canonical) is not a one-word type")
        }
    }

    /// A word read as a byte position or count, refused when it could not be one (it is at
    /// least as large as the data).
    private func position(at start: Int, path: String, what: String) throws(EthereumError) -> Int {
        guard start <= data.count - 32 else { throw .invalidABI("\(path): the data ends before its \(what)") }
        let word = data[start..<start + 32]
        guard word.prefix(24).allSatisfy({ $0 == 0 }) else {
            throw .invalidABI("\(path): the \(what) is larger than the data")
        }
        var value = 0
        for byte in word.suffix(8) {
            guard value <= (Int.max >> 8) else { throw .invalidABI("\(path): the \(what) is larger than the data") }
            value = value << 8 | Int(byte)
        }
        guard value <= data.count else { throw .invalidABI("\(path): the \(what) \(value) is larger than the data") }
        return value
    }

    private static func member(_ path: String, _ components: [ABIParameter], _ index: Int) -> String {
        components[index].name.isEmpty ? "\(path).\(index)" : "\(path).\(components[index].name)"
    }
}
