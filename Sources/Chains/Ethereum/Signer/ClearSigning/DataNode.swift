import AirsignEncoding
import BigInt

/// The structured data a descriptor formats, calldata arguments or an EIP-712 message alike: a
/// tree of named members, lists and values, read by every ERC-7730 path the same way.
public indirect enum DataNode: Equatable, Sendable {
    case uint(BigUInt)
    case int(BigInt)
    case address(EthereumAddress)
    case bool(Bool)
    /// `bytes` and `bytesN`.
    case bytes([UInt8])
    case string(String)
    case list([DataNode])
    case record([Member])

    public struct Member: Equatable, Sendable {
        public let name: String
        public let value: DataNode
    }

    /// A function's decoded arguments as a record of its named inputs (unnamed ones by their
    /// position, `0`, `1`, …).
    public init(arguments values: [ABIValue], of inputs: [ABIParameter]) {
        self = .record(
            zip(inputs, values).enumerated().map { index, pair in
                Member(
                    name: pair.0.name.isEmpty ? String(index) : pair.0.name, value: DataNode(pair.1, type: pair.0.type))
            })
    }

    /// One decoded ABI value of `type`.
    public init(_ value: ABIValue, type: ABIType) {
        switch (value, type) {
        case let (.uint(n), _): self = .uint(n)
        case let (.int(n), _): self = .int(n)
        case let (.address(a), _): self = .address(a)
        case let (.bool(b), _): self = .bool(b)
        case let (.fixedBytes(b), _), let (.bytes(b), _): self = .bytes(b)
        case let (.string(s), _): self = .string(s)
        case let (.array(items), .array(element)), let (.array(items), .fixedArray(element, _)):
            self = .list(items.map { DataNode($0, type: element) })
        case let (.tuple(items), .tuple(components)):
            self = DataNode(arguments: items, of: components)
        case let (.array(items), _), let (.tuple(items), _):
            // A value decoded under its own type always pairs as above; kept total for safety.
            self = .list(items.map { DataNode($0, type: .bytes) })
        }
    }

    /// The message (or domain) of EIP-712 typed data, read as its digest reads it.
    init(typed: TypedData, structure: String, value: JSONValue, path: String) throws(EthereumError) {
        guard let members = typed.types[structure], case .object = value else {
            throw .invalidTypedData("\(path) is not a \(structure) object")
        }
        var out: [Member] = []
        for member in members {
            guard let field = value[member.name] else { throw .invalidTypedData("\(path).\(member.name) is missing") }
            out.append(
                Member(
                    name: member.name,
                    value: try DataNode(typed: typed, type: member.parsed, value: field, path: "\(path).\(member.name)")
                ))
        }
        self = .record(out)
    }

    init(typed: TypedData, type: TypedDataType, value: JSONValue, path: String) throws(EthereumError) {
        switch type {
        case .structure(let name):
            self = try DataNode(typed: typed, structure: name, value: value, path: path)
        case .array(let element, _):
            guard case .array(let items) = value else { throw .invalidTypedData("\(path) must be an array") }
            var nodes: [DataNode] = []
            for (index, item) in items.enumerated() {
                nodes.append(try DataNode(typed: typed, type: element, value: item, path: "\(path)[\(index)]"))
            }
            self = .list(nodes)
        case .uint:
            let (negative, magnitude) = try typed.integer(value, path: path)
            guard !negative || magnitude == 0 else { throw .invalidTypedData("\(path) is negative") }
            self = .uint(magnitude)
        case .int:
            let (negative, magnitude) = try typed.integer(value, path: path)
            self = .int(negative ? -BigInt(magnitude) : BigInt(magnitude))
        case .address:
            guard case .string(let text) = value else { throw .invalidTypedData("\(path) must be an address string") }
            let bytes = try TypedDataAddress.bytes(text, path: path)
            do { self = .address(try EthereumAddress(bytes: bytes)) } catch {
                throw .invalidTypedData("\(path): \(error)")
            }
        case .bool:
            guard case .bool(let flag) = value else { throw .invalidTypedData("\(path) must be true or false") }
            self = .bool(flag)
        case .bytes, .fixedBytes:
            guard case .string(let text) = value, text.hasPrefix("0x") else {
                throw .invalidTypedData("\(path) must be 0x hex")
            }
            do { self = .bytes(try Hex.decode(text)) } catch { throw .invalidTypedData("\(path): \(error)") }
        case .string:
            guard case .string(let text) = value else { throw .invalidTypedData("\(path) must be a string") }
            self = .string(text)
        }
    }

    /// The nodes `steps` select: one for names and indexes, several through `[]` and array
    /// slices; a slice of bytes or a string cuts its bytes. Throws when a step does not exist.
    func select(_ steps: ArraySlice<DescriptorPath.Step>, path: DescriptorPath) throws(EthereumError) -> [DataNode] {
        guard let step = steps.first else { return [self] }
        let rest = steps.dropFirst()
        switch (step, self) {
        case let (.name(name), .record(members)):
            guard let member = members.first(where: { $0.name == name }) else {
                throw .invalidDescriptor("path \(path): \"\(name)\" is not a member here")
            }
            return try member.value.select(rest, path: path)
        case let (.index(i), .list(items)):
            let index = i < 0 ? items.count + i : i
            guard index >= 0, index < items.count else {
                throw .invalidDescriptor("path \(path): index \(i) is outside the \(items.count) elements")
            }
            return try items[index].select(rest, path: path)
        case (.all, .list(let items)):
            var out: [DataNode] = []
            for item in items { out += try item.select(rest, path: path) }
            return out
        case let (.slice(a, b), .list(items)):
            var out: [DataNode] = []
            for item in try Self.cut(items, a, b, path: path) { out += try item.select(rest, path: path) }
            return out
        case let (.slice(a, b), .bytes(bytes)):
            guard rest.isEmpty else { throw .invalidDescriptor("path \(path): nothing follows a slice of bytes") }
            return [.bytes(try Self.cut(bytes, a, b, path: path))]
        case (.slice(let a, let b), .uint), (.slice(let a, let b), .int), (.slice(let a, let b), .address),
            (.slice(let a, let b), .bool):
            // A slice of a value cuts its 32-byte ABI word ("token.[-20:]": an address packed in a uint256).
            guard rest.isEmpty, let word = word else {
                throw .invalidDescriptor("path \(path): nothing follows a slice of a value")
            }
            return [.bytes(try Self.cut(word, a, b, path: path))]
        case let (.slice(a, b), .string(text)):
            guard rest.isEmpty else { throw .invalidDescriptor("path \(path): nothing follows a slice of a string") }
            return [.bytes(try Self.cut(Array(text.utf8), a, b, path: path))]
        default:
            throw .invalidDescriptor("path \(path) does not fit the data (a step into a value that has no such part)")
        }
    }

    /// The 32-byte ABI word of an elementary value (nil for others, and for an integer beyond 256 bits).
    private var word: [UInt8]? {
        switch self {
        case .uint(let n): return n < (BigUInt(1) << 256) ? n.bigEndian(width: 32) : nil
        case .int(let n): return n.magnitude <= (BigUInt(1) << 255) ? ABIWord.twosComplement(n) : nil
        case .address(let a): return [UInt8](repeating: 0, count: 12) + a.bytes
        case .bool(let flag): return [UInt8](repeating: 0, count: 31) + [flag ? 1 : 0]
        default: return nil
        }
    }

    /// `items[a..<b]` with Python's negative indexes; bounds must lie inside.
    private static func cut<T>(_ items: [T], _ a: Int?, _ b: Int?, path: DescriptorPath) throws(EthereumError) -> [T] {
        let count = items.count
        let start = a.map { $0 < 0 ? count + $0 : $0 } ?? 0
        let end = b.map { $0 < 0 ? count + $0 : $0 } ?? count
        guard start >= 0, end <= count, start <= end else {
            throw .invalidDescriptor("path \(path): slice outside the \(count) elements")
        }
        return Array(items[start..<end])
    }
}
