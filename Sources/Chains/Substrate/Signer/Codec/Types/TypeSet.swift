/// The types a codec resolves `TypeRef.byID` with: lean types by id, an enum's variants
/// gathered from its one-variant leaves. Built from a whole runtime's metadata (the watch) or
/// from a metadata proof's leaves only (the signer: a type the proof lacks is an error, never a
/// guess).
public struct TypeSet: Sendable {
    public enum Entry: Sendable, Equatable {
        case single(LeanType)
        /// An enum's path and the variants present, by index.
        case enumeration(path: [String], variants: [UInt32: LeanVariant])
    }

    let entries: [UInt32: Entry]
    /// Where the types come from, for errors ("the metadata proof").
    public let origin: String

    /// Refuses two leaves for one (type, variant), and a type given both as an enum and as
    /// something else or as two non-enum leaves: one id has one meaning.
    public init(leaves: [LeanType], origin: String) throws(SubstrateError) {
        var entries: [UInt32: Entry] = [:]
        for leaf in leaves {
            switch (leaf.definition, entries[leaf.typeID]) {
            case (_, nil):
                if case let .enumeration(variant) = leaf.definition {
                    entries[leaf.typeID] = .enumeration(path: leaf.path, variants: [variant.index: variant])
                } else {
                    entries[leaf.typeID] = .single(leaf)
                }
            case let (.enumeration(variant), .enumeration(path, variants)?):
                guard variants[variant.index] == nil else {
                    throw SubstrateError("\(origin) has variant \(variant.index) of type \(leaf.typeID) twice")
                }
                guard path == leaf.path else { throw SubstrateError("\(origin) gives type \(leaf.typeID)'s variants different paths") }
                var merged = variants
                merged[variant.index] = variant
                entries[leaf.typeID] = .enumeration(path: path, variants: merged)
            default:
                throw SubstrateError("\(origin) has more than one definition of type \(leaf.typeID)")
            }
        }
        self.entries = entries
        self.origin = origin
    }

    public func entry(_ id: UInt32) throws(SubstrateError) -> Entry {
        guard let entry = entries[id] else { throw SubstrateError("\(origin) has no type \(id)") }
        return entry
    }

    public var count: Int { entries.count }
}
