/// The keys of one JSON object or CBOR map seen so far, for the decoders' and the encoder's
/// duplicate checks: CBOR keys as their encoded bytes, JSON keys as `UTF8Key`. Messages hold
/// maps of a few keys, where a scan of a short list is cheaper than hashing every key into a
/// set; past `linearLimit` keys the set takes over, so a huge map stays linear to check.
struct SeenKeys<Key: Hashable> {
    static var linearLimit: Int { 16 }

    private var few: [Key] = []
    private var many: Set<Key> = []

    /// Adds `key`; false when it was already there.
    mutating func insert(_ key: Key) -> Bool {
        if many.isEmpty {
            guard !few.contains(key) else { return false }
            if few.count < Self.linearLimit {
                few.append(key)
                return true
            }
            // Only a map with more keys than the list holds pays for the set.
            many = Set(few)
        }
        return many.insert(key).inserted
    }
}

/// A JSON object key compared as the parser compares keys: by its Unicode scalars (its UTF-8
/// bytes), not by canonical equivalence as `String ==` does, so "é" and "e\u{301}" differ. A
/// short key is a small string held inline, where a byte array was an allocation a key.
struct UTF8Key: Hashable {
    let text: String

    static func == (lhs: UTF8Key, rhs: UTF8Key) -> Bool { lhs.text.isSameUTF8(as: rhs.text) }

    func hash(into hasher: inout Hasher) {
        for byte in text.utf8 { hasher.combine(byte) }
    }
}
