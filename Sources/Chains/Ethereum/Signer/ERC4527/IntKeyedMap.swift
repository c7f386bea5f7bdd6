import AirsignEncoding

/// The CBOR maps of ERC-4527 and BCR-2020-007: small unsigned integer keys, each from a known
/// set. Unknown keys are refused rather than skipped: a field the signer does not understand
/// could change what the requester means, and the signer only signs what it understood.
struct IntKeyedMap {
    private var entries: [UInt64: CBORValue] = [:]
    let name: String

    /// Reads `value` as a map of `name` whose keys are all in `known`.
    init(_ value: CBORValue, name: String, known: ClosedRange<UInt64>) throws(ERC4527Error) {
        self.name = name
        guard case let .map(pairs) = value else { throw ERC4527Error("\(name) is \(value.kindDescription), not a map") }
        for pair in pairs {
            guard case let .unsigned(key) = pair.key else {
                throw ERC4527Error(
                    "\(name) has a key that is \(pair.key.kindDescription), not a small unsigned integer")
            }
            guard known.contains(key) else { throw ERC4527Error("\(name) has the unknown key \(key)") }
            // The CBOR decoder already refuses duplicate keys; this keeps the map honest anyway.
            guard entries[key] == nil else { throw ERC4527Error("\(name) has the key \(key) twice") }
            entries[key] = pair.value
        }
    }

    func optional(_ key: UInt64) -> CBORValue? { entries[key] }

    func required(_ key: UInt64, _ field: String) throws(ERC4527Error) -> CBORValue {
        guard let value = entries[key] else { throw ERC4527Error("\(name) lacks \(field) (key \(key))") }
        return value
    }

    /// `body` applied to the value at `key`, its codec errors named after the field.
    func read<T>(_ key: UInt64, _ field: String, _ body: (CBORValue) throws(EncodingError) -> T) throws(ERC4527Error)
        -> T?
    {
        guard let value = entries[key] else { return nil }
        do { return try body(value) } catch { throw ERC4527Error("\(name).\(field) (key \(key)): \(error)") }
    }

    /// The request id at key 1: a 16-byte UUID under tag 37, when present.
    func requestId() throws(ERC4527Error) -> [UInt8]? {
        let id = try read(1, "request-id") { v throws(EncodingError) in try v.untagged(EthSignRequest.uuidTag).asBytes()
        }
        if let id, id.count != 16 {
            throw ERC4527Error("\(name).request-id (key 1) is \(id.count) bytes, not a 16-byte UUID")
        }
        return id
    }

    func readRequired<T>(_ key: UInt64, _ field: String, _ body: (CBORValue) throws(EncodingError) -> T)
        throws(ERC4527Error) -> T
    {
        guard let result = try read(key, field, body) else { throw ERC4527Error("\(name) lacks \(field) (key \(key))") }
        return result
    }
}

/// Builds the integer-keyed maps the encoders write, keys in ascending order (the core
/// deterministic order for small unsigned keys).
struct IntKeyedMapBuilder {
    private var entries: [(key: UInt64, value: CBORValue)] = []

    mutating func add(_ key: UInt64, _ value: CBORValue?) {
        guard let value else { return }
        entries.append((key, value))
    }

    var value: CBORValue {
        .map(entries.sorted { $0.key < $1.key }.map { (key: CBORValue.unsigned($0.key), value: $0.value) })
    }
}

/// The CBOR decoder settings for ERC-4527 payloads: definite lengths, no duplicate keys, no
/// trailing bytes, shallow nesting (the deepest legal item, a keypath's wildcard inside a tag,
/// is four levels down). Shortest-form encoding is not demanded: wallets' CBOR libraries differ
/// there, and it does not change what an item means.
enum ERC4527CBOR {
    static let options = CBORDecoder.Options(maxDepth: 8, maxItems: 1 << 16, maxLength: 1 << 20)

    static func decode(_ bytes: [UInt8], what: String) throws(ERC4527Error) -> CBORValue {
        do { return try CBORDecoder(options: options).decode(bytes) } catch { throw ERC4527Error("\(what): \(error)") }
    }

    /// The integer-keyed map of `name` in `bytes`: untagged as a UR carries it, or tagged `tag`.
    static func map(_ bytes: [UInt8], name: String, tag: UInt64, known: ClosedRange<UInt64>) throws(ERC4527Error)
        -> IntKeyedMap
    {
        var value = try decode(bytes, what: name)
        if case let .tag(number, content) = value {
            guard number == tag else { throw ERC4527Error("\(name) is tagged \(number), not \(tag)") }
            value = content
        }
        return try IntKeyedMap(value, name: name, known: known)
    }

    /// Deterministic CBOR of a value an encoder of this folder built.
    static func encode(_ value: CBORValue) throws(ERC4527Error) -> [UInt8] {
        do { return try CBOREncoder(deterministic: true).encode(value) } catch {
            throw ERC4527Error("encoding: \(error)")
        }
    }
}
