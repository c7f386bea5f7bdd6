/// The keys of one JSON object or CBOR map seen so far (as bytes), for the decoders' and the
/// encoder's duplicate checks. Messages hold maps of a few keys, where a scan of a short list is
/// cheaper than hashing every key into a set; past `linearLimit` keys the set takes over, so a
/// huge map stays linear to check.
struct SeenKeys {
    static let linearLimit = 16

    private var few: [[UInt8]] = []
    private var many: Set<[UInt8]> = []

    /// Adds `key`; false when it was already there.
    mutating func insert(_ key: [UInt8]) -> Bool {
        if few.count < Self.linearLimit {
            guard !few.contains(key) else { return false }
            few.append(key)
            if few.count == Self.linearLimit { many = Set(few) }
            return true
        }
        return many.insert(key).inserted
    }
}
