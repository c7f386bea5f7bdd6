import AirsignEncoding

/// The scalar types of SCALE, numbered as both scale-info's `TypeDefPrimitive` and RFC-0078's
/// `TypeRef` number them (0…14).
public enum ScalarType: UInt8, Sendable, Hashable, CaseIterable {
    case bool = 0, char, str, u8, u16, u32, u64, u128, u256, i8, i16, i32, i64, i128, i256

    /// The name in Rust and in error messages ("u128").
    public var name: String { String(describing: self) }

    /// The byte width of an integer (nil for bool, char, str).
    public var byteWidth: Int? {
        switch self {
        case .bool, .char, .str: return nil
        case .u8, .i8: return 1
        case .u16, .i16: return 2
        case .u32, .i32: return 4
        case .u64, .i64: return 8
        case .u128, .i128: return 16
        case .u256, .i256: return 32
        }
    }

    public var isUnsigned: Bool { [.u8, .u16, .u32, .u64, .u128, .u256].contains(self) }
    public var isSigned: Bool { [.i8, .i16, .i32, .i64, .i128, .i256].contains(self) }
}

/// One type of the runtime metadata's portable type registry (scale-info `PortableType`), as
/// much of it as encoding, decoding and RFC-0078 use: the path, the definition, field and
/// variant names and the fields' type names. Type parameters and docs are read and dropped.
public struct FrameType: Sendable, Equatable {
    public struct Field: Sendable, Equatable {
        public let name: String?
        public let type: UInt32
        public let typeName: String?
    }

    public struct Variant: Sendable, Equatable {
        public let name: String
        public let fields: [Field]
        public let index: UInt8
    }

    public enum Definition: Sendable, Equatable {
        case composite([Field])
        case variant([Variant])
        case sequence(UInt32)
        case array(length: UInt32, element: UInt32)
        case tuple([UInt32])
        case primitive(ScalarType)
        case compact(UInt32)
        case bitSequence(store: UInt32, order: UInt32)
    }

    /// A generic parameter: its name and the type it is bound to (nil when unused).
    public struct Parameter: Sendable, Equatable {
        public let name: String
        public let type: UInt32?
    }

    public let path: [String]
    public let parameters: [Parameter]
    public let definition: Definition
}

/// The portable type registry: the types by id. scale-info numbers them 0…n−1 in order, and a
/// registry that does not is refused, so an id is an index.
public struct PortableRegistry: Sendable, Equatable {
    public let types: [FrameType]

    public init(types: [FrameType]) { self.types = types }

    public func type(_ id: UInt32) throws(SubstrateError) -> FrameType {
        guard let index = Int(exactly: id), index < types.count else {
            throw SubstrateError.metadata(reason: "type \(id) is not in the registry")
        }
        return types[index]
    }

    /// Reads the registry (`Vec<PortableType>`), every reference checked to be in it.
    static func read(_ reader: inout SCALEReader, limit: Int) throws -> PortableRegistry {
        let count = try reader.readLength(max: limit, minimumElementSize: 4)
        var types: [FrameType] = []
        types.reserveCapacity(count)
        for position in 0..<count {
            let id = try reader.readCompact(UInt32.self)
            guard id == position else {
                throw SubstrateError.metadata(reason: "type \(position) of the registry has id \(id)")
            }
            let path = try readStrings(&reader, limit: limit)
            let parameters = try reader.readVector(maxCount: limit, minimumElementSize: 2) { reader in
                FrameType.Parameter(
                    name: try reader.readString(maxLength: limit),
                    type: try reader.readOption { try $0.readCompact(UInt32.self) })
            }
            let definition: FrameType.Definition
            let kind = try reader.readVariantIndex()
            switch kind {
            case 0: definition = .composite(try readFields(&reader, limit: limit))
            case 1:
                let n = try reader.readLength(max: 256, minimumElementSize: 4)
                var variants: [FrameType.Variant] = []
                for _ in 0..<n {
                    let name = try reader.readString(maxLength: limit)
                    let fields = try readFields(&reader, limit: limit)
                    let index = try reader.readInteger(UInt8.self)
                    _ = try readStrings(&reader, limit: limit)  // docs
                    guard !variants.contains(where: { $0.index == index }) else {
                        throw SubstrateError.metadata(reason: "type \(id) has two variants with index \(index)")
                    }
                    variants.append(FrameType.Variant(name: name, fields: fields, index: index))
                }
                definition = .variant(variants)
            case 2: definition = .sequence(try reader.readCompact(UInt32.self))
            case 3:
                let length = try reader.readInteger(UInt32.self)
                definition = .array(length: length, element: try reader.readCompact(UInt32.self))
            case 4: definition = .tuple(try reader.readVector(maxCount: limit) { try $0.readCompact(UInt32.self) })
            case 5:
                let raw = try reader.readInteger(UInt8.self)
                guard let scalar = ScalarType(rawValue: raw) else {
                    throw SubstrateError.metadata(reason: "primitive type \(raw) is unknown")
                }
                definition = .primitive(scalar)
            case 6: definition = .compact(try reader.readCompact(UInt32.self))
            case 7:
                let store = try reader.readCompact(UInt32.self)
                definition = .bitSequence(store: store, order: try reader.readCompact(UInt32.self))
            default: throw reader.unknownVariant(kind, of: "TypeDef")
            }
            _ = try readStrings(&reader, limit: limit)  // docs
            types.append(FrameType(path: path, parameters: parameters, definition: definition))
        }
        let registry = PortableRegistry(types: types)
        try registry.checkReferences()
        return registry
    }

    /// Every id a type refers to is in the registry, so lookups by those ids cannot fail later.
    private func checkReferences() throws(SubstrateError) {
        for (id, type) in types.enumerated() {
            var references: [UInt32]
            switch type.definition {
            case let .composite(fields): references = fields.map(\.type)
            case let .variant(variants): references = variants.flatMap { $0.fields.map(\.type) }
            case let .sequence(element), let .array(_, element), let .compact(element): references = [element]
            case let .tuple(members): references = members
            case .primitive: references = []
            case let .bitSequence(store, order): references = [store, order]
            }
            references += type.parameters.compactMap(\.type)
            for reference in references where reference >= types.count {
                throw SubstrateError.metadata(
                    reason: "type \(id) refers to type \(reference), which is not in the registry")
            }
        }
    }

    private static func readFields(_ reader: inout SCALEReader, limit: Int) throws -> [FrameType.Field] {
        try reader.readVector(maxCount: limit, minimumElementSize: 4) { reader in
            let name = try reader.readOption { try $0.readString(maxLength: limit) }
            let type = try reader.readCompact(UInt32.self)
            let typeName = try reader.readOption { try $0.readString(maxLength: limit) }
            _ = try readStrings(&reader, limit: limit)  // docs
            return FrameType.Field(name: name, type: type, typeName: typeName)
        }
    }

    static func readStrings(_ reader: inout SCALEReader, limit: Int) throws -> [String] {
        try reader.readVector(maxCount: limit) { try $0.readString(maxLength: limit) }
    }
}
