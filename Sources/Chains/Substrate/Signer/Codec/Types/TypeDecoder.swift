import AirsignEncoding
import BigInt

/// Decodes SCALE bytes by a type of a `TypeSet`, strictly: a compact in a larger mode than it
/// needs, an enum index the type has no variant for, a bool or option flag other than 0/1, a
/// char that is not a Unicode scalar, a string that is not UTF-8, bit padding that is not zero,
/// nesting deeper than `maxDepth` types, and (through `decodeAll`) bytes left over are errors.
/// A sequence may not claim more elements than bytes remain, and the values decoded are
/// bounded by the input's size (`valueBudget`). It records every leaf it uses, which is what a
/// metadata proof must hold.
public struct TypeDecoder {
    /// How many types deep a value may nest (a call in a batch in a proxy … counts each
    /// struct, enum and sequence on the way). Real runtimes' calls stay well below it.
    public static let maxDepth = 64
    /// Values a decoding may produce per input byte, and beyond that for free. Types of no
    /// size (`()`, empty structs, arrays of them) yield values from no input: nested arrays of
    /// `()` would make 4096^k values out of a few bytes of types. Real calls make a few values
    /// per byte (a struct around an enum around a number), far below this.
    public static let valuesPerByte = 16
    public static let freeValues = 4096

    let types: TypeSet
    var reader: SCALEReader
    /// The leaves used so far.
    public private(set) var touched = Set<LeafKey>()
    /// How many more values the input may yield.
    private var valueBudget: Int

    public init(_ bytes: [UInt8], types: TypeSet) {
        self.types = types
        reader = SCALEReader(bytes)
        valueBudget = Self.freeValues + Self.valuesPerByte * bytes.count
    }

    public var offset: Int { reader.offset }
    public var isAtEnd: Bool { reader.isAtEnd }

    /// Decodes one value of `type` from where the reader is.
    public mutating func decode(_ type: TypeRef) throws(SubstrateError) -> TypedValue {
        do { return try value(type, depth: 0) } catch let failure as TypePathError {
            throw failure.refusal(root: nil)
        } catch let error as SubstrateError {
            throw error
        } catch {
            throw SubstrateError.typedValue(path: "", reason: "\(error)")
        }
    }

    /// Decodes exactly one value of `type` from `bytes`, refusing anything after it.
    public static func decodeAll(_ bytes: [UInt8], as type: TypeRef, types: TypeSet) throws(SubstrateError)
        -> TypedValue
    {
        var decoder = TypeDecoder(bytes, types: types)
        let value = try decoder.decode(type)
        guard decoder.isAtEnd else {
            throw SubstrateError.bytesFollow(
                field: "", count: decoder.reader.remaining, after: "the value at byte \(decoder.offset)")
        }
        return value
    }

    mutating func value(_ type: TypeRef, depth: Int) throws -> TypedValue {
        valueBudget -= 1
        guard valueBudget >= 0 else {
            throw TypePathError(
                "byte \(reader.offset): the types yield more values than \(Self.valuesPerByte) a byte of input; refusing types made to exhaust the signer"
            )
        }
        switch type {
        case let .scalar(scalar): return TypedValue(type: type, path: [], value: try self.scalar(scalar))
        case let .compact(scalar):
            let start = reader.offset
            let number = try SCALECompact.read(&reader)
            guard let width = scalar.byteWidth, number < BigUInt(1) << (width * 8) else {
                throw TypePathError("byte \(start): compact \(number) does not fit \(scalar.name)")
            }
            return TypedValue(type: type, path: [], value: .unsigned(number))
        case .void: return TypedValue(type: type, path: [], value: .void)
        case let .byID(id):
            guard depth < Self.maxDepth else { throw TypePathError("values nest deeper than \(Self.maxDepth) types") }
            switch try types.entry(id) {
            case let .single(leaf):
                touched.insert(LeafKey(typeID: id, variant: nil))
                return TypedValue(type: type, path: leaf.path, value: try definition(leaf.definition, depth: depth + 1))
            case let .enumeration(path, variants):
                let start = reader.offset
                let index = UInt32(try reader.readVariantIndex())
                guard let variant = variants[index] else {
                    let name = path.isEmpty ? "" : " (\(path.joined(separator: "::")))"
                    throw TypePathError("byte \(start): \(types.origin) has no variant \(index) of type \(id)\(name)")
                }
                touched.insert(LeafKey(typeID: id, variant: index))
                let fields = try self.fields(variant.fields, depth: depth + 1, context: variant.name)
                return TypedValue(
                    type: type, path: path, value: .variant(name: variant.name, index: index, fields: fields))
            }
        }
    }

    mutating func definition(_ definition: LeanDefinition, depth: Int) throws -> TypedValue.Value {
        switch definition {
        case let .composite(fields): return .composite(try self.fields(fields, depth: depth, context: nil))
        case .enumeration: throw TypePathError("an enum leaf outside an enum")  // TypeSet never makes one
        case let .sequence(element):
            let count = try reader.readLength(max: reader.remaining, minimumElementSize: element == .void ? 0 : 1)
            return try items(count, of: element, depth: depth)
        case let .array(length, element):
            guard let count = Int(exactly: length), count <= Swift.max(reader.remaining, 4096) else {
                throw TypePathError("byte \(reader.offset): an array of \(length) elements is longer than the input")
            }
            return try items(count, of: element, depth: depth)
        case let .tuple(members):
            var values: [TypedValue] = []
            for (position, member) in members.enumerated() {
                values.append(
                    try within(String(position)) { (decoder: inout TypeDecoder) throws -> TypedValue in
                        try decoder.value(member, depth: depth)
                    })
            }
            return .sequence(values)
        case let .bitSequence(wordBytes, lsbFirst):
            return .bits(try bits(wordBytes: Int(wordBytes), lsbFirst: lsbFirst))
        }
    }

    mutating func items(_ count: Int, of element: TypeRef, depth: Int) throws -> TypedValue.Value {
        if element == .scalar(.u8) { return .bytes(try reader.readBytes(count: count)) }
        var values: [TypedValue] = []
        values.reserveCapacity(Swift.min(count, 1024))
        for position in 0..<count {
            values.append(
                try within(String(position)) { (decoder: inout TypeDecoder) throws -> TypedValue in
                    try decoder.value(element, depth: depth)
                })
        }
        return .sequence(values)
    }

    mutating func fields(_ fields: [LeanField], depth: Int, context: String?) throws -> [TypedValue.Field] {
        var values: [TypedValue.Field] = []
        for (position, field) in fields.enumerated() {
            let label = [context, field.name ?? String(position)].compactMap { $0 }.joined(separator: ".")
            let value = try within(label) { (decoder: inout TypeDecoder) throws -> TypedValue in
                try decoder.value(field.type, depth: depth)
            }
            values.append(TypedValue.Field(name: field.name, typeName: field.typeName, value: value))
        }
        return values
    }

    /// Runs `body`, naming `component` in the path of any error it throws.
    mutating func within<T>(_ component: String, _ body: (inout TypeDecoder) throws -> T) throws -> T {
        do { return try body(&self) } catch let failure as TypePathError {
            throw failure.inside(component)
        } catch let error as EncodingError {
            throw TypePathError("\(error)").inside(component)
        }
    }

    mutating func scalar(_ scalar: ScalarType) throws -> TypedValue.Value {
        switch scalar {
        case .bool: return .bool(try reader.readBool())
        case .char:
            let start = reader.offset
            let code = try reader.readInteger(UInt32.self)
            guard let value = Unicode.Scalar(code) else {
                throw TypePathError("byte \(start): \(code) is not a Unicode scalar")
            }
            return .char(value)
        case .str: return .string(try reader.readString(maxLength: reader.remaining))
        case .u8, .u16, .u32, .u64, .u128, .u256:
            return .unsigned(BigUInt(littleEndian: try reader.readBytes(count: scalar.byteWidth ?? 0)))
        case .i8, .i16, .i32, .i64, .i128, .i256:
            let bytes = try reader.readBytes(count: scalar.byteWidth ?? 0)
            let magnitude = BigInt(BigUInt(littleEndian: bytes))
            let negative = (bytes.last ?? 0) & 0x80 != 0
            return .signed(negative ? magnitude - (BigInt(1) << (bytes.count * 8)) : magnitude)
        }
    }

    /// bitvec's SCALE form: `Compact<u32>` bit count, then the words holding them, little endian;
    /// bit `i` is bit `i mod w` of word `i / w` from the least (Lsb0) or most (Msb0) significant
    /// end. Bits past the count must be zero.
    mutating func bits(wordBytes: Int, lsbFirst: Bool) throws -> [Bool] {
        let start = reader.offset
        // Up to eight bits a byte: the count is bounded by the input, not one element a byte.
        let count = try reader.readLength(max: reader.remaining * 8, minimumElementSize: 0)
        let wordBits = wordBytes * 8
        let words = (count + wordBits - 1) / wordBits
        let raw = try reader.readBytes(count: words * wordBytes)
        var bits: [Bool] = []
        bits.reserveCapacity(count)
        for position in 0..<words * wordBits {
            let word = position / wordBits, offset = position % wordBits
            let bitInWord = lsbFirst ? offset : wordBits - 1 - offset
            let bit = raw[word * wordBytes + bitInWord / 8] >> (bitInWord % 8) & 1 == 1
            if position < count {
                bits.append(bit)
            } else if bit {
                throw TypePathError("byte \(start): a bit sequence of \(count) bits has a set padding bit")
            }
        }
        return bits
    }
}

/// A codec failure with the path to the value at fault (`dest`, `calls.1.value`).
struct TypePathError: Error {
    var path: [String] = []
    let reason: String

    init(_ reason: String) { self.reason = reason }

    func inside(_ component: String) -> TypePathError {
        var copy = self
        copy.path.insert(component, at: 0)
        return copy
    }

    /// The refusal at "root.path", or "path" without a root ("root.path: reason").
    func refusal(root: String?) -> SubstrateError {
        .typedValue(path: ([root].compactMap { $0 } + path).joined(separator: "."), reason: reason)
    }
}

extension BigUInt {
    /// The number whose little-endian bytes are `bytes`.
    init(littleEndian bytes: [UInt8]) {
        self = bytes.reversed().reduce(BigUInt(0)) { $0 << 8 | BigUInt($1) }
    }
}
