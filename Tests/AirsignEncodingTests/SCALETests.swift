import AirsignEncoding
import AirsignTestSupport
import Testing

@Suite struct SCALETests {
    private let file: SchemaVectorFile

    init() throws {
        file = try Vectors.load("scale")
    }

    @Test func vectorFileNamesItsSources() {
        file.expectEverySourceNamed()
        #expect(file.cases.count >= 50)
    }

    @Test func knownAnswers() throws {
        for c in file.cases {
            let type = try SCALEType(json: c.type)
            let value = try SCALEValue(json: c.value, type: type)
            #expect(testHex(scaleEncoded(value, as: type)) == c.hex, "encode \(c.value) — \(c.source)")
            #expect(try scaleDecodeAll(type, testBytes(c.hex)) == value, "decode \(c.hex) — \(c.source)")
        }
    }

    /// As parity-scale-codec's compact tests do: a compact encoding decodes as every narrower
    /// type the value fits, and is refused with `overflow` by those it does not.
    @Test func compactVectorsAcrossWidths() throws {
        for c in file.cases {
            guard case .compact = try SCALEType(json: c.type), let v = c.value.unsigned else { continue }
            let bytes = testBytes(c.hex)
            for bits in [8, 16, 32, 64, 128] {
                let fits = bits == 128 || v < UInt128(1) << bits
                do {
                    let decoded = try scaleDecodeAll(.compact(bits: bits), bytes)
                    #expect(fits && decoded == .uint(v), "\(c.hex) as Compact<u\(bits)>")
                    #expect(testHex(scaleEncoded(decoded, as: .compact(bits: bits))) == c.hex)
                } catch {
                    #expect(!fits && encodingErrorKind(error) == "overflow", "\(c.hex) as Compact<u\(bits)>: \(error)")
                }
            }
        }
    }

    @Test func rejects() throws {
        try expectRejects(file, schema: SCALEType.init(json:), decode: scaleDecodeAll)
    }

    @Test func optionBoolForms() throws {
        // Rust's generic Option<bool> is two bytes; parity-scale-codec's OptionBool is one.
        var w = SCALEWriter()
        w.writeOption(true) { w, b in w.writeBool(b) }
        w.writeOption(false) { w, b in w.writeBool(b) }
        w.writeOption(Bool?.none) { w, b in w.writeBool(b) }
        w.writeOptionBool(true)
        w.writeOptionBool(false)
        w.writeOptionBool(nil)
        #expect(testHex(w.bytes) == "01010100" + "00" + "010200")

        var r = SCALEReader(w.bytes)
        #expect(try r.readOption { try $0.readBool() } == true)
        #expect(try r.readOption { try $0.readBool() } == false)
        #expect(try r.readOption { try $0.readBool() } == nil)
        #expect(try r.readOptionBool() == true)
        #expect(try r.readOptionBool() == false)
        #expect(try r.readOptionBool() == nil)
        try r.finish()
    }

    @Test func errorsCarryOffsets() throws {
        var r = SCALEReader(testBytes("0102" + "05"))
        _ = try r.readInteger(UInt16.self)
        #expect(r.offset == 2 && r.remaining == 1)
        #expect(throws: EncodingError.invalidValue(codec: "SCALE", offset: 2, reason: "bool must be 0 or 1, found 5")) {
            try r.readBool()
        }

        var e = SCALEReader([0x00, 0x07])
        _ = try e.readVariantIndex()
        let index = try e.readVariantIndex()
        #expect(
            e.unknownVariant(index, of: "Call")
                == .invalidValue(codec: "SCALE", offset: 1, reason: "unknown Call variant 7"))

        var t = SCALEReader([0x01, 0x02])
        #expect(throws: EncodingError.truncated(codec: "SCALE", offset: 2)) { try t.readInteger(UInt32.self) }
        #expect(t.offset == 0, "a failed read consumes nothing")
        #expect(throws: EncodingError.trailingBytes(codec: "SCALE", count: 2)) { try t.finish() }
    }

    @Test func lengthLimits() throws {
        // 100 promised, 100 present, but the caller allows 99.
        var bytes: [UInt8] = []
        var w = SCALEWriter()
        w.writeByteVector([UInt8](repeating: 7, count: 100))
        bytes = w.bytes
        var r = SCALEReader(bytes)
        #expect(throws: EncodingError.self) { try r.readByteVector(maxLength: 99) }
        r = SCALEReader(bytes)
        #expect(try r.readByteVector(maxLength: 100).count == 100)

        // A count is checked against the input using the smallest element size.
        var v = SCALEReader(testBytes("0c" + "0100" + "0200" + "03"))
        #expect(throws: EncodingError.truncated(codec: "SCALE", offset: 6)) {
            try v.readVector(maxCount: 10, minimumElementSize: 2) { try $0.readInteger(UInt16.self) }
        }
        var z = SCALEReader(testBytes("0c"))
        #expect(try z.readVector(maxCount: 3, minimumElementSize: 0) { _ in () }.count == 3)

        var n = SCALEReader([0x05])
        #expect(throws: EncodingError.self) { try n.readBytes(count: -1) }
    }

    @Test func nestingIsBounded() throws {
        // Option<Option<…<u8>>> nested 10 deep, read with a limit of 5.
        let bytes = [UInt8](repeating: 1, count: 10) + [42]
        func readNested(_ r: inout SCALEReader) throws -> Int {
            try r.nested { r in
                if try r.readOption({ r in try readNested(&r) }) != nil { return 1 }
                return 0
            }
        }
        var deep = SCALEReader(bytes, maxDepth: 5)
        #expect(throws: EncodingError.limitExceeded(codec: "SCALE", limit: "nesting deeper than 5")) {
            try readNested(&deep)
        }
    }

    @Test func compactBoundariesOfEveryMode() throws {
        // Every mode boundary and every big-integer byte count up to 2^128 − 1, both sides.
        var edges: [UInt128] = [0, 63, 64, 16383, 16384, (1 << 30) - 1, 1 << 30, UInt128.max]
        for bytes in 4...16 {
            edges.append((1 << (8 * bytes - 8)))
            edges.append(bytes == 16 ? .max : (1 << (8 * bytes)) - 1)
        }
        for v in edges {
            var w = SCALEWriter()
            w.writeCompact(v)
            let expectedLength: Int =
                switch v {
                case ..<64: 1
                case ..<16384: 2
                case ..<(1 << 30): 4
                default: 1 + (128 - v.leadingZeroBitCount + 7) / 8
                }
            #expect(w.bytes.count == max(expectedLength, 1), "\(v)")
            var r = SCALEReader(w.bytes)
            #expect(try r.readCompact(UInt128.self) == v)
            try r.finish()
        }
    }

    @Test func randomRoundTrips() throws {
        var rng = SeededRandom.forTest("SCALE round trip")
        for _ in 0..<3000 {
            let type = randomSCALEType(using: &rng)
            let value = randomSCALEValue(type, using: &rng)
            let bytes = scaleEncoded(value, as: type)
            let decoded = try scaleDecodeAll(type, bytes)
            #expect(decoded == value, "seed \(rng.seed): \(value) → \(testHex(bytes))")
        }
    }

    /// Truncated, bit-flipped and random inputs: an `EncodingError`, never a trap; and whatever
    /// still decodes re-encodes to exactly the same bytes (SCALE has one encoding per value).
    @Test func corruptedInputs() throws {
        var rng = SeededRandom.forTest("SCALE corruption")
        let decodedCount = try rng.expectStrictDecoding(rounds: 2000, corruptionsEach: 6, failure: EncodingError.self) {
            rng in
            let type = randomSCALEType(using: &rng)
            return (type, scaleEncoded(randomSCALEValue(type, using: &rng), as: type))
        } decode: { type, input in
            try scaleDecodeAll(type, input)
        } encode: { type, value in
            scaleEncoded(value, as: type)
        }
        #expect(decodedCount > 0)
    }
}
