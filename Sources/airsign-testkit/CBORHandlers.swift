import AirsignEncoding

/// CBOR values cross as tagged JSON so every major type survives the trip:
/// {"uint": "<decimal>"}, {"nint": "<negative decimal>"}, {"bytes": hex}, {"text": s},
/// {"array": [...]}, {"map": [[k, v], ...]}, {"tag": "<decimal>", "value": v},
/// {"simple": "true" | "false" | "null" | "undefined" | "<decimal>"}; decoded floats as
/// {"float": "<hex bits of the Double>"}.
private func value(fromJSON json: Any) throws -> CBORValue {
    guard let object = json as? [String: Any], object.count <= 2 else {
        throw TestkitError.badRequest("cbor: not a tagged value")
    }
    if let text = object["uint"] as? String, let n = UInt64(text) { return .unsigned(n) }
    if let text = object["nint"] as? String, text.hasPrefix("-"), let magnitude = UInt64(text.dropFirst()),
        magnitude > 0
    {
        return .negative(magnitude - 1)
    }
    if let hex = object["bytes"] as? String, let bytes = try? Hex.decode(hex) { return .bytes(bytes) }
    if let text = object["text"] as? String { return .text(text) }
    if let items = object["array"] as? [Any] { return .array(try items.map(value(fromJSON:))) }
    if let pairs = object["map"] as? [[Any]] {
        return .map(
            try pairs.map { pair in
                guard pair.count == 2 else { throw TestkitError.badRequest("cbor: map entry is not a pair") }
                return (key: try value(fromJSON: pair[0]), value: try value(fromJSON: pair[1]))
            })
    }
    if let text = object["tag"] as? String, let tag = UInt64(text), let content = object["value"] {
        return .tag(tag, try value(fromJSON: content))
    }
    switch object["simple"] as? String {
    case "true": return .bool(true)
    case "false": return .bool(false)
    case "null": return .null
    case "undefined": return .undefined
    default: throw TestkitError.badRequest("cbor: unknown value \(object)")
    }
}

private func json(from value: CBORValue) -> Any {
    switch value {
    case .unsigned(let n): return ["uint": String(n)]
    case .negative(let n): return ["nint": "-" + String(UInt128(n) + 1)]
    case .bytes(let bytes): return ["bytes": Hex.encode(bytes)]
    case .text(let text): return ["text": text]
    case .array(let items): return ["array": items.map(json(from:))]
    case .map(let entries): return ["map": entries.map { [json(from: $0.key), json(from: $0.value)] }]
    case .tag(let tag, let content): return ["tag": String(tag), "value": json(from: content)]
    case .bool(let flag): return ["simple": flag ? "true" : "false"]
    case .null: return ["simple": "null"]
    case .undefined: return ["simple": "undefined"]
    case .simple(let n): return ["simple": String(n)]
    case .float(let x): return ["float": String(x.bitPattern, radix: 16)]  // bits: JSON has no NaN
    }
}

let cborHandlers: [String: Handler] = [
    "cbor_encode": { request in
        let encoder = CBOREncoder(deterministic: try request.bool("deterministic"))
        return ["hex": Hex.encode(try encoder.encode(try value(fromJSON: try request.any("value"))))]
    },
    "cbor_decode": { request in
        ["value": json(from: try CBORDecoder().decode(try request.bytes("hex")))]
    },
]
