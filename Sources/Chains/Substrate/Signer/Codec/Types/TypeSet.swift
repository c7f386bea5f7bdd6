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
                    throw SubstrateError.types(origin: origin, id: leaf.typeID, .variantTwice(variant.index))
                }
                guard path == leaf.path else {
                    throw SubstrateError.types(origin: origin, id: leaf.typeID, .variantPaths)
                }
                var merged = variants
                merged[variant.index] = variant
                entries[leaf.typeID] = .enumeration(path: path, variants: merged)
            default:
                throw SubstrateError.types(origin: origin, id: leaf.typeID, .definedTwice)
            }
        }
        self.entries = entries
        self.origin = origin
    }

    /// Refuses a type that contains itself through structs, tuples and non-empty arrays only:
    /// each turn of such a cycle reads no byte (an enum reads its index, a sequence its
    /// length), so a value of it never ends and only the depth limit would stop its decoding.
    /// Checked before any decoding, in time linear in the types.
    public func refuseEndlessTypes() throws(SubstrateError) {
        func inner(_ id: UInt32) -> [UInt32] {
            guard case let .single(leaf)? = entries[id] else { return [] }
            let references: [TypeRef]
            switch leaf.definition {
            case let .composite(fields): references = fields.map(\.type)
            case let .tuple(members): references = members
            case let .array(length, element): references = length == 0 ? [] : [element]
            case .enumeration, .sequence, .bitSequence: references = []
            }
            return references.compactMap { if case let .byID(id) = $0 { return id } else { return nil } }
        }
        // Depth-first, without recursion: 1 = on the current path, 2 = finished.
        var state: [UInt32: UInt8] = [:]
        for root in entries.keys.sorted() where state[root] == nil {
            var stack: [(id: UInt32, next: [UInt32])] = [(root, inner(root))]
            state[root] = 1
            while !stack.isEmpty {
                guard let child = stack[stack.count - 1].next.popLast() else {
                    state[stack.removeLast().id] = 2
                    continue
                }
                switch state[child] {
                case 1?: throw SubstrateError.types(origin: origin, id: child, .endless)
                case 2?: continue
                default:
                    state[child] = 1
                    stack.append((child, inner(child)))
                }
            }
        }
    }

    public func entry(_ id: UInt32) throws(SubstrateError) -> Entry {
        guard let entry = entries[id] else { throw SubstrateError.types(origin: origin, id: id, .missing) }
        return entry
    }

    public var count: Int { entries.count }
}
