import AirsignEncoding
import AirsignTestSupport
import BigInt
import Testing

@testable import AirsignSubstrate

/// The type-driven SCALE codec on a registry that holds every kind of type: known answers from
/// the SCALE specification (fixed-width little-endian integers, compact modes, `Option`, enums
/// as a one-byte index, `Vec` with a compact length, `char` as u32) and bitvec's layout (a
/// compact bit count, then the store words little endian, bit i of word i/w from the least
/// (Lsb0) or most (Msb0) significant end); random values of every type round trip; and every
/// strictness rule the issue names is a refusal. Real runtimes' calls are checked against
/// scalecodec in the interop suite (test_substrate_codec.py).
@Suite struct SubstrateTypeCodecTests {
    // Type ids of the registry below.
    static let point: UInt32 = 1, option: UInt32 = 2, shape: UInt32 = 3, list: UInt32 = 4, pair: UInt32 = 5,
        bytes4: UInt32 = 6
    static let vecU16: UInt32 = 7, account: UInt32 = 8, bytes: UInt32 = 9, nested: UInt32 = 10, unnamed: UInt32 = 11
    static let bitsLsb8: UInt32 = 20, bitsMsb8: UInt32 = 21, bitsLsb32: UInt32 = 22, bitsMsb16: UInt32 = 23,
        bitsMsb64: UInt32 = 24, bitsLsb64: UInt32 = 25

    static func field(_ name: String?, _ type: TypeRef, _ typeName: String? = nil) -> LeanField {
        LeanField(name: name, type: type, typeName: typeName)
    }

    static let types: TypeSet = {
        var leaves = [
            LeanType(
                path: ["demo", "Point"],
                definition: .composite([field("x", .scalar(.i32)), field("y", .compact(.u128), "Balance")]),
                typeID: point),
            LeanType(
                path: ["Option"], definition: .enumeration(LeanVariant(name: "None", fields: [], index: 0)),
                typeID: option),
            LeanType(
                path: ["Option"],
                definition: .enumeration(LeanVariant(name: "Some", fields: [field(nil, .byID(point))], index: 1)),
                typeID: option),
            LeanType(
                path: ["demo", "Shape"], definition: .enumeration(LeanVariant(name: "Empty", fields: [], index: 0)),
                typeID: shape),
            LeanType(
                path: ["demo", "Shape"],
                definition: .enumeration(LeanVariant(name: "Dot", fields: [field(nil, .byID(point))], index: 3)),
                typeID: shape),
            LeanType(
                path: ["demo", "Shape"],
                definition: .enumeration(
                    LeanVariant(
                        name: "Line", fields: [field("from", .byID(point)), field("to", .byID(point))], index: 7)),
                typeID: shape),
            LeanType(path: [], definition: .sequence(.byID(shape)), typeID: list),
            LeanType(path: [], definition: .tuple([.scalar(.bool), .scalar(.char), .scalar(.str)]), typeID: pair),
            LeanType(path: [], definition: .array(length: 4, element: .scalar(.u8)), typeID: bytes4),
            LeanType(path: [], definition: .sequence(.scalar(.u16)), typeID: vecU16),
            LeanType(
                path: ["sp_core", "crypto", "AccountId32"], definition: .composite([field(nil, .byID(33))]),
                typeID: account),
            LeanType(path: [], definition: .array(length: 32, element: .scalar(.u8)), typeID: 33),
            LeanType(path: [], definition: .sequence(.scalar(.u8)), typeID: bytes),
            // A list of itself: values nest as deep as the input says.
            LeanType(path: ["demo", "Tree"], definition: .sequence(.byID(nested)), typeID: nested),
            LeanType(
                path: [], definition: .composite([field(nil, .scalar(.u256)), field(nil, .scalar(.i256))]),
                typeID: unnamed),
        ]
        for (id, words, lsb) in [
            (bitsLsb8, 1, true), (bitsMsb8, 1, false), (bitsLsb32, 4, true), (bitsMsb16, 2, false),
            (bitsMsb64, 8, false), (bitsLsb64, 8, true),
        ] {
            leaves.append(
                LeanType(path: [], definition: .bitSequence(wordBytes: UInt8(words), lsbFirst: lsb), typeID: id))
        }
        do { return try TypeSet(leaves: leaves, origin: "the test registry") } catch { fatalError("\(error)") }
    }()

    static func json(_ text: String) throws -> JSONValue { try JSONParser().parse(Array(text.utf8)) }

    static func encode(_ text: String, _ type: TypeRef) throws -> [UInt8] {
        try TypeEncoder(types: types, callType: nil, ss58Prefix: 0).encode(try json(text), as: type, root: "args")
    }

    static func decodeJSON(_ bytes: [UInt8], _ type: TypeRef) throws -> String {
        JSONSerializer(sortKeys: false).serialize(
            try TypeDecoder.decodeAll(bytes, as: type, types: types).json(callType: nil))
    }

    /// (JSON, type, SCALE hex): each encodes to the hex and decodes back to the same JSON.
    static let knownAnswers: [(String, TypeRef, String)] = [
        ("true", .scalar(.bool), "01"),
        ("\"A\"", .scalar(.char), "41000000"),
        ("\"ab\"", .scalar(.str), "086162"),
        ("258", .scalar(.u16), "0201"),
        ("-1", .scalar(.i8), "ff"),
        ("-2", .scalar(.i64), "feffffffffffffff"),
        ("\"340282366920938463463374607431768211455\"", .scalar(.u128), "ffffffffffffffffffffffffffffffff"),
        ("1", .compact(.u32), "04"),
        ("64", .compact(.u32), "0101"),
        ("16384", .compact(.u32), "02000100"),
        ("1073741824", .compact(.u64), "0300000040"),
        (
            "\"115792089237316195423570985008687907853269984665640564039457584007913129639935\"", .compact(.u256),
            "73" + String(repeating: "ff", count: 32)
        ),
        ("{\"x\":-1,\"y\":5}", .byID(point), "ffffffff14"),
        ("null", .byID(option), "00"),
        ("{\"x\":1,\"y\":0}", .byID(option), "010100000000"),
        ("\"Empty\"", .byID(shape), "00"),
        ("{\"Dot\":{\"x\":2,\"y\":1}}", .byID(shape), "030200000004"),
        (
            "{\"Line\":{\"from\":{\"x\":0,\"y\":0},\"to\":{\"x\":1,\"y\":1}}}", .byID(shape),
            "07000000000001000000" + "04"
        ),
        ("[\"Empty\",\"Empty\"]", .byID(list), "080000"),
        ("[false,\"é\",\"\"]", .byID(pair), "00e900000000"),
        ("\"0x01020304\"", .byID(bytes4), "01020304"),
        ("[1,65535]", .byID(vecU16), "080100ffff"),
        ("\"0x\"", .byID(bytes), "00"),
        ("[[],[[]]]", .byID(nested), "08000400"),
        (
            "[\"1\",\"-57896044618658097711785492504343953926634992332820282019728792003956564819968\"]",
            .byID(unnamed),
            "01" + String(repeating: "00", count: 31) + String(repeating: "00", count: 31) + "80"
        ),
        ("[true,false,true]", .byID(bitsLsb8), "0c05"),
        ("[true,false,true]", .byID(bitsMsb8), "0ca0"),
        ("[true]", .byID(bitsLsb32), "0401000000"),
        ("[true]", .byID(bitsMsb16), "040080"),
        ("[true,false,false,false,false,false,false,false,true]", .byID(bitsMsb64), "24" + "0000000000008080"),
        ("[false,false,false,false,false,false,false,false,true]", .byID(bitsLsb64), "24" + "0001000000000000"),
        ("[]", .byID(bitsLsb8), "00"),
    ]

    @Test func knownAnswers() throws {
        for (text, type, hex) in Self.knownAnswers {
            do {
                #expect(testHex(try Self.encode(text, type)) == hex, "\(text) as \(type)")
                // Numbers given as decimal strings come back as JSON numbers.
                let canonical = JSONSerializer(sortKeys: false).serialize(try Self.json(text).numbersUnquoted)
                #expect(try Self.decodeJSON(testBytes(hex), type) == canonical, "\(hex) as \(type)")
            } catch {
                Issue.record("\(text) as \(type) (0x\(hex)): \(error)")
            }
        }
    }

    @Test func accountsAreSS58OfTheNetworkOrHex() throws {
        let id = Array(0..<32).map(UInt8.init)
        let polkadot = try SS58.encode(id, prefix: 0), kusama = try SS58.encode(id, prefix: 2)
        #expect(try Self.encode("\"\(polkadot)\"", .byID(Self.account)) == id)
        #expect(try Self.encode("\"0x\(testHex(id))\"", .byID(Self.account)) == id)
        #expect(
            throws: SubstrateError.typedValue(
                path: "args", reason: "\(kusama) is an address of SS58 prefix 2, not this network's 0")
        ) {
            try Self.encode("\"\(kusama)\"", .byID(Self.account))
        }
    }

    /// Random values of every type: encoded, decoded and written back as the same JSON.
    @Test func randomValuesRoundTrip() throws {
        var rng = SeededRandom.forTest("SubstrateTypeCodecTests.randomValuesRoundTrip")
        for _ in 0..<2000 {
            let (text, type) = Self.randomValue(&rng)
            let bytes = try Self.encode(text, type)
            #expect(try Self.decodeJSON(bytes, type) == text, "\(text) as \(type), seed \(rng.seed)")
        }
    }

    static func randomValue(_ rng: inout SeededRandom) -> (String, TypeRef) {
        func point() -> String {
            "{\"x\":\(Int32.random(in: .min ... .max, using: &rng)),\"y\":\(UInt64.random(in: 0 ... .max, using: &rng))}"
        }
        func shape() -> String {
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: return "\"Empty\""
            case 1: return "{\"Dot\":\(point())}"
            default: return "{\"Line\":{\"from\":\(point()),\"to\":\(point())}}"
            }
        }
        func bits() -> String {
            "["
                + (0..<Int.random(in: 0..<130, using: &rng)).map { _ in Bool.random(using: &rng) ? "true" : "false" }
                .joined(separator: ",") + "]"
        }
        func tree(_ depth: Int) -> String {
            depth == 0
                ? "[]"
                : "[" + (0..<Int.random(in: 0..<3, using: &rng)).map { _ in tree(depth - 1) }.joined(separator: ",")
                    + "]"
        }
        let signed = BigInt(BigUInt(rng.bytes(32).reduce(BigUInt(0)) { $0 << 8 | BigUInt($1) })) - (BigInt(1) << 255)
        switch Int.random(in: 0..<9, using: &rng) {
        case 0: return (point(), .byID(Self.point))
        case 1: return (Bool.random(using: &rng) ? "null" : point(), .byID(option))
        case 2:
            return (
                "[" + (0..<Int.random(in: 0..<4, using: &rng)).map { _ in shape() }.joined(separator: ",") + "]",
                .byID(list)
            )
        case 3: return ("\"0x\(testHex(rng.bytes(Int.random(in: 0 ..< 70, using: &rng))))\"", .byID(bytes))
        case 4: return (tree(5), .byID(nested))
        case 5:
            return (
                "[\(BigUInt(rng.bytes(32).reduce(BigUInt(0)) { $0 << 8 | BigUInt($1) })),\(signed)]", .byID(unnamed)
            )
        case 6:
            return (
                "\(BigUInt(rng.bytes(Int.random(in: 1 ... 32, using: &rng)).reduce(BigUInt(0)) { $0 << 8 | BigUInt($1) }))",
                .compact(.u256)
            )
        default:
            let types = [bitsLsb8, bitsMsb8, bitsLsb32, bitsMsb16, bitsMsb64, bitsLsb64]
            return (bits(), .byID(types[Int.random(in: 0..<types.count, using: &rng)]))
        }
    }

    /// Trailing bytes, bad variant indices, non-canonical compacts, flags other than 0/1, a char
    /// that is not a scalar, text that is not UTF-8, set padding bits, a compact too large for
    /// its type, truncation and nesting deeper than the limit are each refused.
    @Test func strictDecodingRefuses() throws {
        #expect(throws: SubstrateError.bytesFollow(field: "", count: 1, after: "the value at byte 1")) {
            try TypeDecoder.decodeAll([1, 0], as: .scalar(.bool), types: Self.types)
        }
        // A value that does not decode, with the decoder's reason.
        let cases: [([UInt8], TypeRef, String)] = [
            ([2], .scalar(.bool), ""),
            ([0x01], .byID(Self.shape), "has no variant 1 of type 3"),
            ([0x02], .byID(Self.option), "has no variant 2 of type 2"),
            ([0x01, 0x00], .compact(.u32), "fits a smaller mode"),
            ([0x02, 0x01, 0x00, 0x00], .compact(.u32), "fits a smaller mode"),
            ([0x03, 0x00, 0x00, 0x00, 0x01], .compact(.u64), "fits a smaller mode"),
            ([0x07, 0x00, 0x00, 0x00, 0x01, 0x00], .compact(.u64), "zero top byte"),
            ([0x01, 0x04], .compact(.u8), "does not fit u8"),
            ([0x00, 0xd8, 0x00, 0x00], .scalar(.char), "is not a Unicode scalar"),
            ([0x04, 0xff], .scalar(.str), ""),
            ([0x0c, 0x0d], .byID(Self.bitsLsb8), "set padding bit"),
            ([0x04, 0x40, 0x00], .byID(Self.bitsMsb16), "set padding bit"),
            ([0x08, 0x00], .byID(Self.list), ""),
            ([0xff, 0xff, 0xff], .byID(Self.point), ""),
            ([0x0c] + [0x01, 0x02], .byID(Self.bytes), ""),
        ]
        for (bytes, type, message) in cases {
            let error = #expect(throws: SubstrateError.self, "0x\(testHex(bytes)) as \(type) was accepted") {
                try TypeDecoder.decodeAll(bytes, as: type, types: Self.types)
            }
            guard case let .typedValue(_, reason)? = error else {
                Issue.record("0x\(testHex(bytes)) as \(type): \(error.map(\.description) ?? "none")")
                continue
            }
            #expect(message.isEmpty || reason.contains(message), "0x\(testHex(bytes)) as \(type): \(reason)")
        }
        // 64 nested types decode; more is refused, however short the input.
        let deep = (0..<TypeDecoder.maxDepth).map { _ in UInt8(0x04) } + [0x00]
        #expect(throws: SubstrateError.self) {
            try TypeDecoder.decodeAll(deep, as: .byID(Self.nested), types: Self.types)
        }
        let fine = (0..<TypeDecoder.maxDepth / 2).map { _ in UInt8(0x04) } + [0x00]
        #expect(try TypeDecoder.decodeAll(fine, as: .byID(Self.nested), types: Self.types).type == .byID(Self.nested))
        // A type the set lacks (as a proof lacking a leaf) names the set.
        #expect(throws: SubstrateError.types(origin: "the test registry", id: 99, .missing)) {
            try TypeDecoder.decodeAll([0], as: .byID(99), types: Self.types)
        }
    }

    /// Every bad argument is one line: its path and the type expected.
    @Test func badArgumentsNameTheirPathAndType() throws {
        let cases: [(String, TypeRef, String, String)] = [
            ("{\"x\":1,\"y\":-5}", .byID(Self.point), "args.y", "expected Compact<u128>, got -5"),
            ("{\"x\":2147483648,\"y\":0}", .byID(Self.point), "args.x", "expected i32, got 2147483648"),
            ("{\"x\":1.5,\"y\":0}", .byID(Self.point), "args.x", "expected i32, got 1.5"),
            ("{\"x\":1}", .byID(Self.point), "args", "y is missing"),
            ("{\"x\":1,\"y\":0,\"z\":0}", .byID(Self.point), "args", "z is not a field (x, y)"),
            ("{\"Circle\":1}", .byID(Self.shape), "args", "Circle is not a variant of Shape (Empty, Dot, Line)"),
            ("\"Dot\"", .byID(Self.shape), "args", "Shape::Dot has fields; write {\"Dot\": …}"),
            (
                "[{\"Dot\":{\"x\":1,\"y\":\"a\"}}]", .byID(Self.list), "args.0.Dot.y",
                "expected Compact<u128>, got \"a\""
            ),
            ("\"0x0102\"", .byID(Self.bytes4), "args", "expected 0x and 8 hex digits, got \"0x0102\" (2 bytes)"),
            ("[true,1]", .byID(Self.bitsLsb8), "args", "expected an array of booleans (bits), got 1"),
            ("\"ab\"", .scalar(.char), "args", "expected char (one character), got \"ab\""),
            ("[true,\"x\"]", .byID(Self.pair), "args", "expected an array of 3 values, got [true,\"x\"]"),
        ]
        for (text, type, path, reason) in cases {
            #expect(throws: SubstrateError.typedValue(path: path, reason: reason), "\(text)") {
                try Self.encode(text, type)
            }
        }
    }
}

extension JSONValue {
    /// Strings of decimal digits (with an optional minus) as numbers: how the decoder writes the
    /// integers a caller may give as strings.
    var numbersUnquoted: JSONValue {
        switch self {
        case let .string(text)
        where !text.isEmpty && text.drop(while: { $0 == "-" }).allSatisfy(\.isNumber) && text.last?.isNumber == true
            && text.dropFirst().allSatisfy(\.isNumber):
            return .number(text)
        case let .array(items): return .array(items.map(\.numbersUnquoted))
        case let .object(members): return .object(members.map { (key: $0.key, value: $0.value.numbersUnquoted) })
        default: return self
        }
    }
}
