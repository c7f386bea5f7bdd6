/// One EIP-712 member type, parsed from its text (`uint256`, `bytes32`, `Person`, `string[2][]`).
indirect enum TypedDataType: Equatable, Sendable {
    case uint(bits: Int)
    case int(bits: Int)
    case address
    case bool
    case fixedBytes(Int)
    case bytes
    case string
    case structure(String)
    /// `T[]` (length nil) or `T[n]`; the element type is everything before the last brackets.
    case array(TypedDataType, length: Int?)

    /// Most array dimensions a member type may have (`T[2][]` has two). Seaport's bulk orders,
    /// the deepest in use, have 24; the bound keeps a hostile type from nesting without end.
    static let maxArrayDimensions = 64

    /// Parses `text`; a name that is neither atomic nor among `structs` is refused.
    init(_ text: String, structs: Set<String>) throws(EthereumError) {
        // Brackets are peeled from the end in a loop (the last pair is the outermost array), so
        // the nesting a type asks for costs no stack.
        var element = Substring(text)
        var lengths: [Int?] = []
        while element.hasSuffix("]") {
            guard lengths.count < Self.maxArrayDimensions else {
                throw .invalidTypedData(
                    "type \"\(text.prefix(40))…\" has more than \(Self.maxArrayDimensions) array dimensions")
            }
            guard let open = element.lastIndex(of: "[") else {
                throw .invalidTypedData("malformed array type \"\(text)\"")
            }
            let count = element[element.index(after: open)..<element.index(before: element.endIndex)]
            var length: Int? = nil
            if !count.isEmpty {
                // Canonical decimal only: "[02]" or "[0]" would be another type name to a reference library.
                guard count.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), count.first != "0",
                    count.count <= 6, let n = Int(count)
                else { throw .invalidTypedData("bad array length in type \"\(text)\"") }
                length = n
            }
            element = element[..<open]
            guard !element.isEmpty else { throw .invalidTypedData("malformed array type \"\(text)\"") }
            lengths.append(length)
        }
        var type = try TypedDataType(element: String(element), structs: structs)
        for length in lengths.reversed() { type = .array(type, length: length) }
        self = type
    }

    /// A type without array brackets: atomic, or one of `structs`.
    private init(element text: String, structs: Set<String>) throws(EthereumError) {
        if structs.contains(text) { self = .structure(text); return }
        switch text {
        case "address": self = .address
        case "bool": self = .bool
        case "bytes": self = .bytes
        case "string": self = .string
        default:
            if let bits = TypedDataType.size(text, prefix: "uint"), bits % 8 == 0, (8...256).contains(bits) {
                self = .uint(bits: bits)
            } else if let bits = TypedDataType.size(text, prefix: "int"), bits % 8 == 0, (8...256).contains(bits) {
                self = .int(bits: bits)
            } else if let n = TypedDataType.size(text, prefix: "bytes"), (1...32).contains(n) {
                self = .fixedBytes(n)
            } else {
                throw .invalidTypedData("unknown type \"\(text)\"")
            }
        }
    }

    /// The canonical decimal after `prefix` ("uint64" → 64), nil if there is none.
    private static func size(_ text: String, prefix: String) -> Int? {
        guard text.hasPrefix(prefix) else { return nil }
        let digits = text.dropFirst(prefix.count)
        guard !digits.isEmpty, digits.count <= 3, digits.first != "0",
            digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return Int(digits)
    }

    /// The struct this type names, looking through arrays.
    var structName: String? {
        switch self {
        case .structure(let name): return name
        case .array(let element, _): return element.structName
        default: return nil
        }
    }
}
