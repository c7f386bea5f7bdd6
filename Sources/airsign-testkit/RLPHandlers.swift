import AirsignEncoding

/// RLP items cross as JSON: a hex string is a byte string, an array is a list.
private func item(fromJSON value: Any) throws -> RLPItem {
    if let hex = value as? String {
        guard let bytes = try? Hex.decode(hex) else { throw TestkitError.badRequest("rlp: bad hex") }
        return .bytes(bytes)
    }
    guard let list = value as? [Any] else { throw TestkitError.badRequest("rlp: item is neither hex nor list") }
    return .list(try list.map(item(fromJSON:)))
}

private func json(from item: RLPItem) -> Any {
    switch item {
    case .bytes(let bytes): return Hex.encode(bytes)
    case .list(let items): return items.map(json(from:))
    }
}

let rlpHandlers: [String: Handler] = [
    "rlp_encode": { request in ["hex": Hex.encode(RLP.encode(try item(fromJSON: try request.any("item"))))] },
    "rlp_decode": { request in ["item": json(from: try RLP.decode(try request.bytes("hex")))] },
]
