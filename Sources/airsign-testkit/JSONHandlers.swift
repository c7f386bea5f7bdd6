import AirsignEncoding

// JSON documents cross as hex of their exact bytes (so the suite can send invalid UTF-8 and
// every other corruption), and values in a tagged form that keeps number texts and member order
// and does not depend on the request channel's own JSON handling: {"t": "null"},
// {"t": "bool", "v": true}, {"t": "number", "v": "<literal text>"}, {"t": "string", "v": "<hex
// of UTF-8>"}, {"t": "array", "v": [...]}, {"t": "object", "v": [["<hex of key>", value], ...]}.

private func text(fromHex any: Any?) throws -> String {
    guard let hex = any as? String, let bytes = try? Hex.decode(hex),
        let text = String(validating: bytes, as: UTF8.self)
    else {
        throw TestkitError.badRequest("json: string is not hex of UTF-8")
    }
    return text
}

private func value(fromTagged json: Any) throws -> JSONValue {
    guard let object = json as? [String: Any], let tag = object["t"] as? String else {
        throw TestkitError.badRequest("json: not a tagged value")
    }
    switch tag {
    case "null": return .null
    case "bool":
        guard let flag = object["v"] as? Bool else { throw TestkitError.badRequest("json: bad bool") }
        return .bool(flag)
    case "number":
        guard let literal = object["v"] as? String else { throw TestkitError.badRequest("json: bad number") }
        return .number(literal)
    case "string": return .string(try text(fromHex: object["v"]))
    case "array":
        guard let elements = object["v"] as? [Any] else { throw TestkitError.badRequest("json: bad array") }
        return .array(try elements.map(value(fromTagged:)))
    case "object":
        guard let pairs = object["v"] as? [[Any]] else { throw TestkitError.badRequest("json: bad object") }
        return .object(
            try pairs.map { pair in
                guard pair.count == 2 else { throw TestkitError.badRequest("json: member is not a pair") }
                return (key: try text(fromHex: pair[0]), value: try value(fromTagged: pair[1]))
            })
    default: throw TestkitError.badRequest("json: unknown tag \(tag)")
    }
}

private func tagged(_ value: JSONValue) -> Any {
    switch value {
    case .null: return ["t": "null"]
    case .bool(let flag): return ["t": "bool", "v": flag]
    case .number(let literal): return ["t": "number", "v": literal]
    case .string(let text): return ["t": "string", "v": Hex.encode(Array(text.utf8))]
    case .array(let elements): return ["t": "array", "v": elements.map(tagged)]
    case .object(let members):
        return ["t": "object", "v": members.map { [Hex.encode(Array($0.key.utf8)), tagged($0.value)] }]
    }
}

let jsonHandlers: [String: Handler] = [
    "json_parse": { request in
        ["value": tagged(try JSONParser().parse(try request.bytes("hex")))]
    },
    "json_parse_sequence": { request in
        ["values": try JSONParser().parseSequence(try request.bytes("hex")).map(tagged)]
    },
    "json_serialize": { request in
        let serializer = JSONSerializer(sortKeys: try request.bool("sortKeys"), pretty: try request.bool("pretty"))
        return ["hex": Hex.encode(Array(serializer.serialize(try value(fromTagged: try request.any("value"))).utf8))]
    },
]
