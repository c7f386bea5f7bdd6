import AirsignEncoding

/// A reference to a type in RFC-0078's lean form (merkleized-metadata `TypeRef`): a scalar, the
/// compact form of an unsigned integer, nothing (`Void`: an empty struct, tuple or enum, or
/// `Compact<()>`), or a type of the registry by id. Encoded as a tag byte 0…22 and, for `byID`,
/// a compact id.
public enum TypeRef: Sendable, Hashable, CustomStringConvertible {
    case scalar(ScalarType)
    /// Compact of an unsigned integer (u8…u256).
    case compact(ScalarType)
    case void
    case byID(UInt32)

    public var description: String {
        switch self {
        case let .scalar(type): return type.name
        case let .compact(type): return "Compact<\(type.name)>"
        case .void: return "()"
        case let .byID(id): return "type \(id)"
        }
    }

    func write(into writer: inout SCALEWriter) {
        switch self {
        case let .scalar(type): writer.writeInteger(type.rawValue)
        case let .compact(type): writer.writeInteger(UInt8(15) + type.rawValue - ScalarType.u8.rawValue)
        case .void: writer.writeInteger(UInt8(21))
        case let .byID(id):
            writer.writeInteger(UInt8(22))
            writer.writeCompact(id)
        }
    }

    static func read(_ reader: inout SCALEReader) throws -> TypeRef {
        let tag = try reader.readVariantIndex()
        switch tag {
        case 0...14: return .scalar(ScalarType(rawValue: tag) ?? .bool)
        case 15...20: return .compact(ScalarType(rawValue: tag - 15 + ScalarType.u8.rawValue) ?? .u8)
        case 21: return .void
        case 22: return .byID(try reader.readCompact(UInt32.self))
        default: throw reader.unknownVariant(tag, of: "TypeRef")
        }
    }
}

/// A field of a struct or enum variant in lean form: its name, type and the Rust type name the
/// metadata gives (the only hint that a `u128` is a balance).
public struct LeanField: Sendable, Hashable {
    public let name: String?
    public let type: TypeRef
    public let typeName: String?

    public init(name: String?, type: TypeRef, typeName: String?) {
        self.name = name
        self.type = type
        self.typeName = typeName
    }
}

/// One enum variant: a merkle leaf holds exactly one.
public struct LeanVariant: Sendable, Hashable {
    public let name: String
    public let fields: [LeanField]
    public let index: UInt32

    public init(name: String, fields: [LeanField], index: UInt32) {
        self.name = name
        self.fields = fields
        self.index = index
    }
}

/// RFC-0078's `TypeDef`.
public enum LeanDefinition: Sendable, Hashable {
    case composite([LeanField])
    case enumeration(LeanVariant)
    case sequence(TypeRef)
    case array(length: UInt32, element: TypeRef)
    case tuple([TypeRef])
    /// A `BitVec` over 1-, 2-, 4- or 8-byte words, least or most significant bit first.
    case bitSequence(wordBytes: UInt8, lsbFirst: Bool)
}

/// One merkle leaf of RFC-0078's type tree (merkleized-metadata `Type`): a type's path, its
/// definition (one variant for an enum) and its id in the lean numbering.
public struct LeanType: Sendable, Hashable {
    public let path: [String]
    public let definition: LeanDefinition
    public let typeID: UInt32

    public init(path: [String], definition: LeanDefinition, typeID: UInt32) {
        self.path = path
        self.definition = definition
        self.typeID = typeID
    }

    /// The SCALE bytes (what the leaf hash is taken over).
    public var encoded: [UInt8] {
        var writer = SCALEWriter()
        write(into: &writer)
        return writer.bytes
    }

    func write(into writer: inout SCALEWriter) {
        writer.writeVector(path) { $0.writeString($1) }
        switch definition {
        case let .composite(fields):
            writer.writeVariantIndex(0)
            Self.write(fields, into: &writer)
        case let .enumeration(variant):
            writer.writeVariantIndex(1)
            writer.writeString(variant.name)
            Self.write(variant.fields, into: &writer)
            writer.writeCompact(variant.index)
        case let .sequence(element):
            writer.writeVariantIndex(2)
            element.write(into: &writer)
        case let .array(length, element):
            writer.writeVariantIndex(3)
            writer.writeInteger(length)
            element.write(into: &writer)
        case let .tuple(members):
            writer.writeVariantIndex(4)
            writer.writeVector(members) { $1.write(into: &$0) }
        case let .bitSequence(wordBytes, lsbFirst):
            writer.writeVariantIndex(5)
            writer.writeInteger(wordBytes)
            writer.writeBool(lsbFirst)
        }
        writer.writeCompact(typeID)
    }

    private static func write(_ fields: [LeanField], into writer: inout SCALEWriter) {
        writer.writeVector(fields) { writer, field in
            writer.writeOption(field.name) { $0.writeString($1) }
            field.type.write(into: &writer)
            writer.writeOption(field.typeName) { $0.writeString($1) }
        }
    }

    /// Reads one leaf strictly; `limit` bounds every count and string.
    static func read(_ reader: inout SCALEReader, limit: Int) throws -> LeanType {
        let path = try reader.readVector(maxCount: limit) { try $0.readString(maxLength: limit) }
        let kind = try reader.readVariantIndex()
        let definition: LeanDefinition
        switch kind {
        case 0: definition = .composite(try readFields(&reader, limit: limit))
        case 1:
            let name = try reader.readString(maxLength: limit)
            let fields = try readFields(&reader, limit: limit)
            definition = .enumeration(
                LeanVariant(name: name, fields: fields, index: try reader.readCompact(UInt32.self)))
        case 2: definition = .sequence(try TypeRef.read(&reader))
        case 3:
            let length = try reader.readInteger(UInt32.self)
            definition = .array(length: length, element: try TypeRef.read(&reader))
        case 4: definition = .tuple(try reader.readVector(maxCount: limit) { try TypeRef.read(&$0) })
        case 5:
            let wordBytes = try reader.readInteger(UInt8.self)
            guard [1, 2, 4, 8].contains(wordBytes) else { throw SubstrateError.bitSequenceWords(wordBytes) }
            definition = .bitSequence(wordBytes: wordBytes, lsbFirst: try reader.readBool())
        default: throw reader.unknownVariant(kind, of: "TypeDef")
        }
        return LeanType(path: path, definition: definition, typeID: try reader.readCompact(UInt32.self))
    }

    private static func readFields(_ reader: inout SCALEReader, limit: Int) throws -> [LeanField] {
        try reader.readVector(maxCount: limit, minimumElementSize: 3) { reader in
            let name = try reader.readOption { try $0.readString(maxLength: limit) }
            let type = try TypeRef.read(&reader)
            return LeanField(
                name: name, type: type, typeName: try reader.readOption { try $0.readString(maxLength: limit) })
        }
    }
}
