import AirsignEncoding
import BigInt

/// A value decoded by its type: the tree the type-driven codec reads out of SCALE bytes, with
/// each node's type reference and path (what the review needs to tell an account from a hash)
/// and, for fields, the names the metadata gives.
public struct TypedValue: Sendable, Equatable {
    public indirect enum Value: Sendable, Equatable {
        case bool(Bool)
        case char(Unicode.Scalar)
        case string(String)
        case unsigned(BigUInt)
        case signed(BigInt)
        /// A `Vec<u8>` or `[u8; N]`.
        case bytes([UInt8])
        case composite([Field])
        case variant(name: String, index: UInt32, fields: [Field])
        /// A sequence, array or tuple.
        case sequence([TypedValue])
        case bits([Bool])
        case void
    }

    public struct Field: Sendable, Equatable {
        public let name: String?
        public let typeName: String?
        public let value: TypedValue
    }

    public let type: TypeRef
    public let path: [String]
    public let value: Value

    /// Whether this is a value of `Option<T>` (the enum polkadot-js writes as null or the value).
    var isOption: Bool { path == ["Option"] }

    /// The value as JSON in the shapes polkadot-js and scalecodec use (and the encoder reads):
    /// structs as objects by field name, a struct of one unnamed field as that field, tuples and
    /// unnamed fields as arrays, enums as `"Variant"` or `{"Variant": value}`, `Option` as null
    /// or its value, numbers as JSON numbers, bytes as `0x` hex, bits as booleans, and a value of
    /// `callType` as `{"pallet", "call", "args"}`.
    public func json(callType: TypeRef?) -> JSONValue {
        switch value {
        case let .bool(flag): return .bool(flag)
        case let .char(scalar): return .string(String(Character(scalar)))
        case let .string(text): return .string(text)
        case let .unsigned(number): return .number(String(number))
        case let .signed(number): return .number(String(number))
        case let .bytes(bytes): return .string(Hex.encode(bytes, prefix: true))
        case let .composite(fields): return Self.json(fields, callType: callType)
        case let .variant(name, _, fields):
            if type == callType, let call = asCall {
                let args = JSONValue.object(
                    call.arguments.map { (key: $0.name ?? "", value: $0.value.json(callType: callType)) })
                return .object([
                    (key: "pallet", value: .string(call.pallet)), (key: "call", value: .string(call.call)),
                    (key: "args", value: args),
                ])
            }
            if isOption {
                return name == "Some" && fields.count == 1 ? fields[0].value.json(callType: callType) : .null
            }
            if fields.isEmpty { return .string(name) }
            return .object([(key: name, value: Self.json(fields, callType: callType))])
        case let .sequence(items): return .array(items.map { $0.json(callType: callType) })
        case let .bits(bits): return .array(bits.map { .bool($0) })
        case .void: return .null
        }
    }

    static func json(_ fields: [Field], callType: TypeRef?) -> JSONValue {
        if fields.count == 1, fields[0].name == nil { return fields[0].value.json(callType: callType) }
        if !fields.isEmpty, fields.allSatisfy({ $0.name != nil }) {
            return .object(fields.map { (key: $0.name ?? "", value: $0.value.json(callType: callType)) })
        }
        return .array(fields.map { $0.value.json(callType: callType) })
    }

    /// A runtime call: the outer enum's variant (the pallet) holding the pallet's call enum.
    public var asCall: (pallet: String, call: String, arguments: [Field])? {
        guard case let .variant(pallet, _, outer) = value, outer.count == 1,
            case let .variant(call, _, arguments) = outer[0].value.value
        else { return nil }
        return (pallet, call, arguments)
    }
}

/// A merkle leaf a decoding used: a type, and for an enum the variant read.
public struct LeafKey: Sendable, Hashable {
    public let typeID: UInt32
    public let variant: UInt32?
}

extension LeanType {
    /// Which leaf this is: its type, and for an enum its one variant.
    public var leafKey: LeafKey {
        if case let .enumeration(variant) = definition { return LeafKey(typeID: typeID, variant: variant.index) }
        return LeafKey(typeID: typeID, variant: nil)
    }
}
