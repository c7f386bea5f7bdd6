import AirsignEncoding
import AirsignEthereum
import BigInt

// ABI values cross as JSON by their type: integers as decimal strings (JSON numbers would lose
// precision), addresses, bytes and bytesN as 0x hex, bools as JSON booleans, strings as JSON
// strings, arrays and tuples as JSON arrays.

private func types(_ request: Request) throws -> [ABIType] {
    guard let texts = try request.any("types") as? [String] else {
        throw TestkitError.badRequest("eth abi: types is a list of strings")
    }
    return try texts.map { try ABISignature.parameter($0).type }
}

private func value(_ json: Any, _ type: ABIType) throws -> ABIValue {
    switch type {
    case .uint:
        guard let text = json as? String, let number = BigUInt(text, radix: 10) else {
            throw TestkitError.badRequest("eth abi: uint as decimal string")
        }
        return .uint(number)
    case .int:
        guard let text = json as? String, let number = BigInt(text, radix: 10) else {
            throw TestkitError.badRequest("eth abi: int as decimal string")
        }
        return .int(number)
    case .address:
        guard let text = json as? String else { throw TestkitError.badRequest("eth abi: address string") }
        return .address(try EthereumAddress(bytes: try Hex.decode(text)))
    case .bool:
        guard let flag = json as? Bool else { throw TestkitError.badRequest("eth abi: bool") }
        return .bool(flag)
    case .fixedBytes:
        guard let text = json as? String else { throw TestkitError.badRequest("eth abi: bytesN as hex") }
        return .fixedBytes(try Hex.decode(text))
    case .bytes:
        guard let text = json as? String else { throw TestkitError.badRequest("eth abi: bytes as hex") }
        return .bytes(try Hex.decode(text))
    case .string:
        guard let text = json as? String else { throw TestkitError.badRequest("eth abi: string") }
        return .string(text)
    case .array(let element), .fixedArray(let element, _):
        guard let items = json as? [Any] else { throw TestkitError.badRequest("eth abi: array as list") }
        return .array(try items.map { try value($0, element) })
    case .tuple(let components):
        guard let items = json as? [Any], items.count == components.count else {
            throw TestkitError.badRequest("eth abi: tuple as list")
        }
        return .tuple(try zip(items, components).map { try value($0.0, $0.1.type) })
    }
}

private func json(_ value: ABIValue) -> Any {
    switch value {
    case .uint(let n): return String(n)
    case .int(let n): return String(n)
    case .address(let address): return Hex.encode(address.bytes, prefix: true)
    case .bool(let flag): return flag
    case .fixedBytes(let bytes), .bytes(let bytes): return Hex.encode(bytes, prefix: true)
    case .string(let text): return text
    case .array(let items), .tuple(let items): return items.map(json)
    }
}

let ethereumABIHandlers: [String: Handler] = [
    // The ABI encoding of values of the given types.
    "eth_abi_encode": { request in
        let types = try types(request)
        guard let items = try request.any("values") as? [Any], items.count == types.count else {
            throw TestkitError.badRequest("eth_abi_encode: one value per type")
        }
        let values = try zip(items, types).map { try value($0.0, $0.1) }
        return ["hex": Hex.encode(try ABIEncoder.encode(values, as: types), prefix: true)]
    },
    // Strict decoding: the values, or the refusal.
    "eth_abi_decode": { request in
        let types = try types(request)
        return ["values": try ABIDecoder.decode(types, from: try request.bytes("hex")).map(json)]
    },
    // A call as the clear-signing resolver reads it (`decodeAllowingSuffix`): the selector
    // checked, the arguments' strict encoding at the start of the rest, and the bytes after it
    // (a frontend's tag); `strict` tells whether `decode(calldata:)` accepts the whole data.
    "eth_abi_decode_call": { request in
        let function = try ABIFunction(signature: try request.string("signature"))
        let data = try request.bytes("hex")
        let (values, suffix) = try function.decodeAllowingSuffix(calldata: data)
        return [
            "values": values.map(json), "suffix": Hex.encode(suffix, prefix: true),
            "strict": (try? function.decode(calldata: data)) != nil,
        ]
    },
    // The signer's built-in ERC-7730 descriptors, as written (for the erc7730 reference).
    "eth_builtin_descriptors": { _ in
        ["descriptors": ClearSigningDescriptor.builtInTexts]
    },
    // A signature's canonical form and selector.
    "eth_abi_function": { request in
        let function = try ABIFunction(signature: try request.string("signature"))
        return ["canonical": function.canonicalSignature, "selector": Hex.encode(function.selector, prefix: true)]
    },
]
