import AirsignEncoding
import AirsignTestSupport
import Testing

private struct CBORVectorFile: Decodable {
    struct Example: Decodable {
        let diagnostic: String
        let hex: String
        let roundtrip: Bool
        let model: String?
        let source: String
    }
    struct Examples: Decodable {
        let source: String
        let cases: [Example]
    }
    struct Group: Decodable {
        let group: String
        let kind: String
        let items: [String]
        let source: String
    }
    struct Malformed: Decodable {
        let source: String
        let groups: [Group]
    }
    struct Invalid: Decodable {
        let hex: String
        let reason: String
        let source: String
    }
    struct Key: Decodable {
        let diagnostic: String
        let hex: String
        let source: String
    }
    struct KeyOrder: Decodable {
        let source: String
        let keys: [Key]
    }
    struct FloatCase: Decodable {
        let value: Double
        let hex: String
        let source: String
    }
    struct Deterministic: Decodable {
        let keyOrder: KeyOrder
        let floats: [FloatCase]
    }
    struct NotDeterministicCase: Decodable {
        let hex: String
        let why: String
        let source: String
    }
    struct NotDeterministic: Decodable {
        let source: String
        let cases: [NotDeterministicCase]
    }
    let source: String
    let appendixA: Examples
    let malformed: Malformed
    let invalid: [Invalid]
    let deterministic: Deterministic
    let notDeterministic: NotDeterministic
}

private let permissive = CBORDecoder(options: .init(allowIndefiniteLength: true))
private let standard = CBORDecoder()
private let strict = CBORDecoder(options: .deterministic)

@Suite struct CBORTests {
    private let file: CBORVectorFile

    init() throws {
        file = try Vectors.load("cbor")
    }

    @Test func vectorFileNamesItsSources() {
        #expect(!file.source.isEmpty && !file.appendixA.source.isEmpty && !file.malformed.source.isEmpty)
        #expect(file.appendixA.cases.count == 81, "every row of RFC 8949 Table 6")
        #expect(file.malformed.groups.reduce(0) { $0 + $1.items.count } == 94, "every example of RFC 8949 Appendix F.1")
        let sources =
            file.appendixA.cases.map(\.source) + file.malformed.groups.map(\.source)
            + file.invalid.map(\.source) + file.deterministic.keyOrder.keys.map(\.source)
            + file.deterministic.floats.map(\.source) + file.notDeterministic.cases.map(\.source)
        #expect(sources.allSatisfy { !$0.isEmpty })
    }

    /// Every Appendix A example decodes to the value its diagnostic notation shows; those the
    /// RFC marks as preferred encodings re-encode to the same bytes and pass the deterministic
    /// decoder, the others (indefinite lengths, floats wider than needed) do not.
    @Test func appendixA() throws {
        for c in file.appendixA.cases {
            let bytes = testBytes(c.hex)
            let value = try permissive.decode(bytes)
            #expect(value.description == (c.model ?? c.diagnostic), "\(c.hex)")
            if c.roundtrip {
                #expect(testHex(try value.encoded()) == c.hex, "\(c.diagnostic)")
                #expect(testHex(try value.encoded(deterministic: true)) == c.hex, "\(c.diagnostic)")
                #expect(try strict.decode(bytes) == value, "\(c.diagnostic)")
            } else {
                #expect(throws: EncodingError.self, "\(c.diagnostic) is not deterministic") { try strict.decode(bytes) }
            }
            let indefinite = c.diagnostic.contains("_")
            if indefinite {
                #expect(throws: EncodingError.self, "indefinite lengths are off by default") {
                    try standard.decode(bytes)
                }
            } else {
                #expect(try standard.decode(bytes) == value)
            }
        }
    }

    @Test func appendixAValues() throws {
        #expect(try permissive.decode(testBytes("1bffffffffffffffff")).asUInt64() == .max)
        #expect(try permissive.decode(testBytes("3bffffffffffffffff")) == .negative(.max))
        #expect(try permissive.decode(testBytes("3903e7")).asInt64() == -1000)
        #expect(try permissive.decode(testBytes("fb3ff199999999999a")) == .float(1.1))
        #expect(try permissive.decode(testBytes("f90001")) == .float(0x1p-24))
        #expect(try permissive.decode(testBytes("fa7f7fffff")) == .float(Double(Float.greatestFiniteMagnitude)))
        #expect(try permissive.decode(testBytes("64f0908591")).asText() == "\u{10151}")
        #expect(
            try permissive.decode(testBytes("c249010000000000000000")).untagged(2).asBytes() == [
                1, 0, 0, 0, 0, 0, 0, 0, 0,
            ])
        let fun = try permissive.decode(testBytes("bf6346756ef563416d7421ff"))
        #expect(try fun["Fun"]?.asBool() == true)
        #expect(try fun["Amt"]?.asInt64() == -2)
        #expect(fun["fun"] == nil)
    }

    /// RFC 8949 Appendix F.1, every example: refused by every decoder configuration, for the
    /// reason the RFC gives (too little data: truncated, or a length over the limit; syntax
    /// errors: invalid).
    @Test func appendixFMalformed() throws {
        for group in file.malformed.groups {
            for item in group.items {
                for decoder in [permissive, standard, strict] {
                    do {
                        let v = try decoder.decode(testBytes(item))
                        Issue.record("\(item) (\(group.group)) decoded to \(v)")
                    } catch {
                        guard decoder.options == permissive.options else { continue }
                        let kind = encodingErrorKind(error)
                        if group.kind == "too little data" {
                            #expect(
                                kind == "truncated" || kind == "limitExceeded", "\(item) (\(group.group)): \(error)")
                        } else {
                            #expect(kind == "invalidValue", "\(item) (\(group.group)): \(error)")
                        }
                    }
                }
            }
        }
    }

    @Test func invalidItems() {
        for c in file.invalid {
            for decoder in [permissive, standard, strict] {
                #expect(throws: EncodingError.self, "\(c.hex): \(c.reason)") { try decoder.decode(testBytes(c.hex)) }
            }
        }
        #expect(throws: EncodingError.trailingBytes(codec: "CBOR", count: 1)) { try standard.decode([0, 0]) }
    }

    /// §4.2.1: the deterministic encoder sorts keys into the RFC's example order, whatever order
    /// they are given in.
    @Test func deterministicKeyOrder() throws {
        let keys = try file.deterministic.keyOrder.keys.map { try standard.decode(testBytes($0.hex)) }
        #expect(keys.map(\.description) == file.deterministic.keyOrder.keys.map(\.diagnostic))
        var rng = SeededRandom.forTest("CBOR key order")
        for _ in 0..<20 {
            let entries = keys.enumerated().map { (key: $1, value: CBORValue.unsigned(UInt64($0))) }.shuffled(
                using: &rng)
            let bytes = try CBORValue.map(entries).encoded(deterministic: true)
            let expected =
                "a8" + file.deterministic.keyOrder.keys.enumerated().map { $1.hex + String(format2: $0) }.joined()
            #expect(testHex(bytes) == expected)
            #expect(try strict.decode(bytes).asMap().map(\.key) == keys)
        }
    }

    @Test func deterministicFloats() throws {
        for f in file.deterministic.floats {
            #expect(testHex(try CBORValue.float(f.value).encoded()) == f.hex, "\(f.value) — \(f.source)")
            #expect(try strict.decode(testBytes(f.hex)) == .float(f.value))
        }
    }

    @Test func notDeterministic() throws {
        for c in file.notDeterministic.cases {
            let bytes = testBytes(c.hex)
            let value = try standard.decode(bytes)
            do {
                _ = try strict.decode(bytes)
                Issue.record("\(c.hex) (\(c.why)) passed the deterministic decoder")
            } catch {
                #expect(encodingErrorKind(error) == "nonCanonical", "\(c.hex) (\(c.why)): \(error)")
            }
            // What the deterministic encoder writes instead is accepted.
            let canonical = try value.encoded(deterministic: true)
            #expect(canonical != bytes)
            #expect(try strict.decode(canonical).encoded(deterministic: true) == canonical)
        }
    }

    /// Every binary16 pattern: decoded exactly, and re-encoded to itself (a half is always the
    /// shortest form of its own value), except NaNs, which all become f97e00.
    @Test func everyHalfPrecisionPattern() throws {
        for bits in UInt16.min...UInt16.max {
            let bytes: [UInt8] = [0xf9, UInt8(bits >> 8), UInt8(bits & 0xff)]
            let value = try standard.decode(bytes)
            guard case let .float(d) = value else { Issue.record("\(bits)"); continue }
            if d.isNaN {
                #expect(try value.encoded() == [0xf9, 0x7e, 0x00])
            } else {
                #expect(try value.encoded() == bytes, "f9 \(bits)")
            }
        }
    }

    @Test func shortestFloatWidths() throws {
        var rng = SeededRandom.forTest("CBOR float widths")
        for _ in 0..<3000 {
            let d = randomDouble(using: &rng)
            let bytes = try CBORValue.float(d).encoded()
            let back = try strict.decode(bytes)
            #expect(back == .float(d), "\(d)")
            // Never wider than needed: a value a narrower float holds exactly is written narrower.
            if bytes[0] == 0xfb { #expect(Double(Float(d)).bitPattern != d.bitPattern, "\(d)") }
            if bytes[0] == 0xfa {
                let narrower = try CBORValue.float(Double(Float(d))).encoded()
                #expect(narrower.count == 5, "\(d)")
            }
        }
    }

    @Test func accessors() throws {
        let value = CBORValue.map([
            (.text("request_type"), .text("call")),
            (.text("ingress_expiry"), .unsigned(1_700_000_000_000_000_000)),
            (.text("sender"), .bytes([4])),
            (.unsigned(1), .text("not a text key")),
        ])
        #expect(try value["request_type"]?.asText() == "call")
        #expect(try value["ingress_expiry"]?.asUInt64() == 1_700_000_000_000_000_000)
        #expect(try value["sender"]?.asBytes() == [4])
        #expect(value["missing"] == nil)
        #expect(CBORValue.text("x")["request_type"] == nil)
        #expect(throws: EncodingError.unexpectedType(codec: "CBOR", expected: "a byte string", found: "a text string"))
        {
            try value["request_type"]?.asBytes()
        }
        #expect(throws: EncodingError.self) { try CBORValue.negative(0).asUInt64() }
        #expect(try CBORValue.integer(.min).asInt64() == .min)
        #expect(try CBORValue.integer(.max).asInt64() == .max)
        #expect(throws: EncodingError.self) { try CBORValue.negative(UInt64(Int64.max) + 1).asInt64() }
        #expect(throws: EncodingError.self) { try CBORValue.tag(1, .null).untagged(2) }
        // Text keys match by exact bytes: precomposed é is not decomposed é.
        let accents = CBORValue.map([(.text("\u{e9}"), .unsigned(1)), (.text("e\u{301}"), .unsigned(2))])
        #expect(try accents.encoded(deterministic: true).count > 0, "not duplicates")
        #expect(try accents["e\u{301}"]?.asUInt64() == 2)
        #expect(try standard.decode(accents.encoded()) == accents)
    }

    @Test func encoderRefusals() throws {
        let duplicate = CBORValue.map([(.unsigned(1), .null), (.unsigned(1), .bool(true))])
        #expect(throws: EncodingError.self) { try duplicate.encoded() }
        #expect(throws: EncodingError.self) { try duplicate.encoded(deterministic: true) }
        // Equal maps in another entry order are the same key.
        let a = CBORValue.map([(.unsigned(1), .null), (.unsigned(2), .null)])
        let b = CBORValue.map([(.unsigned(2), .null), (.unsigned(1), .null)])
        #expect(throws: EncodingError.self) { try CBORValue.map([(a, .null), (b, .null)]).encoded() }
        for v: UInt8 in 20..<32 {
            #expect(throws: EncodingError.self) { try CBORValue.simple(v).encoded() }
        }
        #expect(try CBORValue.simple(19).encoded() == [0xf3])
        #expect(try CBORValue.simple(32).encoded() == [0xf8, 0x20])
    }

    /// Small maps are checked for duplicate keys by a scan, large ones by a set: a repeat is
    /// found on either side of the switch, by the encoder and by the decoder.
    @Test func duplicatesInLargeMaps() throws {
        let entries = (0..<40).map { (key: CBORValue.unsigned(UInt64($0)), value: CBORValue.null) }
        #expect(try standard.decode(CBORValue.map(entries).encoded()) == .map(entries))
        for (count, repeated) in [(10, 3), (16, 0), (17, 15), (17, 16), (40, 2), (40, 30)] {
            let map =
                Array(entries.prefix(count)) + [
                    (key: CBORValue.unsigned(UInt64(repeated)), value: CBORValue.bool(true))
                ]
            #expect(throws: EncodingError.self, "encoder: \(count) keys, then \(repeated) again") {
                try CBORValue.map(map).encoded()
            }
            var bytes: [UInt8] = [0xb8, UInt8(map.count)]
            for entry in map { bytes += try entry.key.encoded() + entry.value.encoded() }
            #expect(throws: EncodingError.self, "decoder: \(count) keys, then \(repeated) again") {
                try standard.decode(bytes)
            }
        }
    }

    @Test func limits() throws {
        let deep = [UInt8](repeating: 0x81, count: 40) + [0x00]
        #expect(throws: EncodingError.limitExceeded(codec: "CBOR", limit: "nesting deeper than 32")) {
            try standard.decode(deep)
        }
        #expect(try CBORDecoder(options: .init(maxDepth: 40)).decode(deep).description.hasPrefix("[[[["))

        let many: [UInt8] = [0x98, 0x64] + [UInt8](repeating: 0x00, count: 100)
        #expect(throws: EncodingError.self) { try CBORDecoder(options: .init(maxItems: 100)).decode(many) }
        #expect(throws: EncodingError.self) { try CBORDecoder(options: .init(maxLength: 99)).decode(many) }
        #expect(try CBORDecoder(options: .init(maxItems: 101, maxLength: 100)).decode(many).asArray().count == 100)

        // Huge declared lengths fail before any allocation.
        for hex in [
            "5bffffffffffffffff", "9bffffffffffffffff", "bbffffffffffffffff", "9b00000000ffffffff", "5a00100000",
        ] {
            #expect(throws: EncodingError.self, "\(hex)") { try standard.decode(testBytes(hex)) }
        }
        let indefiniteBytes: [UInt8] = [0x5f] + [UInt8](repeating: 0x40, count: 10) + [0xff]
        #expect(try permissive.decode(indefiniteBytes) == .bytes([]))
        #expect(throws: EncodingError.self) {
            try CBORDecoder(options: .init(maxItems: 5, allowIndefiniteLength: true)).decode(indefiniteBytes)
        }
    }

    @Test func icpEnvelopePrefix() throws {
        // The self-describe tag 55799 that wraps every IC request body: d9 d9 f7 (RFC 8949 §3.4.6).
        let body = CBORValue.tag(55799, .map([(.text("content"), .map([]))]))
        let bytes = try body.encoded()
        #expect(Array(bytes.prefix(3)) == [0xd9, 0xd9, 0xf7])
        #expect(try standard.decode(bytes).untagged(55799)["content"] == .map([]))
    }

    @Test func randomRoundTrips() throws {
        var rng = SeededRandom.forTest("CBOR round trip")
        for _ in 0..<3000 {
            let value = randomCBORValue(using: &rng)
            let bytes = try value.encoded()
            #expect(try standard.decode(bytes) == value, "seed \(rng.seed): \(value)")
            let deterministic = try value.encoded(deterministic: true)
            let decoded = try strict.decode(deterministic)
            #expect(decoded == (try sortedMaps(value)), "seed \(rng.seed): \(value)")
            #expect(try decoded.encoded(deterministic: true) == deterministic)
        }
    }

    /// Truncated, bit-flipped and random inputs never trap, only throw `EncodingError`; in
    /// deterministic mode whatever still decodes re-encodes to exactly the same bytes.
    @Test func corruptedInputs() throws {
        var rng = SeededRandom.forTest("CBOR corruption")
        let strictDecodes = try rng.expectStrictDecoding(rounds: 2000, corruptionsEach: 6, failure: EncodingError.self)
        { rng in
            ((), try randomCBORValue(using: &rng).encoded(deterministic: true))
        } decode: { _, input in
            // The other decoders accept more than one encoding per value: they only have to
            // answer without trapping.
            for decoder in [permissive, standard] {
                do throws(EncodingError) { _ = try decoder.decode(input) } catch {
                    #expect(!error.description.isEmpty)  // typed: always an EncodingError
                }
            }
            return try strict.decode(input)
        } encode: { _, value in
            try value.encoded(deterministic: true)
        }
        #expect(strictDecodes > 0)
    }

    /// Random byte strings, biased towards CBOR's structural bytes so that nesting, indefinite
    /// lengths and breaks come up often.
    @Test func randomGarbage() throws {
        var rng = SeededRandom.forTest("CBOR garbage")
        let structural: [UInt8] = [
            0x5f, 0x7f, 0x9f, 0xbf, 0xff, 0x81, 0x82, 0xa1, 0xc0, 0xd8, 0xf9, 0xfa, 0xfb, 0x18, 0x19, 0x1c, 0x41, 0x61,
        ]
        for _ in 0..<5000 {
            let input = (0..<Int.random(in: 0...24, using: &rng)).map { _ in
                Bool.random(using: &rng)
                    ? (structural.randomElement(using: &rng) ?? 0) : UInt8.random(in: 0...255, using: &rng)
            }
            for decoder in [permissive, strict] {
                do {
                    let value = try decoder.decode(input)
                    if decoder.options.requireDeterministic { #expect(try value.encoded(deterministic: true) == input) }
                } catch {
                    #expect(!error.description.isEmpty)
                }
            }
        }
    }
}

extension String {
    /// Two lower-case hex digits.
    fileprivate init(format2 value: Int) {
        let hex = String(value, radix: 16)
        self = hex.count < 2 ? "0" + hex : hex
    }
}
