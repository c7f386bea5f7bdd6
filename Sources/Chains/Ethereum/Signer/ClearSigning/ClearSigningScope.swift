import AirsignEncoding
import AirsignMessages
import BigInt

/// What a descriptor's fields may read while a call or message is shown: the data, its
/// container (`@.from`, `@.to`, `@.value`), the descriptor's own constants, and the signer's
/// knowledge (accounts and contacts, tokens, installed descriptors, the clock).
struct ClearSigningScope {
    let descriptor: ClearSigningDescriptor
    let data: DataNode
    let container: Container
    let environment: ClearSigningEnvironment

    /// The transaction's sender, recipient and value; for a message, the signer, the verifying
    /// contract and zero.
    struct Container {
        let from: EthereumAddress
        let to: EthereumAddress?
        let value: BigUInt
    }

    /// The nodes a path reads: the data's members, the container's values, or the
    /// descriptor's constants.
    func nodes(_ path: DescriptorPath) throws(EthereumError) -> [DataNode] {
        switch path.root {
        case .data:
            return try data.select(path.steps[...], path: path)
        case .container:
            guard path.steps.count == 1, case .name(let name) = path.steps[0] else {
                throw .invalidDescriptor("path \(path): the container has only @.from, @.to, @.value and @.chainId")
            }
            switch name {
            case "from": return [.address(container.from)]
            case "to":
                guard let to = container.to else {
                    throw .invalidDescriptor(
                        "path \(path): there is no recipient (a creation, or a message with no verifying contract)")
                }
                return [.address(to)]
            case "value": return [.uint(container.value)]
            case "chainId": return [.uint(environment.chainId)]
            default:
                throw .invalidDescriptor("path \(path): the container has only @.from, @.to, @.value and @.chainId")
            }
        case .descriptor:
            return [Self.node(try constant(path))]
        }
    }

    /// `$.metadata.constants.NAME` (or another descriptor value a path names).
    func constant(_ path: DescriptorPath) throws(EthereumError) -> JSONValue {
        var value = descriptor.document
        for step in path.steps {
            guard case .name(let name) = step, let next = value[name] else {
                throw .invalidDescriptor("path \(path) names nothing in the descriptor")
            }
            value = next
        }
        return value
    }

    /// A parameter's value: a literal, a `$.` reference to a constant, or a map reference
    /// (`{"map": "$.metadata.maps.NAME", "keyPath": PATH}`).
    func parameter(_ value: JSONValue) throws(EthereumError) -> JSONValue {
        switch value {
        case .string(let text) where text.hasPrefix("$."):
            return try constant(try DescriptorPath(text))
        case .object:
            guard case .string(let map)? = value["map"], case .string(let keyPath)? = value["keyPath"],
                map.hasPrefix("$.metadata.maps.")
            else {
                throw .invalidDescriptor("a parameter object must be a map reference {\"map\", \"keyPath\"}")
            }
            let name = String(map.dropFirst("$.metadata.maps.".count))
            guard let table = descriptor.maps[name] else {
                throw .invalidDescriptor("map \"\(name)\" is not in metadata.maps")
            }
            let keys = try nodes(try DescriptorPath(keyPath))
            guard keys.count == 1, let key = keys.first?.keyText, let found = table[key] ?? table[key.lowercased()]
            else {
                throw .invalidDescriptor("map \"\(name)\" has no value for the key at \(keyPath)")
            }
            return found
        default:
            return value
        }
    }

    /// A parameter named `constant` or `pathKey` (`token` / `tokenPath`), read as nodes; nil
    /// when neither is given. A path is taken under `parent`, then `bind` names the elements
    /// of the enclosing groups in it.
    func parameterNodes(
        _ params: [String: JSONValue], constant: String, pathKey: String, parent: DescriptorPath?,
        bind: (DescriptorPath) -> DescriptorPath
    ) throws(EthereumError) -> [DataNode]? {
        if case .string(let text)? = params[pathKey] {
            return try nodes(bind(try DescriptorPath(text).under(parent)))
        }
        if let value = params[constant] {
            return [Self.node(try parameter(value))]
        }
        return nil
    }

    /// A JSON literal as a node: `0x` and 40 hex digits an address, other `0x` hex bytes
    /// (or an integer where one is expected), numbers integers.
    static func node(_ value: JSONValue) -> DataNode {
        switch value {
        case .string(let text):
            if text.hasPrefix("0x"), text.count == 42, let bytes = try? Hex.decode(text),
                let address = try? EthereumAddress(bytes: bytes)
            {
                return .address(address)
            }
            if text.hasPrefix("0x"), let number = BigUInt(text.dropFirst(2), radix: 16), text.count > 2,
                text.count <= 66
            {
                return .uint(number)
            }
            return .string(text)
        case .number(let text): return BigUInt(text, radix: 10).map(DataNode.uint) ?? .string(text)
        case .bool(let flag): return .bool(flag)
        default: return .string("")
        }
    }
}

/// The signer's side of a review: the network, its knowledge and how it labels addresses.
struct ClearSigningEnvironment {
    let chainId: BigUInt
    let knowledge: EthereumKnowledge
    let now: Int64
    /// "0x… (contact \"Alice\")".
    let describe: (EthereumAddress) -> String
    /// Whether the address is one of the signer's accounts or contacts.
    let isKnown: (EthereumAddress) -> Bool
    /// Whether the address is one of the signer's own accounts.
    let isOwn: (EthereumAddress) -> Bool
    /// The person's name for the address in their contacts (ERC-7730's trusted name).
    var contactName: (EthereumAddress) -> String? = { _ in nil }

    /// The chain's currency symbol ("ETH", "BNB", …).
    var nativeSymbol: String { ChainNames.nativeSymbol(for: chainId) }
}

extension DataNode {
    /// The text a map or enum key is compared with: decimal for integers, lower-case hex for
    /// addresses and bytes, the text of strings, true/false.
    var keyText: String? {
        switch self {
        case .uint(let n): return String(n)
        case .int(let n): return String(n)
        case .address(let a): return Hex.encode(a.bytes, prefix: true)
        case .bytes(let b): return Hex.encode(b, prefix: true)
        case .string(let s): return s
        case .bool(let b): return b ? "true" : "false"
        case .list, .record: return nil
        }
    }

    /// Whether this value equals a JSON literal of a `visible` rule (integers by value, in
    /// decimal or hex; addresses and bytes by their bytes).
    func matches(_ literal: JSONValue) -> Bool {
        switch (self, literal) {
        case let (.bool(a), .bool(b)): return a == b
        case (_, .null): return false
        default:
            let other = ClearSigningScope.node(literal)
            switch (self, other) {
            case let (.uint(a), .uint(b)): return a == b
            case let (.int(a), .uint(b)): return a == BigInt(b)
            case let (.address(a), .address(b)): return a == b
            case let (.bytes(a), .uint(b)): return BigUInt(bigEndian: a) == b && !a.isEmpty
            case let (.string(a), .string(b)): return a == b
            default: return keyText != nil && keyText == other.keyText
            }
        }
    }
}
