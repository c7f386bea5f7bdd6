import AirsignEncoding
import AirsignSubstrate

/// A random RFC-0078 type tree and a value of its call type, made from the fuzzer's bytes: a
/// few plain types (structs, tuples, arrays of any length up to 65536, sequences, enums, bit
/// sequences, referring to each other and to the calls, so cycles happen), a call type that is
/// an enum of pallets each holding an enum of calls (or, now and then, not: an attacker's
/// proof), and calls whose arguments are any of these types.
struct SubstrateTypeTree {
    private(set) var leaves: [LeanType] = []
    /// Each id's definition; an enum's variants are gathered under `.enumeration` one by one.
    private var definitions: [UInt32: [LeanDefinition]] = [:]
    let callType: TypeRef

    init(_ source: inout FuzzByteSource) {
        let plain = 1 + source.below(6)
        let pallets = 1 + source.below(3)
        let call = UInt32(plain)
        callType = .byID(call)
        let all = plain + 1 + pallets
        func reference() -> TypeRef {
            switch source.below(12) {
            case 0: return .scalar(source.pick([.u8, .u16, .u32, .u64, .u128, .bool, .str, .char, .i32, .i128]))
            case 1: return .compact(source.pick([.u32, .u128]))
            case 2: return .void
            default: return .byID(UInt32(source.below(all)))
            }
        }
        func variants(_ count: Int, name: String, fields: () -> [LeanField]) -> [LeanVariant] {
            var used = Set<UInt32>()
            return (0..<count).compactMap { position in
                let index = UInt32(source.byte())
                guard used.insert(index).inserted else { return nil }
                return LeanVariant(name: "\(name)\(position)", fields: fields(), index: index)
            }
        }
        func fields(_ count: Int) -> [LeanField] {
            (0..<count).map {
                LeanField(
                    name: source.bool() ? "f\($0)" : nil, type: reference(),
                    typeName: source.below(4) == 0 ? "Balance" : nil)
            }
        }
        for id in 0..<UInt32(plain) {
            switch source.below(7) {
            case 0: add(id, path: ["S\(id)"], .composite(fields(source.below(4))))
            case 1: add(id, path: [], .tuple((0..<source.below(4)).map { _ in reference() }))
            case 2: add(id, path: [], .array(length: source.pick([0, 1, 2, 3, 32, 4096, 65536]), element: reference()))
            case 3:
                // An array of the type before it (of `()` first): towers of arrays of nothing.
                add(
                    id, path: [],
                    .array(length: source.pick([1, 2, 4096, 4096, 65536]), element: id > 0 ? .byID(id - 1) : .void))
            case 4: add(id, path: [], .sequence(reference()))
            case 5: add(id, path: [], .bitSequence(wordBytes: source.pick([1, 2, 4, 8]), lsbFirst: source.bool()))
            default:
                for variant in variants(1 + source.below(3), name: "V", fields: { fields(source.below(3)) }) {
                    add(id, path: ["E\(id)"], .enumeration(variant))
                }
            }
        }
        // The call type: pallets, each a variant holding its call enum — or, one time in
        // sixteen, something else.
        for pallet in 0..<pallets {
            let palletID = call + 1 + UInt32(pallet)
            let field = source.below(16) == 0 ? reference() : .byID(palletID)
            add(
                call, path: ["RuntimeCall"],
                .enumeration(
                    LeanVariant(
                        name: "Pallet\(pallet)", fields: [LeanField(name: nil, type: field, typeName: nil)],
                        index: UInt32(pallet))))
            for variant in variants(1 + source.below(3), name: "call", fields: { fields(source.below(4)) }) {
                add(palletID, path: ["pallet\(pallet)", "Call"], .enumeration(variant))
            }
        }
    }

    private mutating func add(_ id: UInt32, path: [String], _ definition: LeanDefinition) {
        leaves.append(LeanType(path: path, definition: definition, typeID: id))
        definitions[id, default: []].append(definition)
    }

    /// A value of `type`, written from the fuzzer's bytes; nil when it would outgrow `budget`
    /// bytes or nest deeper than 24 types (a cycle, or fan-out).
    func value(_ type: TypeRef, _ source: inout FuzzByteSource, budget: Int = 16384) -> [UInt8]? {
        var writer = SCALEWriter()
        var remaining = budget
        guard write(type, depth: 0, into: &writer, source: &source, remaining: &remaining) else { return nil }
        return writer.bytes
    }

    /// Whether every value of `type` is no bytes (`()`, and structs, tuples and arrays of
    /// nothing else): such a value is written at once, however many values the decoder will
    /// make of it, which is what lets the fuzzer reach `[[(); 4096]; 4096]`.
    private func isZeroSize(_ type: TypeRef, visiting: Set<UInt32> = []) -> Bool {
        switch type {
        case .void: return true
        case .scalar, .compact: return false
        case let .byID(id):
            guard !visiting.contains(id), let definition = definitions[id]?.first else { return false }
            let inner = visiting.union([id])
            switch definition {
            case let .composite(fields): return fields.allSatisfy { isZeroSize($0.type, visiting: inner) }
            case let .tuple(members): return members.allSatisfy { isZeroSize($0, visiting: inner) }
            case let .array(length, element): return length == 0 || isZeroSize(element, visiting: inner)
            case .sequence, .bitSequence, .enumeration: return false
            }
        }
    }

    private func write(
        _ type: TypeRef, depth: Int, into writer: inout SCALEWriter, source: inout FuzzByteSource, remaining: inout Int
    ) -> Bool {
        remaining -= 1
        guard remaining > 0, depth < 24 else { return false }
        if isZeroSize(type) { return true }
        switch type {
        case .void: return true
        case let .compact(scalar):
            scalar == .u32
                ? writer.writeCompact(UInt32(source.byte()) << source.below(24))
                : writer.writeCompact(UInt128(source.byte()) << source.below(120))
        case let .scalar(scalar):
            switch scalar {
            case .bool: writer.writeBool(source.bool())
            case .str: writer.writeString(String(repeating: "a", count: source.below(8)))
            case .char: writer.writeInteger(UInt32(0x41 + source.below(26)))
            default: writer.writeBytes(source.take(scalar.byteWidth ?? 1))
            }
            remaining -= scalar.byteWidth ?? 1
        case let .byID(id):
            guard let definitions = definitions[id] else { return false }
            if case .enumeration = definitions[0] {
                guard case let .enumeration(variant) = source.pick(definitions) else { return false }
                writer.writeInteger(UInt8(truncatingIfNeeded: variant.index))
                return variant.fields.allSatisfy {
                    write($0.type, depth: depth + 1, into: &writer, source: &source, remaining: &remaining)
                }
            }
            switch definitions[0] {
            case let .composite(fields):
                return fields.allSatisfy {
                    write($0.type, depth: depth + 1, into: &writer, source: &source, remaining: &remaining)
                }
            case let .tuple(members):
                return members.allSatisfy {
                    write($0, depth: depth + 1, into: &writer, source: &source, remaining: &remaining)
                }
            case let .array(length, element):
                return (0..<Int(length)).allSatisfy { _ in
                    write(element, depth: depth + 1, into: &writer, source: &source, remaining: &remaining)
                }
            case let .sequence(element):
                let count = source.below(4)
                writer.writeCompact(UInt32(count))
                return (0..<count).allSatisfy { _ in
                    write(element, depth: depth + 1, into: &writer, source: &source, remaining: &remaining)
                }
            case let .bitSequence(wordBytes, _):
                let bits = source.below(20)
                writer.writeCompact(UInt32(bits))
                // Padding bits must be zero: a zero word is valid for any count.
                writer.writeBytes(
                    [UInt8](
                        repeating: 0, count: (bits + Int(wordBytes) * 8 - 1) / (Int(wordBytes) * 8) * Int(wordBytes)))
            case .enumeration: return false
            }
        }
        return true
    }
}
