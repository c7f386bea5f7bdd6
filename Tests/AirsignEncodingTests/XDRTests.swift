import AirsignEncoding
import AirsignTestSupport
import Testing

@Suite struct XDRTests {
    private let file: SchemaVectorFile

    init() throws {
        file = try Vectors.load("xdr")
    }

    @Test func vectorFileNamesItsSources() {
        file.expectEverySourceNamed()
    }

    @Test func knownAnswers() throws {
        for c in file.cases {
            let type = try XDRType(json: c.type)
            let value = try XDRValue(json: c.value, type: type)
            #expect(testHex(try xdrEncoded(value, as: type)) == c.hex, "encode \(c.value) — \(c.source)")
            #expect(try xdrDecodeAll(type, testBytes(c.hex)) == value, "decode \(c.hex) — \(c.source)")
        }
    }

    /// RFC 4506 §7 written with the reader and writer directly, the way chain code will use them.
    @Test func rfc4506FileExample() throws {
        let expected = try #require(file.cases.first { $0.name == "RFC 4506 file" }).hex
        #expect(expected.count == 96, "48 bytes")

        var w = XDRWriter()
        try w.writeString("sillyprog", max: 255)
        w.writeDiscriminant(2)  // EXEC
        try w.writeString("lisp", max: 255)
        try w.writeString("john", max: 32)
        try w.writeVariableOpaque(Array("(quit)".utf8), max: 65535)
        #expect(testHex(w.bytes) == expected)

        var r = XDRReader(testBytes(expected))
        #expect(try r.readText(max: 255) == "sillyprog")
        switch try r.readDiscriminant() {
        case 0: Issue.record("TEXT")
        case 1, 2: #expect(try r.readString(max: 255) == Array("lisp".utf8))
        case let d: throw r.unknownDiscriminant(d, of: "filekind")
        }
        #expect(try r.readText(max: 32) == "john")
        #expect(try r.readVariableOpaque(max: 65535) == Array("(quit)".utf8))
        #expect(r.isAtEnd)
        try r.finish()
    }

    @Test func rejects() throws {
        try expectRejects(file, schema: XDRType.init(json:), decode: xdrDecodeAll)
    }

    @Test func paddingErrorPointsAtTheByte() {
        var r = XDRReader(testBytes("00000001" + "ab000100"))
        #expect(throws: EncodingError.nonCanonical(codec: "XDR", offset: 6, reason: "padding byte is not zero")) {
            try r.readVariableOpaque(max: 4)
        }
        var d = XDRReader(testBytes("00000000" + "00000009"))
        #expect(throws: Never.self) { _ = try d.readInt32() }
        let value = try? d.readDiscriminant()
        #expect(value == 9)
        #expect(
            d.unknownDiscriminant(9, of: "OperationType")
                == .invalidValue(codec: "XDR", offset: 4, reason: "unknown OperationType discriminant 9"))
    }

    @Test func writerEnforcesDeclaredLimits() {
        var w = XDRWriter()
        #expect(throws: EncodingError.self) { try w.writeVariableOpaque([1, 2, 3], max: 2) }
        #expect(throws: EncodingError.self) { try w.writeString("toolong", max: 3) }
        #expect(throws: EncodingError.self) { try w.writeFixedOpaque([1, 2, 3], length: 4) }
        #expect(throws: EncodingError.self) { try w.writeArray([1, 2, 3], max: 2) { w, v in w.writeInt32(v) } }
        #expect(w.bytes.isEmpty, "a refused write leaves nothing behind")
    }

    @Test func stringsAreBytesOrValidatedText() throws {
        // Stellar strings may hold any bytes: readString returns them, readText insists on UTF-8.
        var w = XDRWriter()
        try w.writeString(bytes: [0xff, 0xfe], max: 28)
        var raw = XDRReader(w.bytes)
        #expect(try raw.readString(max: 28) == [0xff, 0xfe])
        var text = XDRReader(w.bytes)
        #expect(throws: EncodingError.invalidValue(codec: "XDR", offset: 0, reason: "string is not valid UTF-8")) {
            try text.readText(max: 28)
        }
    }

    @Test func nestingIsBounded() throws {
        // ClaimPredicate-like recursion: NOT (3) with an optional predicate, 10 levels.
        var w = XDRWriter()
        for _ in 0..<10 { w.writeDiscriminant(3); w.writeBool(true) }
        w.writeDiscriminant(0)
        func predicate(_ r: inout XDRReader) throws -> Int {
            try r.nested { r in
                switch try r.readDiscriminant() {
                case 0: return 0
                case 3: return 1 + (try r.readOptional { r in try predicate(&r) } ?? 0)
                case let d: throw r.unknownDiscriminant(d)
                }
            }
        }
        var ok = XDRReader(w.bytes)
        #expect(try predicate(&ok) == 10)
        var shallow = XDRReader(w.bytes, maxDepth: 4)
        #expect(throws: EncodingError.limitExceeded(codec: "XDR", limit: "nesting deeper than 4")) {
            try predicate(&shallow)
        }
    }

    @Test func randomRoundTrips() throws {
        var rng = SeededRandom.forTest("XDR round trip")
        for _ in 0..<3000 {
            let type = randomXDRType(using: &rng)
            let value = randomXDRValue(type, using: &rng)
            let bytes = try xdrEncoded(value, as: type)
            #expect(bytes.count % 4 == 0)
            #expect(try xdrDecodeAll(type, bytes) == value, "seed \(rng.seed): \(value) → \(testHex(bytes))")
        }
    }

    /// Truncated, bit-flipped and random inputs: an `EncodingError`, never a trap; and whatever
    /// still decodes re-encodes to exactly the same bytes.
    @Test func corruptedInputs() throws {
        var rng = SeededRandom.forTest("XDR corruption")
        let decodedCount = try rng.expectStrictDecoding(rounds: 2000, corruptionsEach: 6, failure: EncodingError.self) {
            rng in
            let type = randomXDRType(using: &rng)
            return (type, try xdrEncoded(randomXDRValue(type, using: &rng), as: type))
        } decode: { type, input in
            try xdrDecodeAll(type, input)
        } encode: { type, value in
            try xdrEncoded(value, as: type)
        }
        #expect(decodedCount > 0)
    }
}
