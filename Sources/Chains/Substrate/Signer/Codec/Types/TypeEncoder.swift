import AirsignEncoding
import BigInt

/// Encodes JSON values by a type of a `TypeSet`, in the shapes polkadot-js and scalecodec take:
/// structs as objects by field name (every field, no other), a struct of one unnamed field as
/// that field, tuples and several unnamed fields as arrays, enums as `"Variant"` or
/// `{"Variant": value}`, `Option` also as null or the bare value, integers as JSON numbers or
/// decimal strings of any size, bytes as `0x` hex (or an array of numbers), an `AccountId32` as
/// SS58 of the network's prefix or `0x` hex, bits as booleans, and a runtime call also as
/// `{"pallet", "call", "args"}`. Every refusal names the path of the value and the type it
/// expected: `args.value: expected u128, got -5`.
public struct TypeEncoder {
    let types: TypeSet
    /// The runtime call type, whose values may be written `{"pallet", "call", "args"}`.
    let callType: TypeRef?
    /// The network's SS58 prefix, which an account given as SS58 must have (nil: any).
    let ss58Prefix: UInt16?

    public init(types: TypeSet, callType: TypeRef?, ss58Prefix: UInt16?) {
        self.types = types
        self.callType = callType
        self.ss58Prefix = ss58Prefix
    }

    /// The SCALE bytes of `json` as a `type`; `root` starts every error's path ("args").
    public func encode(_ json: JSONValue, as type: TypeRef, root: String) throws(SubstrateError) -> [UInt8] {
        var writer = SCALEWriter()
        do { try write(json, as: type, into: &writer, depth: 0) } catch let failure as TypePathError {
            throw failure.refusal(root: root)
        } catch {
            throw SubstrateError.typedValue(path: root, reason: "\(error)")
        }
        return writer.bytes
    }

    /// A runtime call by names: `pallet`, `call` and its arguments `args` (errors name
    /// `pallet`, `call` or the argument's path under `args`).
    public func encodeCall(pallet: String, call: String, args: JSONValue) throws(SubstrateError) -> [UInt8] {
        guard let callType else { throw SubstrateError.missing("the metadata's call type") }
        let json = JSONValue.object([
            (key: "pallet", value: .string(pallet)), (key: "call", value: .string(call)), (key: "args", value: args),
        ])
        var writer = SCALEWriter()
        do { try writeCall(json, as: callType, into: &writer, depth: 0) } catch let failure as TypePathError {
            throw failure.refusal(root: nil)
        } catch let error as SubstrateError {
            throw error
        } catch {
            throw SubstrateError.typedValue(path: "", reason: "\(error)")
        }
        return writer.bytes
    }

    func write(_ json: JSONValue, as type: TypeRef, into writer: inout SCALEWriter, depth: Int) throws {
        switch type {
        case let .scalar(scalar): try writeScalar(json, scalar, into: &writer)
        case let .compact(scalar):
            SCALECompact.write(try Self.unsigned(json, scalar, name: "Compact<\(scalar.name)>"), into: &writer)
        case .void:
            guard Self.isEmpty(json) else { throw TypePathError("expected nothing (null), got \(Self.describe(json))") }
        case let .byID(id):
            guard depth < TypeDecoder.maxDepth else {
                throw TypePathError("values nest deeper than \(TypeDecoder.maxDepth) types")
            }
            if type == callType, json["pallet"] != nil || json["call"] != nil || json["args"] != nil {
                return try writeCall(json, as: type, into: &writer, depth: depth)
            }
            switch try types.entry(id) {
            case let .single(leaf): try writeDefinition(json, leaf, into: &writer, depth: depth + 1)
            case let .enumeration(path, variants):
                try writeEnum(json, path: path, variants: variants, into: &writer, depth: depth + 1)
            }
        }
    }

    /// `{"pallet": P, "call": C, "args": A}`: the outer enum's variant P, holding P's call
    /// enum, whose variant C takes the fields A.
    func writeCall(_ json: JSONValue, as type: TypeRef, into writer: inout SCALEWriter, depth: Int) throws {
        guard case let .object(members) = json, members.count == 3, case let .string(pallet)? = json["pallet"],
            case let .string(call)? = json["call"], let args = json["args"], case let .byID(id) = type,
            case let .enumeration(_, pallets) = try types.entry(id)
        else {
            throw TypePathError(
                "expected a call {\"pallet\": …, \"call\": …, \"args\": {…}}, got \(Self.describe(json))")
        }
        guard let outer = pallets.values.first(where: { $0.name == pallet }) else {
            throw TypePathError("\(pallet) is not a pallet with calls in this runtime").inside("pallet")
        }
        guard outer.fields.count == 1, case let .byID(callsID) = outer.fields[0].type,
            case let .enumeration(_, calls) = try types.entry(callsID)
        else {
            throw TypePathError("\(pallet)'s calls are not an enum").inside("pallet")
        }
        guard let inner = calls.values.first(where: { $0.name == call }) else {
            let names = calls.values.sorted { $0.index < $1.index }.map(\.name).joined(separator: ", ")
            throw TypePathError("\(call) is not a call of \(pallet) (\(names))").inside("call")
        }
        writer.writeInteger(try Self.variantIndex(outer))
        writer.writeInteger(try Self.variantIndex(inner))
        try within("args") { try writeFields(args, inner.fields, into: &writer, depth: depth + 2) }
    }

    func writeEnum(
        _ json: JSONValue, path: [String], variants: [UInt32: LeanVariant], into writer: inout SCALEWriter, depth: Int
    ) throws {
        let typeName = path.last ?? "enum"
        let sorted = variants.values.sorted { $0.index < $1.index }
        let name: String, payload: JSONValue
        switch json {
        case let .string(text):
            name = text
            payload = .null
        case let .object(members) where members.count == 1:
            name = members[0].key
            payload = members[0].value
        default:
            if path == ["Option"], let some = sorted.first(where: { $0.name == "Some" }),
                let none = sorted.first(where: { $0.name == "None" })
            {
                if json == .null { return writer.writeInteger(try Self.variantIndex(none)) }
                writer.writeInteger(try Self.variantIndex(some))
                return try writeFields(json, some.fields, into: &writer, depth: depth)
            }
            throw TypePathError(
                "expected a variant of \(typeName) (\"Name\" or {\"Name\": value}), got \(Self.describe(json))")
        }
        guard let variant = sorted.first(where: { $0.name == name }) else {
            if path == ["Option"], let some = sorted.first(where: { $0.name == "Some" }) {
                writer.writeInteger(try Self.variantIndex(some))
                return try writeFields(json, some.fields, into: &writer, depth: depth)
            }
            let names = sorted.map(\.name).prefix(12).joined(separator: ", ") + (sorted.count > 12 ? ", …" : "")
            throw TypePathError("\(name) is not a variant of \(typeName) (\(names))")
        }
        if case .string = json, !variant.fields.isEmpty, !variant.fields.allSatisfy({ $0.type == .void }) {
            throw TypePathError("\(typeName)::\(name) has fields; write {\"\(name)\": …}")
        }
        writer.writeInteger(try Self.variantIndex(variant))
        try within(name) { try writeFields(payload, variant.fields, into: &writer, depth: depth) }
    }

    /// Fields in the shape `TypedValue.json` writes them: one unnamed field as itself, named
    /// fields as an object with exactly those members, several unnamed as an array.
    func writeFields(_ json: JSONValue, _ fields: [LeanField], into writer: inout SCALEWriter, depth: Int) throws {
        if fields.isEmpty {
            guard Self.isEmpty(json) else { throw TypePathError("expected no value, got \(Self.describe(json))") }
            return
        }
        if fields.count == 1, fields[0].name == nil {
            return try write(json, as: fields[0].type, into: &writer, depth: depth)
        }
        if fields.allSatisfy({ $0.name != nil }) {
            guard case let .object(members) = json else {
                throw TypePathError(
                    "expected an object with \(fields.compactMap(\.name).joined(separator: ", ")), got \(Self.describe(json))"
                )
            }
            for member in members where !fields.contains(where: { $0.name == member.key }) {
                throw TypePathError(
                    "\(member.key) is not a field (\(fields.compactMap(\.name).joined(separator: ", ")))")
            }
            for field in fields {
                let name = field.name ?? ""
                guard let value = json[name] else { throw TypePathError("\(name) is missing") }
                try within(name) { try write(value, as: field.type, into: &writer, depth: depth) }
            }
            return
        }
        try writeTuple(json, fields.map(\.type), into: &writer, depth: depth)
    }

    func writeTuple(_ json: JSONValue, _ members: [TypeRef], into writer: inout SCALEWriter, depth: Int) throws {
        guard case let .array(items) = json, items.count == members.count else {
            throw TypePathError("expected an array of \(members.count) values, got \(Self.describe(json))")
        }
        for (position, (item, member)) in zip(items, members).enumerated() {
            try within(String(position)) { try write(item, as: member, into: &writer, depth: depth) }
        }
    }

    func writeDefinition(_ json: JSONValue, _ leaf: LeanType, into writer: inout SCALEWriter, depth: Int) throws {
        switch leaf.definition {
        case let .composite(fields):
            if leaf.path.last == "AccountId32", fields.count == 1, case let .string(text) = json, !text.hasPrefix("0x")
            {
                return writer.writeBytes(try account(text))
            }
            try writeFields(json, fields, into: &writer, depth: depth)
        case .enumeration: throw TypePathError("an enum leaf outside an enum")  // TypeSet never makes one
        case let .sequence(element):
            if element == .scalar(.u8), case .string = json {
                return writer.writeByteVector(try Self.bytes(json, length: nil))
            }
            guard case let .array(items) = json else {
                throw TypePathError("expected an array, got \(Self.describe(json))")
            }
            writer.writeCompact(UInt64(items.count))
            for (position, item) in items.enumerated() {
                try within(String(position)) { try write(item, as: element, into: &writer, depth: depth) }
            }
        case let .array(length, element):
            if element == .scalar(.u8), case .string = json {
                return writer.writeBytes(try Self.bytes(json, length: Int(length)))
            }
            try writeTuple(json, Array(repeating: element, count: Int(length)), into: &writer, depth: depth)
        case let .tuple(members): try writeTuple(json, members, into: &writer, depth: depth)
        case let .bitSequence(wordBytes, lsbFirst):
            guard case let .array(items) = json else {
                throw TypePathError("expected an array of booleans (bits), got \(Self.describe(json))")
            }
            var bits: [Bool] = []
            for item in items {
                guard case let .bool(bit) = item else {
                    throw TypePathError("expected an array of booleans (bits), got \(Self.describe(item))")
                }
                bits.append(bit)
            }
            Self.writeBits(bits, wordBytes: Int(wordBytes), lsbFirst: lsbFirst, into: &writer)
        }
    }

    static func writeBits(_ bits: [Bool], wordBytes: Int, lsbFirst: Bool, into writer: inout SCALEWriter) {
        let wordBits = wordBytes * 8
        let words = (bits.count + wordBits - 1) / wordBits
        var raw = [UInt8](repeating: 0, count: words * wordBytes)
        for (position, bit) in bits.enumerated() where bit {
            let word = position / wordBits, offset = position % wordBits
            let bitInWord = lsbFirst ? offset : wordBits - 1 - offset
            raw[word * wordBytes + bitInWord / 8] |= 1 << (bitInWord % 8)
        }
        writer.writeCompact(UInt64(bits.count))
        writer.writeBytes(raw)
    }

    func writeScalar(_ json: JSONValue, _ scalar: ScalarType, into writer: inout SCALEWriter) throws {
        switch scalar {
        case .bool:
            guard case let .bool(flag) = json else { throw TypePathError("expected bool, got \(Self.describe(json))") }
            writer.writeBool(flag)
        case .char:
            guard case let .string(text) = json, text.unicodeScalars.count == 1, let scalar = text.unicodeScalars.first
            else {
                throw TypePathError("expected char (one character), got \(Self.describe(json))")
            }
            writer.writeInteger(scalar.value)
        case .str:
            guard case let .string(text) = json else { throw TypePathError("expected str, got \(Self.describe(json))") }
            writer.writeString(text)
        case .u8, .u16, .u32, .u64, .u128, .u256:
            writer.writeBytes(
                Self.littleEndian(try Self.unsigned(json, scalar, name: scalar.name), width: scalar.byteWidth ?? 0))
        case .i8, .i16, .i32, .i64, .i128, .i256:
            let width = scalar.byteWidth ?? 0
            let number = try Self.integer(json, expected: scalar.name)
            let bound = BigInt(1) << (width * 8 - 1)
            guard number >= -bound, number < bound else {
                throw TypePathError("expected \(scalar.name), got \(number)")
            }
            let twos = number < 0 ? BigUInt(number + (BigInt(1) << (width * 8))) : BigUInt(number)
            writer.writeBytes(Self.littleEndian(twos, width: width))
        }
    }

    /// The one-byte index SCALE writes for `variant` (scale-info allows no more than 256).
    static func variantIndex(_ variant: LeanVariant) throws -> UInt8 {
        guard let index = UInt8(exactly: variant.index) else {
            throw TypePathError("variant \(variant.name)'s index \(variant.index) does not fit a byte")
        }
        return index
    }

    /// An account id from SS58 (of the network's prefix when known).
    func account(_ text: String) throws -> [UInt8] {
        let decoded: (prefix: UInt16, payload: [UInt8])
        do { decoded = try SS58.decode(text) } catch {
            throw TypePathError(
                "expected an SS58 address or 0x and 64 hex digits, got \(Self.describe(.string(text))) (\(error))")
        }
        guard decoded.payload.count == 32 else {
            throw TypePathError("\(text) has a \(decoded.payload.count)-byte payload, not a 32-byte account id")
        }
        if let ss58Prefix, decoded.prefix != ss58Prefix {
            throw TypePathError(
                "\(text) is an address of SS58 prefix \(decoded.prefix), not this network's \(ss58Prefix)")
        }
        return decoded.payload
    }

    /// `0x` hex (exactly `length` bytes when given) or an array of byte numbers.
    static func bytes(_ json: JSONValue, length: Int?) throws -> [UInt8] {
        let expected = length.map { "0x and \($0 * 2) hex digits" } ?? "0x hex"
        guard case let .string(text) = json, text.hasPrefix("0x"), let bytes = try? Hex.decode(text) else {
            throw TypePathError("expected \(expected), got \(describe(json))")
        }
        if let length, bytes.count != length {
            throw TypePathError("expected \(expected), got \(describe(json)) (\(bytes.count) bytes)")
        }
        return bytes
    }

    static func unsigned(_ json: JSONValue, _ scalar: ScalarType, name: String) throws -> BigUInt {
        let number = try integer(json, expected: name)
        guard number >= 0, number < BigInt(1) << ((scalar.byteWidth ?? 0) * 8) else {
            throw TypePathError("expected \(name), got \(number)")
        }
        return BigUInt(number)
    }

    /// A JSON integer (no fraction or exponent) or a string of decimal digits, any size.
    static func integer(_ json: JSONValue, expected: String) throws -> BigInt {
        let text: String
        switch json {
        case let .number(literal): text = literal
        case let .string(literal): text = literal
        default: throw TypePathError("expected \(expected), got \(describe(json))")
        }
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.count <= 200, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let number = BigInt(text)
        else {
            throw TypePathError("expected \(expected), got \(describe(json))")
        }
        return number
    }

    static func littleEndian(_ value: BigUInt, width: Int) -> [UInt8] {
        (0..<width).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    /// null, [] or {}: what a type of no data is written as.
    static func isEmpty(_ json: JSONValue) -> Bool {
        switch json {
        case .null: return true
        case let .array(items): return items.isEmpty
        case let .object(members): return members.isEmpty
        default: return false
        }
    }

    /// A short rendering of what was given, for errors.
    static func describe(_ json: JSONValue) -> String {
        let text = JSONSerializer(sortKeys: false).serialize(json)
        return text.count > 60 ? String(text.prefix(57)) + "…" : text
    }

    func within(_ component: String, _ body: () throws -> Void) throws {
        do { try body() } catch let failure as TypePathError { throw failure.inside(component) }
    }
}
