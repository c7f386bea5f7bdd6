import AirsignCrypto
import AirsignEncoding

/// RFC-0078's `ExtrinsicMetadata`: the extrinsic version, its address, call and signature types,
/// and each signed extension's identifier with the types of its extra and additional data, in
/// the runtime's order. Its BLAKE3 is half of what the metadata digest binds.
public struct LeanExtrinsicMetadata: Sendable, Equatable {
    public struct Extension: Sendable, Equatable {
        public let identifier: String
        public let extra: TypeRef
        public let additional: TypeRef

        public init(identifier: String, extra: TypeRef, additional: TypeRef) {
            self.identifier = identifier
            self.extra = extra
            self.additional = additional
        }
    }

    public let version: UInt8
    public let address: TypeRef
    public let call: TypeRef
    public let signature: TypeRef
    public let extensions: [Extension]

    public init(version: UInt8, address: TypeRef, call: TypeRef, signature: TypeRef, extensions: [Extension]) {
        self.version = version
        self.address = address
        self.call = call
        self.signature = signature
        self.extensions = extensions
    }

    public var encoded: [UInt8] {
        var writer = SCALEWriter()
        write(into: &writer)
        return writer.bytes
    }

    func write(into writer: inout SCALEWriter) {
        writer.writeInteger(version)
        for type in [address, call, signature] { type.write(into: &writer) }
        writer.writeVector(extensions) { writer, ext in
            writer.writeString(ext.identifier)
            ext.extra.write(into: &writer)
            ext.additional.write(into: &writer)
        }
    }

    static func read(_ reader: inout SCALEReader, limit: Int) throws -> LeanExtrinsicMetadata {
        let version = try reader.readInteger(UInt8.self)
        let address = try TypeRef.read(&reader), call = try TypeRef.read(&reader), signature = try TypeRef.read(&reader)
        let extensions = try reader.readVector(maxCount: limit, minimumElementSize: 3) { reader in
            Extension(
                identifier: try reader.readString(maxLength: limit), extra: try TypeRef.read(&reader),
                additional: try TypeRef.read(&reader))
        }
        return LeanExtrinsicMetadata(
            version: version, address: address, call: call, signature: signature, extensions: extensions)
    }
}

/// A runtime's metadata in RFC-0078's lean form: the types reachable from the extrinsic (call,
/// address, signature, every extension's extra and additional), renumbered densely in the order
/// of their FRAME ids, as merkle leaves (an enum one leaf per variant, by variant index), and the
/// lean extrinsic metadata. With `numbering: .frame` the same types keep their FRAME ids: not a
/// merkle tree, but the same types for encoding and decoding.
public struct LeanMetadata: Sendable {
    public enum Numbering: Sendable { case lean, frame }

    /// The leaves in tree order (type id, then variant index).
    public let leaves: [LeanType]
    public let extrinsic: LeanExtrinsicMetadata
    /// The FRAME type id of each lean id.
    public let frameIDs: [UInt32]

    public init(_ metadata: RuntimeMetadata, numbering: Numbering = .lean) throws(SubstrateError) {
        do { try self.init(converting: metadata, numbering: numbering) } catch let error as SubstrateError {
            throw error
        } catch {
            throw SubstrateError.metadata(reason: "\(error)")
        }
    }

    private init(converting metadata: RuntimeMetadata, numbering: Numbering) throws {
        let registry = metadata.registry
        let roots =
            [metadata.extrinsic.call, metadata.extrinsic.address, metadata.extrinsic.signature]
            + metadata.extensions.flatMap { [$0.extra, $0.additional] }
        let kept = try Self.accessible(from: roots, in: registry).filter { !Self.isVoid(try registry.type($0)) }
        var leanID: [UInt32: UInt32] = [:]
        for (position, id) in kept.enumerated() { leanID[id] = numbering == .lean ? UInt32(position) : id }
        let converter = Converter(registry: registry, leanID: leanID)
        var leaves: [LeanType] = []
        for id in kept {
            let type = try registry.type(id)
            let newID = leanID[id] ?? 0
            switch type.definition {
            case let .variant(variants):
                for variant in variants.sorted(by: { $0.index < $1.index }) {
                    let lean = LeanVariant(
                        name: variant.name, fields: try converter.fields(variant.fields), index: UInt32(variant.index))
                    leaves.append(LeanType(path: type.path, definition: .enumeration(lean), typeID: newID))
                }
            case let .composite(fields):
                leaves.append(
                    LeanType(path: type.path, definition: .composite(try converter.fields(fields)), typeID: newID))
            case let .sequence(element):
                leaves.append(
                    LeanType(path: type.path, definition: .sequence(try converter.reference(element)), typeID: newID))
            case let .array(length, element):
                leaves.append(
                    LeanType(
                        path: type.path, definition: .array(length: length, element: try converter.reference(element)),
                        typeID: newID))
            case let .tuple(members):
                leaves.append(
                    LeanType(
                        path: type.path, definition: .tuple(try members.map { id in try converter.reference(id) }),
                        typeID: newID))
            case let .bitSequence(store, order):
                leaves.append(
                    LeanType(
                        path: type.path, definition: try converter.bitSequence(store: store, order: order),
                        typeID: newID))
            case .primitive, .compact:
                continue  // filtered out above
            }
        }
        self.leaves = leaves
        self.frameIDs = kept
        extrinsic = LeanExtrinsicMetadata(
            version: metadata.extrinsic.version, address: try converter.reference(metadata.extrinsic.address),
            call: try converter.reference(metadata.extrinsic.call),
            signature: try converter.reference(metadata.extrinsic.signature),
            extensions: try metadata.extensions.map { ext throws in
                LeanExtrinsicMetadata.Extension(
                    identifier: ext.identifier, extra: try converter.reference(ext.extra),
                    additional: try converter.reference(ext.additional))
            })
    }

    /// The types for a codec.
    public func typeSet(origin: String = "the metadata") throws(SubstrateError) -> TypeSet {
        try TypeSet(leaves: leaves, origin: origin)
    }

    /// Every FRAME id reachable from `roots`, ascending: through struct fields, every variant's
    /// fields, sequence and array elements and tuple members; not into compacts or bit
    /// sequences (their inner types are not needed to decode them).
    static func accessible(from roots: [UInt32], in registry: PortableRegistry) throws -> [UInt32] {
        var seen = Set<UInt32>()
        var pending = roots
        while let id = pending.popLast() {
            guard seen.insert(id).inserted else { continue }
            switch try registry.type(id).definition {
            case let .composite(fields): pending += fields.map(\.type)
            case let .variant(variants): pending += variants.flatMap { $0.fields.map(\.type) }
            case let .sequence(element), let .array(_, element): pending.append(element)
            case let .tuple(members): pending += members
            case .primitive, .compact, .bitSequence: break
            }
        }
        return seen.sorted()
    }

    /// Types that encode to nothing or are written in place (scalars, compacts): no leaf.
    static func isVoid(_ type: FrameType) -> Bool {
        switch type.definition {
        case .primitive, .compact: return true
        case let .composite(fields): return fields.isEmpty
        case let .variant(variants): return variants.isEmpty
        case let .tuple(members): return members.isEmpty
        case .sequence, .array, .bitSequence: return false
        }
    }

    /// FRAME references to lean `TypeRef`s.
    struct Converter {
        let registry: PortableRegistry
        let leanID: [UInt32: UInt32]

        func fields(_ fields: [FrameType.Field]) throws -> [LeanField] {
            try fields.map { field in
                LeanField(name: field.name, type: try reference(field.type), typeName: field.typeName)
            }
        }

        func reference(_ id: UInt32) throws -> TypeRef {
            let type = try registry.type(id)
            switch type.definition {
            case let .primitive(scalar): return .scalar(scalar)
            case let .compact(inner):
                let scalars = try self.scalars(in: inner, depth: 0)
                guard let scalar = scalars.first else { return .void }
                guard scalars.count == 1, scalar.isUnsigned else {
                    let names = scalars.map(\.name).joined(separator: ", ")
                    throw SubstrateError.metadata(
                        reason: "type \(id) is a compact of \(names), not of one unsigned integer")
                }
                return .compact(scalar)
            default:
                if Self.isEmpty(type) { return .void }
                guard let lean = leanID[id] else {
                    throw SubstrateError.metadata(reason: "type \(id) is referred to but not reachable")
                }
                return .byID(lean)
            }
        }

        /// The scalars inside a compact's type, through structs, tuples and arrays. At most 16
        /// deep and 1024 types visited: metadata from a node could otherwise fan out without end.
        func scalars(in id: UInt32, depth: Int) throws -> [ScalarType] {
            var budget = 1024
            return try scalars(in: id, depth: depth, budget: &budget)
        }

        private func scalars(in id: UInt32, depth: Int, budget: inout Int) throws -> [ScalarType] {
            budget -= 1
            guard depth < 16, budget >= 0 else {
                throw SubstrateError.metadata(reason: "the compact type \(id) nests too deep")
            }
            switch try registry.type(id).definition {
            case let .primitive(scalar): return [scalar]
            case let .composite(fields):
                var found: [ScalarType] = []
                for field in fields { found += try scalars(in: field.type, depth: depth + 1, budget: &budget) }
                return found
            case let .tuple(members):
                var found: [ScalarType] = []
                for member in members { found += try scalars(in: member, depth: depth + 1, budget: &budget) }
                return found
            case let .array(_, element): return try scalars(in: element, depth: depth + 1, budget: &budget)
            case .variant, .sequence, .compact, .bitSequence: return []
            }
        }

        func bitSequence(store: UInt32, order: UInt32) throws -> LeanDefinition {
            let stored = try scalars(in: store, depth: 0)
            let widths: [ScalarType: UInt8] = [.u8: 1, .u16: 2, .u32: 4, .u64: 8]
            guard stored.count == 1, let word = stored.first, let bytes = widths[word] else {
                throw SubstrateError.metadata(reason: "a bit sequence's store type \(store) is not u8, u16, u32 or u64")
            }
            let path = try registry.type(order).path
            if path.contains("Lsb0") { return .bitSequence(wordBytes: bytes, lsbFirst: true) }
            if path.contains("Msb0") { return .bitSequence(wordBytes: bytes, lsbFirst: false) }
            throw SubstrateError.metadata(reason: "a bit sequence's order type \(order) is neither Lsb0 nor Msb0")
        }

        static func isEmpty(_ type: FrameType) -> Bool {
            switch type.definition {
            case let .composite(fields): return fields.isEmpty
            case let .variant(variants): return variants.isEmpty
            case let .tuple(members): return members.isEmpty
            default: return false
            }
        }
    }
}
