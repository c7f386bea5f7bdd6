import AirsignEncoding
import AirsignTestSupport
import Testing

private struct JSONVectorFile: Decodable {
    struct SuiteCase: Decodable {
        let name: String
        let hex: String
        let repeats: Int?
        let suffixHex: String?
        /// The suite's verdict: "accept" (y_), "reject" (n_) or "either" (i_).
        let expect: String
        /// What our parser does.
        let ours: String
        let why: String?
        let source: String

        enum CodingKeys: String, CodingKey {
            case name, hex, repeats = "repeat", suffixHex, expect, ours, why, source
        }

        /// The file's bytes: `hex` repeated (for the generated files), then the suffix.
        var bytes: [UInt8] {
            let unit = testBytes(hex)
            var out: [UInt8] = []
            for _ in 0..<(repeats ?? 1) { out += unit }
            return out + testBytes(suffixHex ?? "")
        }
    }
    struct Suite: Decodable {
        let source: String
        let cases: [SuiteCase]
    }
    struct Example: Decodable {
        let name: String
        let text: String
        let compact: String
        let source: String
    }
    struct Examples: Decodable {
        let source: String
        let cases: [Example]
    }
    let source: String
    let jsonTestSuite: Suite
    let rfc8259: Examples
}

private let parser = JSONParser()
private let compact = JSONSerializer(sortKeys: false)
private let pretty = JSONSerializer(sortKeys: false, pretty: true)

private func parse(_ text: String, _ p: JSONParser = parser) throws(EncodingError) -> JSONValue {
    try p.parse(Array(text.utf8))
}

@Suite struct JSONTests {
    private let file: JSONVectorFile

    init() throws {
        file = try Vectors.load("json")
    }

    @Test func vectorFileNamesItsSources() {
        #expect(!file.source.isEmpty && !file.jsonTestSuite.source.isEmpty && !file.rfc8259.source.isEmpty)
        let cases = file.jsonTestSuite.cases
        #expect(cases.count == 323)
        #expect(cases.filter { $0.name.hasPrefix("y_") }.count == 95)
        #expect(cases.filter { $0.name.hasPrefix("n_") }.count == 193)
        #expect(cases.filter { $0.name.hasPrefix("i_") }.count == 35)
        #expect(Set(cases.map(\.name)).count == cases.count)
        #expect(cases.allSatisfy { !$0.source.isEmpty })
        #expect(file.rfc8259.cases.count == 5 && file.rfc8259.cases.allSatisfy { !$0.source.isEmpty })
    }

    /// nst/JSONTestSuite: every n_ file refused, every y_ file accepted except the two with
    /// duplicate keys (refused by design), every i_ file handled as the vector file records.
    /// Whatever is accepted serializes and parses back to an equal value.
    @Test func jsonTestSuite() throws {
        for c in file.jsonTestSuite.cases {
            #expect(["accept", "reject"].contains(c.ours), "\(c.name)")
            if c.expect == "reject" { #expect(c.ours == "reject", "\(c.name): the suite's n_ cases are all refused") }
            if c.expect == "either" || c.ours != c.expect { #expect(c.why?.isEmpty == false, "\(c.name) needs a why") }
            do {
                let value = try parser.parse(c.bytes)
                #expect(c.ours == "accept", "\(c.name) parsed to \(value)")
                for serializer in [compact, pretty, JSONSerializer()] {
                    let text = serializer.serialize(value)
                    let back = try parse(text)
                    #expect(serializer.sortKeys ? back == sortedKeys(value) : back == value, "\(c.name): \(text)")
                }
            } catch {
                #expect(c.ours == "reject", "\(c.name): \(error)")
            }
        }
    }

    @Test func jsonTestSuiteDetails() throws {
        let byName = Dictionary(uniqueKeysWithValues: file.jsonTestSuite.cases.map { ($0.name, $0) })
        func bytes(_ name: String) throws -> [UInt8] {
            try #require(byName[name], "\(name) missing").bytes
        }
        #expect(throws: EncodingError.invalidValue(codec: "JSON", offset: 9, reason: #"duplicate object key "a""#)) {
            try parser.parse(bytes("y_object_duplicated_key.json"))
        }
        // Depth is the only reason the 500 nested arrays are refused.
        #expect(throws: EncodingError.limitExceeded(codec: "JSON", limit: "nesting deeper than 64")) {
            try parser.parse(bytes("i_structure_500_nested_arrays.json"))
        }
        var deep = try JSONParser(limits: .init(maxDepth: 500)).parse(bytes("i_structure_500_nested_arrays.json"))
        var levels = 0
        while case let .array(inner) = deep, let first = inner.first { deep = first; levels += 1 }
        #expect(levels == 499 && deep == .array([]))
        #expect(throws: EncodingError.limitExceeded(codec: "JSON", limit: "nesting deeper than 64")) {
            try parser.parse(bytes("n_structure_100000_opening_arrays.json"))
        }
        // Big numbers come back as written.
        #expect(
            try parser.parse(bytes("i_number_very_big_negative_int.json"))
                == .array([.number("-237462374673276894279832749832423479823246327846")]))
        #expect(try parser.parse(bytes("i_number_real_underflow.json")) == .array([.number("123e-10000000")]))
        #expect(
            try parser.parse(bytes("y_string_accepted_surrogate_pairs.json")) == .array([.string("\u{1F639}\u{1F48D}")])
        )
        #expect(try parser.parse(bytes("y_object_escaped_null_in_key.json"))["foo\u{0}bar"] == .number("42"))
        #expect(
            try parser.parse(bytes("y_string_nonCharacterInUTF-8_U+10FFFF.json")) == .array([.string("\u{10FFFF}")]))
    }

    /// RFC 8259 §13: each example parses, numbers keep their exact text, and the compact
    /// serialization drops exactly the whitespace between tokens.
    @Test func rfc8259Examples() throws {
        for example in file.rfc8259.cases {
            let value = try parse(example.text)
            #expect(compact.serialize(value) == example.compact, "\(example.name)")
            #expect(try parse(pretty.serialize(value)) == value)
        }
        let image = try #require(try parse(file.rfc8259.cases[0].text)["Image"])
        #expect(try image["Width"]?.asUInt64() == 800)
        #expect(try image["Title"]?.asString() == "View from 15th Floor")
        #expect(try image["Thumbnail"]?["Url"]?.asString() == "http://www.example.com/image/481989943")
        #expect(try image["Animated"]?.asBool() == false)
        #expect(try image["IDs"]?.asArray().map { try $0.asUInt64() } == [116, 943, 234, 38793])
        let places = try parse(file.rfc8259.cases[1].text).asArray()
        #expect(places.count == 2)
        #expect(places[1]["Longitude"] == .number("-122.026020"), "trailing zero kept")
        #expect(
            try places[0].asObject().map(\.key) == [
                "precision", "Latitude", "Longitude", "Address", "City", "State", "Zip", "Country",
            ])
        #expect(try parse(#""Hello world!""#) == .string("Hello world!"))
        #expect(try parse("42").asInt64() == 42)
        #expect(try parse("true").asBool())
    }

    /// Each refusal names its kind and the byte where the problem is.
    @Test func errorsCarryByteOffsets() {
        let cases: [(String, EncodingError)] = [
            ("", .truncated(codec: "JSON", offset: 0)),
            ("  \n ", .truncated(codec: "JSON", offset: 4)),
            ("[1,]", .invalidCharacter(codec: "JSON", character: "]", offset: 3)),
            ("[1 2]", .invalidCharacter(codec: "JSON", character: "2", offset: 3)),
            ("[01]", .nonCanonical(codec: "JSON", offset: 1, reason: "number with a leading zero")),
            ("-01", .nonCanonical(codec: "JSON", offset: 0, reason: "number with a leading zero")),
            ("[1e]", .invalidCharacter(codec: "JSON", character: "]", offset: 3)),
            ("[1.]", .invalidCharacter(codec: "JSON", character: "]", offset: 3)),
            ("[.5]", .invalidCharacter(codec: "JSON", character: ".", offset: 1)),
            ("+1", .invalidCharacter(codec: "JSON", character: "+", offset: 0)),
            ("-", .truncated(codec: "JSON", offset: 1)),
            ("1.", .truncated(codec: "JSON", offset: 2)),
            ("NaN", .invalidCharacter(codec: "JSON", character: "N", offset: 0)),
            ("[-Infinity]", .invalidCharacter(codec: "JSON", character: "I", offset: 2)),
            ("[tru", .truncated(codec: "JSON", offset: 4)),
            ("[trUe]", .invalidCharacter(codec: "JSON", character: "U", offset: 3)),
            ("{'a':1}", .invalidCharacter(codec: "JSON", character: "'", offset: 1)),
            ("{\"a\" 1}", .invalidCharacter(codec: "JSON", character: "1", offset: 5)),
            ("[1] x", .trailingBytes(codec: "JSON", count: 1)),
            ("{}/**/", .trailingBytes(codec: "JSON", count: 4)),
            (#"{"a":1,"a":2}"#, .invalidValue(codec: "JSON", offset: 7, reason: #"duplicate object key "a""#)),
            (#"{"a":1, "\u0061":2}"#, .invalidValue(codec: "JSON", offset: 8, reason: #"duplicate object key "a""#)),
            (
                #"["\ud800"]"#,
                .invalidValue(
                    codec: "JSON", offset: 2,
                    reason: #"lone surrogate \uD800 (only a high-low pair stands for a character)"#)
            ),
            (
                #"["x\uDC00\uD800"]"#,
                .invalidValue(
                    codec: "JSON", offset: 3,
                    reason: #"lone surrogate \uDC00 (only a high-low pair stands for a character)"#)
            ),
            (
                #"["\uD800\u0041"]"#,
                .invalidValue(
                    codec: "JSON", offset: 2,
                    reason: #"lone surrogate \uD800 (only a high-low pair stands for a character)"#)
            ),
            (
                #"["\uD800\n"]"#,
                .invalidValue(
                    codec: "JSON", offset: 2,
                    reason: #"lone surrogate \uD800 (only a high-low pair stands for a character)"#)
            ),
            (#"["\uD800"#, .truncated(codec: "JSON", offset: 8)),
            (#"["\u12"]"#, .invalidCharacter(codec: "JSON", character: "\"", offset: 6)),
            (#"["\x41"]"#, .invalidCharacter(codec: "JSON", character: "x", offset: 3)),
            (
                "[\"a\u{1}b\"]",
                .invalidValue(codec: "JSON", offset: 3, reason: "control character U+0001 must be escaped in a string")
            ),
            (
                "\"tab\there\"",
                .invalidValue(codec: "JSON", offset: 4, reason: "control character U+0009 must be escaped in a string")
            ),
            ("[\u{2060}]", .invalidCharacter(codec: "JSON", character: "\u{2060}", offset: 1)),
            ("\u{FEFF}{}", .invalidValue(codec: "JSON", offset: 0, reason: "byte order mark before the JSON text")),
            ("[\"abc", .truncated(codec: "JSON", offset: 5)),
            ("{\"a\":1,", .truncated(codec: "JSON", offset: 7)),
        ]
        for (text, expected) in cases {
            #expect(throws: expected, "\(text.debugDescription)") { try parse(text) }
        }
        for (bytes, offset) in [
            ([0x5b, 0xff, 0x5d], 1), ([0x22, 0x61, 0xc3, 0x22], 2), ([0x22, 0xed, 0xa0, 0x80, 0x22], 1),
            ([0x22, 0xc0, 0xaf, 0x22], 1), ([0x22, 0xf4, 0x90, 0x80, 0x80, 0x22], 1), ([0x22, 0xe2, 0x82], 1),
        ] as [([UInt8], Int)] {
            #expect(
                throws: EncodingError.invalidValue(codec: "JSON", offset: offset, reason: "invalid UTF-8"),
                "\(testHex(bytes))"
            ) {
                try parser.parse(bytes)
            }
        }
    }

    /// Keys are compared by Unicode scalars after unescaping: escaped and literal forms of one
    /// key collide, canonically equivalent but different scalars do not.
    @Test func duplicateKeys() throws {
        let distinct = try parse("{\"\u{e9}\":1,\"e\u{301}\":2}")
        #expect(try distinct.asObject().count == 2)
        #expect(distinct["e\u{301}"] == .number("2") && distinct["\u{e9}"] == .number("1"))
        for text in [
            "{\"\u{e9}\":1,\"\\u00e9\":2}", #"{"a\/b":1,"a/b":2}"#, #"{"\ud834\udd1e":1,"𝄞":2}"#, #"{"":1,"":2}"#,
        ] {
            #expect(throws: EncodingError.self, "\(text)") { try parse(text) }
        }
        // The same key in different objects is fine.
        #expect(try parse(#"[{"a":1},{"a":2},{"b":{"a":3}}]"#).asArray().count == 3)
        // Small objects are checked by a scan, large ones by a set: a repeat is found on either
        // side of the switch, and after it, whichever earlier key it repeats.
        let keys = (0..<40).map { "\"k\($0)\":\($0)" }
        #expect(try parse("{" + keys.joined(separator: ",") + "}").asObject().count == 40)
        for (count, repeated) in [(10, 3), (16, 0), (17, 15), (17, 16), (40, 2), (40, 30)] {
            let text = "{" + (keys.prefix(count) + ["\"k\(repeated)\":0"]).joined(separator: ",") + "}"
            #expect(throws: EncodingError.self, "\(count) keys, then k\(repeated) again") { try parse(text) }
        }
    }

    @Test func escapesAndSurrogates() throws {
        #expect(try parse(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{8}\u{c}\n\r\t"))
        #expect(try parse(#""\ud834\udd1e\uD834\uDD1E\u00e9\u0000""#) == .string("𝄞𝄞\u{e9}\u{0}"))
        #expect(try parse(#""\uDBFF\uDFFF""#) == .string("\u{10FFFF}"))
        #expect(try parse(#""\uFFFF\uFDD0""#) == .string(scalars(0xFFFF, 0xFDD0)), "noncharacters are scalars")
        #expect(try parse("\"\u{7f}\u{2028}\"") == .string("\u{7f}\u{2028}"), "DEL and U+2028 need no escape")
    }

    @Test func limits() throws {
        let deep64 = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(try parse(deep64) != .null)
        #expect(throws: EncodingError.limitExceeded(codec: "JSON", limit: "nesting deeper than 64")) {
            try parse("[" + deep64 + "]")
        }
        #expect(throws: EncodingError.limitExceeded(codec: "JSON", limit: "nesting deeper than 2")) {
            try parse(#"{"a":{"b":[]}}"#, JSONParser(limits: .init(maxDepth: 2)))
        }
        #expect(try parse(#"{"a":{"b":1}}"#, JSONParser(limits: .init(maxDepth: 2)))["a"]?["b"] == .number("1"))

        let small = JSONParser(limits: .init(maxLength: 10, maxStringLength: 4, maxItems: 3))
        #expect(
            throws: EncodingError.limitExceeded(codec: "JSON", limit: "input of 11 bytes is more than the allowed 10")
        ) {
            try parse("[1, 2]     ", small)
        }
        #expect(try parse(#""abcd""#, small) == .string("abcd"))
        #expect(throws: EncodingError.limitExceeded(codec: "JSON", limit: "string longer than 4 bytes")) {
            try parse(#""abcde""#, small)
        }
        // Counted after unescaping: six bytes of input, one of string.
        #expect(try parse(#""\u0041""#, small) == .string("A"))
        #expect(throws: EncodingError.self, "é is two bytes") { try parse("\"\u{e9}\u{e9}\u{e9}\"", small) }
        #expect(throws: EncodingError.limitExceeded(codec: "JSON", limit: "number longer than 4 characters")) {
            try parse("12345", small)
        }
        #expect(try parse("[1,2]", small).asArray().count == 2)
        #expect(throws: EncodingError.limitExceeded(codec: "JSON", limit: "more than 3 values")) {
            try parse("[1,2,3]", small)
        }
        #expect(throws: EncodingError.limitExceeded(codec: "JSON", limit: "more than 3 values")) {
            try parse("[[[1]]]", small)
        }
        #expect(try parse(#"{"a":[1]}"#, small)["a"] == .array([.number("1")]), "keys do not count")

        let defaults = JSONParser.Limits()
        #expect(defaults.maxDepth == 64 && defaults.maxLength == 16 << 20)
        var custom = JSONParser.Limits()
        custom.maxItems = 1
        #expect(throws: EncodingError.self) { try parse("[1]", JSONParser(limits: custom)) }
    }

    @Test func jsonLines() throws {
        let text = "{\"a\":1}\n\n  \r\n[1, 2]\r\n\"x\"\n\t\n42"
        #expect(
            try parser.parseSequence(Array(text.utf8)) == [
                .object([(key: "a", value: .number("1"))]), .array([.number("1"), .number("2")]), .string("x"),
                .number("42"),
            ])
        #expect(try parser.parseSequence([]) == [])
        #expect(try parser.parseSequence(Array("\n\n \n".utf8)) == [])
        // A value may not span lines: this is a single pretty-printed document, for `parse`.
        #expect(throws: EncodingError.truncated(codec: "JSON line 1", offset: 1)) {
            try parser.parseSequence(Array("[\n1\n]\n".utf8))
        }
        // Errors name the line and count bytes from the start of the input.
        #expect(throws: EncodingError.invalidCharacter(codec: "JSON line 3", character: "}", offset: 7)) {
            try parser.parseSequence(Array("1\n\n[1, }\n".utf8))
        }
        #expect(throws: EncodingError.trailingBytes(codec: "JSON line 2", count: 2)) {
            try parser.parseSequence(Array("1\n2 3 \n4".utf8))
        }
        #expect(throws: EncodingError.invalidValue(codec: "JSON line 2", offset: 3, reason: "invalid UTF-8")) {
            try parser.parseSequence([0x31, 0x0a, 0x22, 0xff, 0x22])
        }
        #expect(
            throws: EncodingError.invalidValue(codec: "JSON line 2", offset: 10, reason: #"duplicate object key "k""#)
        ) {
            try parser.parseSequence(Array("{}\n{\"k\":1,\"k\":2}".utf8))
        }
        #expect(throws: EncodingError.limitExceeded(codec: "JSON line 3", limit: "more than 2 values")) {
            try JSONParser(limits: .init(maxItems: 2)).parseSequence(Array("1\n2\n3".utf8))
        }
        // Lines serialized compactly never contain a newline, so a batch round-trips.
        var rng = SeededRandom.forTest("JSON lines")
        let values = (0..<50).map { _ in randomJSONValue(using: &rng) }
        let lines = values.map { compact.serialize($0) }.joined(separator: "\n")
        #expect(try parser.parseSequence(Array(lines.utf8)) == values, "seed \(rng.seed)")
    }

    @Test func serializerOutput() throws {
        let text = JSONValue.string("q\"b\\s/\u{0}\u{8}\u{9}\u{a}\u{c}\u{d}\u{1b}\u{1f}\u{7f}\u{2028}é𝄞")
        #expect(compact.serialize(text) == "\"q\\\"b\\\\s/\\u0000\\b\\t\\n\\f\\r\\u001b\\u001f\u{7f}\u{2028}é𝄞\"")
        let value = JSONValue.object([
            (key: "b", value: .array([.number("1"), .object([]), .array([]), .null])),
            (key: "a", value: .object([(key: "x", value: .bool(true)), (key: "w", value: .bool(false))])),
        ])
        #expect(compact.serialize(value) == #"{"b":[1,{},[],null],"a":{"x":true,"w":false}}"#)
        #expect(JSONSerializer().serialize(value) == #"{"a":{"w":false,"x":true},"b":[1,{},[],null]}"#)
        #expect(
            JSONSerializer(pretty: true).serialize(value) == """
                {
                  "a": {
                    "w": false,
                    "x": true
                  },
                  "b": [
                    1,
                    {},
                    [],
                    null
                  ]
                }
                """)
        #expect(JSONSerializer(pretty: true).serialize(.array([])) == "[]")
        #expect(JSONSerializer(pretty: true).serialize(.number("-0.5e+7")) == "-0.5e+7")
    }

    /// Keys sort by code point (UTF-8 byte order): U+E000 before U+1F600, although UTF-16
    /// order (RFC 8785) puts the surrogate pair of U+1F600 first. Equal keys keep their order.
    @Test func keyOrderIsCodePointOrder() throws {
        let keys = ["b", "\u{1F600}", "a", "\u{E000}", "B", "aa", "", "\u{e9}", "e\u{301}"]
        let value = JSONValue.object(keys.enumerated().map { (key: $1, value: JSONValue.integer($0)) })
        let sorted = try parse(JSONSerializer().serialize(value)).asObject().map(\.key)
        #expect(sorted == ["", "B", "a", "aa", "b", "e\u{301}", "\u{e9}", "\u{E000}", "\u{1F600}"])
        let twice = JSONValue.object([
            (key: "k", value: .number("1")), (key: "a", value: .null), (key: "k", value: .number("2")),
        ])
        #expect(JSONSerializer().serialize(twice) == #"{"a":null,"k":1,"k":2}"#)
        #expect(throws: EncodingError.self, "a hand-built duplicate is written, and refused on the way back") {
            try parse(JSONSerializer().serialize(twice))
        }
    }

    @Test func accessors() throws {
        let value = try parse(
            #"{"s":"x","b":true,"n":-5,"u":18446744073709551615,"big":18446744073709551616,"f":1.5,"e":1e3,"z":-0,"a":[],"o":{}}"#
        )
        #expect(try value["s"]?.asString() == "x")
        #expect(try value["b"]?.asBool() == true)
        #expect(try value["n"]?.asInt64() == -5)
        #expect(try value["u"]?.asUInt64() == .max)
        #expect(try value["z"]?.asInt64() == 0)
        #expect(try value["a"]?.asArray() == [])
        #expect(try value["o"]?.asObject().isEmpty == true)
        #expect(value["missing"] == nil && JSONValue.array([])["s"] == nil)
        #expect(throws: EncodingError.unexpectedType(codec: "JSON", expected: "a string", found: "a number")) {
            try value["n"]?.asString()
        }
        #expect(throws: EncodingError.unexpectedType(codec: "JSON", expected: "an object", found: "an array")) {
            try value["a"]?.asObject()
        }
        #expect(
            throws: EncodingError.unexpectedType(
                codec: "JSON", expected: "an unsigned 64-bit integer", found: "a negative number")
        ) { try value["n"]?.asUInt64() }
        #expect(
            throws: EncodingError.unexpectedType(
                codec: "JSON", expected: "an unsigned 64-bit integer", found: "an integer too large for it")
        ) { try value["big"]?.asUInt64() }
        #expect(
            throws: EncodingError.unexpectedType(
                codec: "JSON", expected: "a signed 64-bit integer", found: "a number with a fraction or exponent")
        ) { try value["f"]?.asInt64() }
        #expect(
            throws: EncodingError.unexpectedType(
                codec: "JSON", expected: "an unsigned 64-bit integer", found: "a number with a fraction or exponent")
        ) { try value["e"]?.asUInt64() }
        #expect(
            throws: EncodingError.unexpectedType(codec: "JSON", expected: "a non-negative integer", found: "a string")
        ) { try value["s"]?.asDecimalIntegerText() }
        #expect(
            throws: EncodingError.unexpectedType(
                codec: "JSON", expected: "a non-negative integer", found: "a negative number")
        ) { try value["z"]?.asDecimalIntegerText() }
        #expect(try value["big"]?.asDecimalIntegerText() == "18446744073709551616")
        #expect(throws: EncodingError.self, "not JSON") { try JSONValue.number("007").asUInt64() }
        #expect(try JSONValue.number("0").asDecimalIntegerText() == "0")

        #expect(try JSONValue.integer(Int64.min).asInt64() == .min)
        #expect(try JSONValue.integer(Int64.max).asInt64() == .max)
        #expect(throws: EncodingError.self) { try JSONValue.number("9223372036854775808").asInt64() }
        #expect(throws: EncodingError.self) { try JSONValue.number("-9223372036854775809").asInt64() }
        #expect(JSONValue.integer(UInt128.max) == .number("340282366920938463463374607431768211455"))
        #expect(JSONValue.integer(-7 as Int8) == .number("-7"))
        // Numbers compare by text: the same quantity written twice is two values.
        #expect(JSONValue.number("1.0") != .number("1") && JSONValue.string("\u{e9}") != .string("e\u{301}"))
    }

    /// `isSameUTF8`, which JSON equality and member lookup use, is equality of the UTF-8 bytes:
    /// on random strings (small and large, equal, canonically equivalent, one byte apart).
    @Test func sameUTF8IsByteEquality() {
        var rng = SeededRandom.forTest("String.isSameUTF8")
        let pieces = ["a", "Z", "\u{e9}", "e\u{301}", "\u{1F600}", " ", "0x", "\u{0}", "abcdefghijklmnop"]
        var equal = 0
        for _ in 0..<5000 {
            let a = (0..<Int.random(in: 0...12, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "" }
                .joined()
            var b = a
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: break
            case 1: b = String(decoding: Array(a.utf8), as: UTF8.self)  // a copy with storage of its own
            case 2: b += pieces.randomElement(using: &rng) ?? ""
            default:
                b = (0..<Int.random(in: 0...12, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "" }
                    .joined()
            }
            let expected = Array(a.utf8) == Array(b.utf8)
            if expected { equal += 1 }
            #expect(a.isSameUTF8(as: b) == expected, "seed \(rng.seed): \(a.debugDescription) \(b.debugDescription)")
            #expect(b.isSameUTF8(as: a) == expected)
        }
        #expect(equal > 1000 && equal < 4500, "seed \(rng.seed): \(equal) equal pairs")
        #expect(!"\u{e9}".isSameUTF8(as: "e\u{301}") && "\u{e9}" == "e\u{301}")
    }

    /// Random values (every scalar, numbers of every shape, nesting) survive serialization,
    /// compact and pretty, with and without sorted keys.
    @Test func randomRoundTrips() throws {
        var rng = SeededRandom.forTest("JSON round trip")
        for _ in 0..<3000 {
            let value = randomJSONValue(using: &rng)
            let text = compact.serialize(value)
            #expect(!text.contains("\n"))
            #expect(try parse(text) == value, "seed \(rng.seed): \(text)")
            #expect(try parse(pretty.serialize(value)) == value, "seed \(rng.seed): \(text)")
            let sorted = JSONSerializer().serialize(value)
            #expect(try parse(sorted) == sortedKeys(value), "seed \(rng.seed): \(text)")
            #expect(JSONSerializer().serialize(try parse(JSONSerializer(pretty: true).serialize(value))) == sorted)
        }
    }

    /// Integers of 100 to 400 digits come back digit for digit, in any position.
    @Test func bigIntegersSurviveExactly() throws {
        var rng = SeededRandom.forTest("JSON big integers")
        for _ in 0..<500 {
            let digits = randomDigits(count: Int.random(in: 100...400, using: &rng), using: &rng)
            let text = "{\"amount\":\(digits),\"list\":[-\(digits),\(digits)e0]}"
            let value = try parse(text)
            #expect(try value["amount"]?.asDecimalIntegerText() == digits)
            #expect(value["list"] == .array([.number("-" + digits), .number(digits + "e0")]))
            #expect(compact.serialize(value) == text)
            #expect(throws: EncodingError.self) { try value["amount"]?.asUInt64() }
        }
    }

    /// Truncated, bit-flipped, spliced and random inputs never trap and throw only
    /// `EncodingError`; whatever is still accepted serializes and parses back to itself.
    @Test func corruptedInputs() throws {
        var rng = SeededRandom.forTest("JSON corruption")
        var accepted = 0
        for _ in 0..<2000 {
            let value = randomJSONValue(using: &rng)
            let serializer = Bool.random(using: &rng) ? compact : pretty
            for input in rng.corruptions(of: Array(serializer.serialize(value).utf8), count: 6) {
                do throws(EncodingError) {
                    let parsed = try parser.parse(input)
                    accepted += 1
                    #expect(try parse(compact.serialize(parsed)) == parsed, "seed \(rng.seed): \(testHex(input))")
                    #expect(try parse(pretty.serialize(parsed)) == parsed, "seed \(rng.seed): \(testHex(input))")
                } catch {
                    #expect(!error.description.isEmpty)
                }
            }
        }
        #expect(accepted > 0)
    }

    /// Random byte strings biased towards JSON's structural characters, escapes and the start
    /// of multi-byte characters.
    @Test func randomGarbage() throws {
        var rng = SeededRandom.forTest("JSON garbage")
        let pieces =
            [
                "[", "]", "{", "}", ",", ":", "\"", "\\", "\\u", "d800", "dc00", "0", "-", ".", "e", "1", "true",
                "null",
                " ", "\n", "\"a\"", "\u{e9}", "𝄞",
            ].map { Array($0.utf8) } + [[0xff], [0xc3], [0xed, 0xa0], [0x00], [0x1f]]
        var accepted = 0
        for _ in 0..<5000 {
            var input: [UInt8] = []
            for _ in 0..<Int.random(in: 0...16, using: &rng) {
                input +=
                    Bool.random(using: &rng)
                    ? (pieces.randomElement(using: &rng) ?? []) : [UInt8.random(in: 0...255, using: &rng)]
            }
            for p in [parser, JSONParser(limits: .init(maxDepth: 3, maxStringLength: 5, maxItems: 6))] {
                do throws(EncodingError) {
                    let value = try p.parse(input)
                    accepted += 1
                    #expect(try parse(compact.serialize(value)) == value, "seed \(rng.seed): \(testHex(input))")
                } catch {
                    #expect(!error.description.isEmpty)
                }
                do throws(EncodingError) { _ = try p.parseSequence(input) } catch {
                    #expect(!error.description.isEmpty)
                }
            }
        }
        #expect(accepted > 0)
    }
}

// MARK: - Random values

/// A random value, nested at most a few levels, with keys unique by Unicode scalars.
func randomJSONValue(depth: Int = 0, using rng: inout SeededRandom) -> JSONValue {
    switch Int.random(in: 0..<(depth >= 4 ? 8 : 12), using: &rng) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &rng))
    case 2, 3: return .number(randomNumberLiteral(using: &rng))
    case 4: return .integer(Int64.random(in: .min ... .max, using: &rng))
    case 5, 6, 7: return .string(randomJSONText(using: &rng))
    case 8, 9:
        return .array(
            (0..<Int.random(in: 0...5, using: &rng)).map { _ in randomJSONValue(depth: depth + 1, using: &rng) })
    default:
        var members: [(key: String, value: JSONValue)] = []
        var seen = Set<[UInt8]>()
        for _ in 0..<Int.random(in: 0...5, using: &rng) {
            let key =
                Bool.random(using: &rng) ? randomJSONText(using: &rng) : String(Int.random(in: 0...9, using: &rng))
            guard seen.insert(Array(key.utf8)).inserted else { continue }
            members.append((key: key, value: randomJSONValue(depth: depth + 1, using: &rng)))
        }
        return .object(members)
    }
}

/// A number in RFC 8259 grammar: optional minus, integer part without leading zeros (now and
/// then over 100 digits), optional fraction, optional exponent with either letter and sign.
func randomNumberLiteral(using rng: inout SeededRandom) -> String {
    var s = Bool.random(using: &rng) ? "-" : ""
    if Int.random(in: 0..<4, using: &rng) == 0 {
        s += "0"
    } else {
        s += randomDigits(
            count: Int.random(in: 0..<10, using: &rng) == 0 ? 120 : Int.random(in: 1...25, using: &rng), using: &rng)
    }
    if Bool.random(using: &rng) {
        s +=
            "."
            + String(
                (0..<Int.random(in: 1...12, using: &rng)).map { _ in
                    Character(String(Int.random(in: 0...9, using: &rng)))
                })
    }
    if Int.random(in: 0..<3, using: &rng) == 0 {
        s += ["e", "E"].randomElement(using: &rng) ?? "e"
        s += ["", "+", "-"].randomElement(using: &rng) ?? ""
        s += String(
            (0..<Int.random(in: 1...4, using: &rng)).map { _ in Character(String(Int.random(in: 0...9, using: &rng))) })
    }
    return s
}

/// `count` decimal digits, the first not zero.
func randomDigits(count: Int, using rng: inout SeededRandom) -> String {
    String(Int.random(in: 1...9, using: &rng))
        + String((1..<max(count, 1)).map { _ in Character(String(Int.random(in: 0...9, using: &rng))) })
}

/// Random text with the characters a JSON codec can get wrong mixed in: quotes, backslashes,
/// every kind of control character, DEL, line separators, a BOM, combining marks, noncharacters
/// and characters beyond the BMP.
func randomJSONText(using rng: inout SeededRandom) -> String {
    let tricky: [String] = [
        "\"", "\\", "/", "\\u0000", "\u{0}", "\n", "\r", "\t", "\u{8}", "\u{c}", "\u{1f}", "\u{7f}",
        "\u{2028}", "\u{2029}", "\u{FEFF}", "e\u{301}", "\u{e9}", scalars(0xFFFF), scalars(0xFDD0), "𝄞",
        scalars(0x10FFFF),
    ]
    var s = randomUnicodeText(using: &rng)
    for _ in 0..<Int.random(in: 0...3, using: &rng) {
        s += tricky.randomElement(using: &rng) ?? ""
        if Bool.random(using: &rng) { s += randomUnicodeText(using: &rng) }
    }
    return s
}

/// Text made of the given scalars, for the ones Swift string literals refuse (U+FFFF).
func scalars(_ values: UInt32...) -> String {
    String(String.UnicodeScalarView(values.compactMap(Unicode.Scalar.init)))
}

/// `value` with every object's members in the serializer's `sortKeys` order.
func sortedKeys(_ value: JSONValue) -> JSONValue {
    switch value {
    case let .array(elements): return .array(elements.map(sortedKeys))
    case let .object(members):
        return .object(
            members.map { (key: $0.key, value: sortedKeys($0.value)) }
                .sorted { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) })
    default: return value
    }
}
