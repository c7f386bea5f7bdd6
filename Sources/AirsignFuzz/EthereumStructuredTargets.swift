import AirsignEncoding
import AirsignEthereum

extension FuzzTarget {
    /// Random bytes almost never make typed data that parses, let alone one whose types and
    /// values agree; this target builds a valid document from the fuzzer's bytes
    /// (`TypedDataFuzzDocument`), applies one mutation chosen by further bytes
    /// (`TypedDataFuzzMutation`: cycles, fixed arrays of a billion elements, deep nesting, a
    /// chain of hundreds of types, out-of-range values, missing and extra members, undefined
    /// types, another primaryType or domain) and sometimes a byte-level one on the JSON text,
    /// then reads and hashes it as the signer does. Properties: no trap, bounded work
    /// (libFuzzer's -timeout), the unmutated document is accepted, a mutation that breaks an
    /// EIP-712 rule is refused, and an accepted document hashes the same when its JSON is
    /// written again with its keys in another order and other spacing.
    static let ethereumTypedDataStructured = FuzzTarget(
        name: "ethereum-typed-data-structured",
        summary:
            "structure-aware: valid EIP-712 documents built from the bytes, mutated (cycles, huge fixed arrays, deep nesting, bad values), hashed"
    ) { input throws(FuzzViolation) in
        var source = FuzzByteSource(input)
        var document = TypedDataFuzzDocument(&source)
        let mutation = TypedDataFuzzMutation.apply(to: &document, &source)
        let written = Array(JSONSerializer(sortKeys: false).serialize(document.json).utf8)
        let text = source.below(4) == 0 ? FuzzMutation.apply(written, source: &source) : written
        let expectation = text == written ? mutation.expectation : .either
        let typed: TypedData
        let digest: [UInt8]
        let separator: [UInt8]
        do {
            typed = try TypedData(jsonText: text)
            (digest, separator) = (try typed.digest(), try typed.domainSeparator())
        } catch {
            try FuzzViolation.check(expectation != .accept, "\(mutation.name): a valid document was refused: \(error)")
            return
        }
        try FuzzViolation.check(expectation != .refuse, "\(mutation.name): a document breaking EIP-712 was accepted")
        _ = try? TypedDataReview(typed)
        // The same document, keys sorted and pretty-printed, is the same typed data.
        guard let value = try? JSONParser().parse(text) else {
            throw FuzzViolation("accepted typed data whose JSON does not parse")
        }
        let again = Array(JSONSerializer(sortKeys: true, pretty: true).serialize(value).utf8)
        do {
            let reread = try TypedData(jsonText: again)
            try FuzzViolation.check(try reread.digest() == digest, "the digest changed when the JSON was written again")
            try FuzzViolation.check(
                try reread.domainSeparator() == separator,
                "the domain separator changed when the JSON was written again")
        } catch let violation as FuzzViolation {
            throw violation
        } catch {
            throw FuzzViolation("the same typed data written again was refused: \(error)")
        }
    }
}

/// One mutation of a `TypedDataFuzzDocument`, and what the signer must make of the result.
/// Value mutations touch the message's own members: the primary type always has exactly one
/// value (the message), while a nested type may have none to check.
struct TypedDataFuzzMutation {
    enum Expectation { case accept, refuse, either }

    let name: String
    let expectation: Expectation

    /// Values no EIP-712 reader may take for the type (as JSON text: numbers, strings, others).
    static let badValues: [(type: String, value: JSONValue)] = [
        ("uint8", .number("256")), ("uint256", .string("0x1" + String(repeating: "0", count: 64))),
        ("uint64", .number("-1")),
        ("int8", .number("128")), ("int8", .string("-129")), ("uint256", .number("1.5")), ("uint256", .number("1e3")),
        ("uint256", .string(" 5")), ("uint256", .string("+5")), ("uint256", .bool(true)), ("uint256", .null),
        ("bytes4", .string("0x0102")), ("bytes4", .string("0x0102030405")), ("bytes", .string("0x1")),
        ("bytes", .string("0X01")),
        ("bytes", .string("hello")), ("address", .string("0x1234")),
        ("address", .string(String(repeating: "ab", count: 20))),
        ("bool", .string("true")), ("bool", .number("1")), ("string", .number("5")), ("string", .null),
        ("uint8[2]", .array([.number("1")])), ("uint8[]", .number("1")), ("bytes32[1]", .array([])),
    ]

    /// Type texts no EIP-712 reader may take.
    static let badTypes = [
        "Nope", "uint7", "uint", "int", "uint264", "bytes33", "bytes0", "uint256[0]", "uint256[02]", "uint256[a]",
        "uint256[", "uint256]", "[]", "uint256[-1]", "Mail Person", "",
    ]

    static func apply(to document: inout TypedDataFuzzDocument, _ source: inout FuzzByteSource) -> TypedDataFuzzMutation
    {
        switch source.below(16) {
        case 0, 1, 2:
            return TypedDataFuzzMutation(name: "none", expectation: .accept)
        case 3:
            // A member referring back to its own type or to the primary one, which reaches it.
            let holder = source.below(document.structs.count)
            let target = source.bool() ? holder : 0
            document.structs[holder].members.append(
                .init(name: "loop", type: document.structs[target].name + source.pick(["", "[]", "[1]"])))
            return TypedDataFuzzMutation(name: "cycle", expectation: .refuse)
        case 4:
            // A fixed array of a billion (or 2^32, or 2^64) elements given none, or of 999999 given one.
            let length = source.pick(["1000000000", "4294967296", "18446744073709551616", "999999", "1000000"])
            document.structs[0].members.append(.init(name: "huge", type: "uint256[\(length)]"))
            document.message.append((key: "huge", value: .array(source.bool() ? [] : [.number("0")])))
            return TypedDataFuzzMutation(name: "huge fixed array", expectation: .refuse)
        case 5:
            // Array dimensions past the bound (64) or within it, the value nested as deep.
            let depth = 1 + source.below(200)
            var value: JSONValue = .array([])
            for _ in 1..<min(depth, 80) { value = .array([value]) }
            document.structs[0].members.append(
                .init(name: "deep", type: "uint8" + String(repeating: "[]", count: depth)))
            document.message.append((key: "deep", value: value))
            return TypedDataFuzzMutation(name: "deep array", expectation: depth > 64 ? .refuse : .either)
        case 6:
            // A chain of hundreds of types, more than the 256 a document may declare or fewer.
            // Hashing it is quadratic in its length (each type's encodeType lists the rest), so
            // only one input in four that picks it gets it, for the replay's sake.
            guard source.below(4) == 0 else { return TypedDataFuzzMutation(name: "none", expectation: .accept) }
            let count = 240 + source.below(60)
            for index in 0..<count {
                let next = index + 1 < count ? "C\(index + 1)[]" : "uint8"
                document.structs.append((name: "C\(index)", members: [.init(name: "n", type: next)]))
            }
            document.structs[0].members.append(.init(name: "chain", type: "C0[]"))
            document.message.append((key: "chain", value: .array([])))
            let declared = document.structs.count + 1
            return TypedDataFuzzMutation(name: "type chain", expectation: declared > 256 ? .refuse : .accept)
        case 7:
            // Many values: a fixed array of up to 16384 elements, of the right length or one short.
            let length = 1 + source.below(1 << 14)
            let short = source.bool()
            document.structs[0].members.append(.init(name: "many", type: "uint8[\(length)]"))
            document.message.append(
                (key: "many", value: .array(Array(repeating: .number("7"), count: short ? length - 1 : length))))
            return TypedDataFuzzMutation(name: "many values", expectation: short ? .refuse : .accept)
        case 8:
            let (type, value) = source.pick(badValues)
            document.structs[0].members.append(.init(name: "bad", type: type))
            document.message.append((key: "bad", value: value))
            return TypedDataFuzzMutation(name: "bad value for \(type)", expectation: .refuse)
        case 9:
            guard !document.message.isEmpty else { return TypedDataFuzzMutation(name: "none", expectation: .accept) }
            document.message.remove(at: source.below(document.message.count))
            return TypedDataFuzzMutation(name: "message member missing", expectation: .refuse)
        case 10:
            // Names the generator never gives a member.
            document.message.append((key: source.pick(["extra", "A", "a ", "\u{212A}"]), value: .number("1")))
            return TypedDataFuzzMutation(name: "message member extra", expectation: .refuse)
        case 11:
            let holder = source.below(document.structs.count)
            document.structs[holder].members.append(.init(name: "undefined", type: source.pick(badTypes)))
            return TypedDataFuzzMutation(name: "type outside the grammar", expectation: .refuse)
        case 12:
            document.primaryType = source.pick(["Nope", "mail", "", "EIP712Domain ", "Mail[]"])
            return TypedDataFuzzMutation(
                name: "primaryType undefined",
                expectation: document.structs.contains { $0.name == document.primaryType } ? .either : .refuse)
        case 13:
            if !document.domain.isEmpty, source.bool() {
                document.domain.remove(at: source.below(document.domain.count))
                return TypedDataFuzzMutation(name: "domain field missing", expectation: .refuse)
            }
            document.domain.append((key: "extra", value: .number("1")))
            return TypedDataFuzzMutation(name: "domain field undeclared", expectation: .refuse)
        case 14:
            // Another type for a member: the value may still fit it, or not.
            let holder = source.below(document.structs.count)
            guard !document.structs[holder].members.isEmpty else {
                return TypedDataFuzzMutation(name: "none", expectation: .accept)
            }
            let index = source.below(document.structs[holder].members.count)
            let names = document.structs.map(\.name)
            document.structs[holder].members[index].type =
                source.bool() ? TypedDataFuzzDocument.atomic(&source) : source.pick(names)
            return TypedDataFuzzMutation(name: "member type swapped", expectation: .either)
        default:
            document.primaryType = source.pick(document.structs.map(\.name) + ["EIP712Domain"])
            return TypedDataFuzzMutation(name: "primaryType changed", expectation: .either)
        }
    }
}
