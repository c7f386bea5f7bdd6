import AirsignEncoding

/// A valid EIP-712 document built from the fuzzer's bytes: struct types in a graph where each
/// type only references later ones (so it is acyclic) and every type is reachable from the
/// primary one, members of every atomic type, nested structs, `T[]` and `T[n]` arrays of up to
/// three dimensions, a domain of some of the standard fields, and a message of the primary type.
struct TypedDataFuzzDocument {
    struct Member {
        var name: String
        var type: String
    }

    /// Struct types; the first is the primary type.
    var structs: [(name: String, members: [Member])]
    var domainFields: [(name: String, type: String)]
    var domain: [(key: String, value: JSONValue)]
    /// The message's members, those of the primary type (mutations edit them).
    var message: [(key: String, value: JSONValue)]
    var primaryType: String

    static let structNames = ["Mail", "Person", "Asset", "Order", "a", "Z_1", "$t", "Leg", "item", "ZZ"]
    static let memberNames = ["a", "b", "to", "from", "value", "data", "items", "x1", "$y", "_z", "nonce"]
    static let standardDomain = [
        ("name", "string"), ("version", "string"), ("chainId", "uint256"), ("verifyingContract", "address"),
        ("salt", "bytes32"),
    ]
    /// What strings are made of: JSON escapes, multi-byte UTF-8, a NUL.
    static let alphabet: [Character] = ["a", "Z", " ", "\"", "\\", "\n", "é", "€", "😀", "\u{0}"]
    /// Most array elements the generator writes in one document, so executions stay fast.
    static let elementBudget = 256

    init(_ source: inout FuzzByteSource) {
        var names: [String] = []
        for _ in 0...source.below(5) {
            let name = source.pick(Self.structNames)
            if !names.contains(name) { names.append(name) }
        }
        var structs: [(name: String, members: [Member])] = []
        for (index, name) in names.enumerated() {
            var members: [Member] = []
            for _ in 0..<source.below(5) {
                let memberName = source.pick(Self.memberNames)
                guard !members.contains(where: { $0.name == memberName }) else { continue }
                let later = names[(index + 1)...]
                let base = !later.isEmpty && source.below(3) == 0 ? source.pick(Array(later)) : Self.atomic(&source)
                members.append(Member(name: memberName, type: base + Self.dimensions(&source)))
            }
            structs.append((name, members))
        }
        // Every type reachable from the primary one.
        for index in 1..<max(names.count, 1)
        where !structs[..<index].contains(where: { $0.members.contains { Self.core($0.type) == names[index] } }) {
            let holder = source.below(index)
            structs[holder].members.append(Member(name: "r\(index)", type: names[index] + (source.bool() ? "[]" : "")))
        }
        self.structs = structs
        primaryType = names[0]
        domainFields = Self.standardDomain.filter { _ in source.bool() }
        var budget = Self.elementBudget
        let types = Dictionary(uniqueKeysWithValues: structs.map { ($0.name, $0.members) })
        domain = domainFields.map { (key: $0.name, value: Self.value($0.type, types: types, &source, budget: &budget)) }
        message = structs[0].members.map {
            (key: $0.name, value: Self.value($0.type, types: types, &source, budget: &budget))
        }
    }

    /// The document as JSON.
    var json: JSONValue {
        var types: [(key: String, value: JSONValue)] = [
            (key: "EIP712Domain", value: Self.members(domainFields.map { Member(name: $0.name, type: $0.type) }))
        ]
        types += structs.map { (key: $0.name, value: Self.members($0.members)) }
        return .object([
            (key: "types", value: .object(types)), (key: "primaryType", value: .string(primaryType)),
            (key: "domain", value: .object(domain)), (key: "message", value: .object(message)),
        ])
    }

    private static func members(_ members: [Member]) -> JSONValue {
        .array(
            members.map { .object([(key: "name", value: .string($0.name)), (key: "type", value: .string($0.type))]) })
    }

    static func core(_ type: String) -> String { String(type.prefix { $0 != "[" }) }

    static func atomic(_ source: inout FuzzByteSource) -> String {
        switch source.below(7) {
        case 0: return "address"
        case 1: return "bool"
        case 2: return "string"
        case 3: return "bytes"
        case 4: return "uint\(8 * (1 + source.below(32)))"
        case 5: return "int\(8 * (1 + source.below(32)))"
        default: return "bytes\(1 + source.below(32))"
        }
    }

    static func dimensions(_ source: inout FuzzByteSource) -> String {
        var out = ""
        for _ in 0..<[0, 0, 0, 1, 1, 2, 3][source.below(7)] { out += source.bool() ? "[]" : "[\(1 + source.below(3))]" }
        return out
    }

    /// A valid value of `type`; arrays draw on `budget` elements.
    static func value(_ type: String, types: [String: [Member]], _ source: inout FuzzByteSource, budget: inout Int)
        -> JSONValue
    {
        if type.hasSuffix("]"), let open = type.lastIndex(of: "[") {
            let element = String(type[..<open])
            let length =
                Int(type[type.index(after: open)..<type.index(before: type.endIndex)])
                ?? min(source.below(4), max(budget, 0))
            budget -= length
            return .array((0..<length).map { _ in value(element, types: types, &source, budget: &budget) })
        }
        if let members = types[type] {
            return .object(
                members.map { (key: $0.name, value: value($0.type, types: types, &source, budget: &budget)) })
        }
        switch type {
        case "address": return .string(Hex.encode(source.take(20), prefix: true))
        case "bool": return .bool(source.bool())
        case "string": return .string(String(source.take(source.below(12)).map { alphabet[Int($0) % alphabet.count] }))
        case "bytes": return .string(Hex.encode(source.take(source.below(40)), prefix: true))
        default: break
        }
        if type.hasPrefix("bytes"), let n = Int(type.dropFirst(5)) {
            return .string(Hex.encode(source.take(n), prefix: true))
        }
        let signed = type.hasPrefix("int")
        let bits = Int(type.dropFirst(signed ? 3 : 4)) ?? 256
        var magnitude = source.take(bits / 8)
        if signed { magnitude[0] &= 0x7f }  // below 2^(bits-1): fits either sign
        switch source.below(4) {
        case 0: return .number((signed && source.bool() ? "-" : "") + FuzzDecimal.text(magnitude))
        case 1: return .string((signed && source.bool() ? "-" : "") + FuzzDecimal.text(magnitude))
        case 2 where !signed: return .string("0x" + (magnitude.allSatisfy { $0 == 0 } ? "0" : Hex.encode(magnitude)))
        default: return .number(String(source.byte() & (signed ? 0x7f : 0xff)))
        }
    }
}

/// Decimal text of a big-endian unsigned integer of any width (the fuzz module has no BigInt).
enum FuzzDecimal {
    static func text(_ bigEndian: [UInt8]) -> String {
        var digits: [UInt8] = []
        var number = Array(bigEndian.drop { $0 == 0 })
        while !number.isEmpty {
            var remainder = 0
            var quotient: [UInt8] = []
            for byte in number {
                let current = remainder << 8 | Int(byte)
                let q = current / 10
                remainder = current % 10
                if !quotient.isEmpty || q != 0 { quotient.append(UInt8(q)) }
            }
            digits.append(UInt8(remainder) + UInt8(ascii: "0"))
            number = quotient
        }
        return digits.isEmpty ? "0" : String(decoding: digits.reversed(), as: UTF8.self)
    }
}
