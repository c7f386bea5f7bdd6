import AirsignEncoding
import AirsignTestSupport
import Testing

private struct LEB128Vectors: Decodable {
    struct Unsigned: Decodable { let value: UInt64; let hex: String; let source: String }
    struct Signed: Decodable { let value: Int64; let hex: String; let source: String }
    let source: String
    let unsigned: [Unsigned]
    let signed: [Signed]
}

@Suite struct LEB128Tests {
    @Test func publishedVectors() throws {
        let file = try Vectors.load("leb128", as: LEB128Vectors.self)
        #expect(file.unsigned.count == 10 && file.signed.count == 10)
        for c in file.unsigned {
            let bytes = testBytes(c.hex)
            #expect(LEB128.encode(c.value) == bytes, "\(c.value) — \(c.source)")
            let decoded = try LEB128.decode(UInt64.self, from: bytes)
            #expect(decoded.value == c.value && decoded.bytesRead == bytes.count, "\(c.source)")
            // Wider types read the same bytes the same way.
            #expect(try LEB128.decode(UInt128.self, from: bytes).value == UInt128(c.value))
            #expect(LEB128.encode(UInt128(c.value)) == bytes)
        }
        for c in file.signed {
            let bytes = testBytes(c.hex)
            #expect(SLEB128.encode(c.value) == bytes, "\(c.value) — \(c.source)")
            let decoded = try SLEB128.decode(Int64.self, from: bytes)
            #expect(decoded.value == c.value && decoded.bytesRead == bytes.count, "\(c.source)")
            #expect(try SLEB128.decode(Int128.self, from: bytes).value == Int128(c.value))
            #expect(SLEB128.encode(Int32(c.value)) == bytes)
        }
    }

    @Test func limitsOfEachType() throws {
        #expect(LEB128.encode(UInt64.max) == [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01])
        #expect(try LEB128.decode(UInt64.self, from: LEB128.encode(UInt64.max)).value == .max)
        #expect(try LEB128.decode(UInt128.self, from: LEB128.encode(UInt128.max)).value == .max)
        #expect(try LEB128.decode(UInt8.self, from: [0xff, 0x01]).value == 255)
        #expect(SLEB128.encode(Int64.min) == [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x7f])
        #expect(SLEB128.encode(Int64.max) == [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00])
        for value in [Int128.min, .max, -1, 0] {
            #expect(try SLEB128.decode(Int128.self, from: SLEB128.encode(value)).value == value)
        }
        #expect(try SLEB128.decode(Int8.self, from: [0x80, 0x7f]).value == -128)
        #expect(try SLEB128.decode(Int8.self, from: [0xff, 0x00]).value == 127)
    }

    @Test func overflowTruncationAndNonMinimal() {
        // One past UInt64.max; and a tenth group carrying more than the one bit left.
        #expect(throws: EncodingError.overflow(codec: "LEB128", offset: 0)) {
            try LEB128.decode(UInt64.self, from: [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x02])
        }
        #expect(throws: EncodingError.overflow(codec: "LEB128", offset: 0)) {
            try LEB128.decode(UInt8.self, from: [0x80, 0x02])
        }
        #expect(throws: EncodingError.overflow(codec: "LEB128", offset: 0)) {
            try LEB128.decode(UInt8.self, from: [0x80, 0x80, 0x01], requireMinimal: false)
        }
        #expect(throws: EncodingError.overflow(codec: "SLEB128", offset: 0)) {
            try SLEB128.decode(Int8.self, from: [0x80, 0x01])
        }
        #expect(throws: EncodingError.overflow(codec: "SLEB128", offset: 0)) {
            try SLEB128.decode(Int8.self, from: [0xff, 0x7e])
        }
        #expect(throws: EncodingError.overflow(codec: "SLEB128", offset: 0)) {
            try SLEB128.decode(Int64.self, from: [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01])
        }
        #expect(throws: EncodingError.truncated(codec: "LEB128", offset: 0)) {
            try LEB128.decode(UInt64.self, from: [])
        }
        #expect(throws: EncodingError.truncated(codec: "LEB128", offset: 3)) {
            try LEB128.decode(UInt64.self, from: [0x00, 0x80, 0x80], at: 1)
        }
        #expect(throws: EncodingError.truncated(codec: "SLEB128", offset: 2)) {
            try SLEB128.decode(Int64.self, from: [0xff, 0xff])
        }
        #expect(throws: EncodingError.truncated(codec: "LEB128", offset: 5)) {
            try LEB128.decode(UInt64.self, from: [0x00], at: 5)
        }
        let redundantZero = EncodingError.nonCanonical(
            codec: "LEB128", offset: 0, reason: "redundant trailing zero groups")
        #expect(throws: redundantZero) { try LEB128.decode(UInt64.self, from: [0x80, 0x00]) }
        #expect(throws: redundantZero) { try LEB128.decode(UInt64.self, from: [0xff, 0x80, 0x00]) }
        let redundantSign = EncodingError.nonCanonical(
            codec: "SLEB128", offset: 0, reason: "redundant sign extension groups")
        #expect(throws: redundantSign) { try SLEB128.decode(Int64.self, from: [0xff, 0x7f]) }  // -1 is 7f
        #expect(throws: redundantSign) { try SLEB128.decode(Int64.self, from: [0x80, 0x00]) }  // 0 is 00
        #expect(throws: redundantSign) { try SLEB128.decode(Int64.self, from: [0x82, 0x80, 0x00]) }
    }

    @Test func lenientModeAcceptsPadding() throws {
        #expect(try LEB128.decode(UInt64.self, from: [0x80, 0x00], requireMinimal: false) == (0, 2))
        #expect(try LEB128.decode(UInt8.self, from: [0x81, 0x80, 0x80, 0x00], requireMinimal: false) == (1, 4))
        #expect(try SLEB128.decode(Int64.self, from: [0xff, 0x7f], requireMinimal: false) == (-1, 2))
        #expect(try SLEB128.decode(Int8.self, from: [0xff, 0xff, 0xff, 0x7f], requireMinimal: false) == (-1, 4))
    }

    @Test func decodesAtOffsetsInAStream() throws {
        let values: [UInt64] = [0, 127, 128, 624485, .max]
        let stream = values.flatMap { LEB128.encode($0) }
        var offset = 0
        for value in values {
            let (decoded, count) = try LEB128.decode(UInt64.self, from: stream, at: offset)
            #expect(decoded == value)
            offset += count
        }
        #expect(offset == stream.count)
        // Offsets count from the start of the slice given, and errors report them that way.
        let slice = stream[4...]
        #expect(try LEB128.decode(UInt64.self, from: slice, at: 0) == (624485, 3))
    }

    /// Every 1- and 2-byte input and random 3- and 4-byte ones, against the arithmetic done in
    /// plain Int: success exactly when the number ends, fits the type and (when strict) uses no
    /// more bytes than its encoding needs.
    @Test func agreesWithReferenceOnShortInputs() throws {
        var inputs: [[UInt8]] = (0...255).map { [UInt8($0)] }
        for a in 0...255 { for b in 0...255 { inputs.append([UInt8(a), UInt8(b)]) } }
        var rng = SeededRandom.forTest("LEB128Tests.agreesWithReferenceOnShortInputs")
        for _ in 0..<20000 { inputs.append(rng.bytes(lengthIn: 3...4)) }
        for input in inputs {
            referenceCheck(UInt8.self, input)
            referenceCheck(UInt16.self, input)
            referenceCheck(Int8.self, input)
            referenceCheck(Int16.self, input)
        }
    }

    private func referenceCheck<T: FixedWidthInteger>(_ type: T.Type, _ input: [UInt8]) {
        guard let end = input.firstIndex(where: { $0 & 0x80 == 0 }) else {
            if T.isSigned {
                #expect(throws: EncodingError.self) {
                    try SLEB128.decode(Int64.self, from: input, requireMinimal: false)
                }
            } else {
                #expect(throws: EncodingError.self) {
                    try LEB128.decode(UInt64.self, from: input, requireMinimal: false)
                }
            }
            return
        }
        let count = end + 1
        var value = 0
        for (i, byte) in input.prefix(count).enumerated() { value |= Int(byte & 0x7f) << (7 * i) }
        if T.isSigned, input[end] & 0x40 != 0 { value -= 1 << (7 * count) }
        let fits = value >= Int(T.min) && value <= Int(T.max)
        var lenient: (Int, Int)?
        var strict: (Int, Int)?
        var minimalCount = 0
        if T.isSigned, let S = T.self as? any (FixedWidthInteger & SignedInteger).Type {
            lenient = signedDecode(S, input, requireMinimal: false)
            strict = signedDecode(S, input, requireMinimal: true)
            minimalCount = SLEB128.encode(value).count
        } else if let U = T.self as? any (FixedWidthInteger & UnsignedInteger).Type {
            lenient = unsignedDecode(U, input, requireMinimal: false)
            strict = unsignedDecode(U, input, requireMinimal: true)
            minimalCount = value >= 0 ? LEB128.encode(UInt(value)).count : 0
        }
        let label = "\(T.self) \(testHex(input))"
        if fits {
            #expect(lenient.map { $0.0 == value && $0.1 == count } == true, "\(label)")
            #expect((strict != nil) == (minimalCount == count), "\(label)")
            if let strict { #expect(strict.0 == value && strict.1 == count, "\(label)") }
        } else {
            #expect(lenient == nil && strict == nil, "\(label)")
        }
    }

    private func unsignedDecode<U: FixedWidthInteger & UnsignedInteger>(
        _ type: U.Type, _ input: [UInt8], requireMinimal: Bool
    ) -> (Int, Int)? {
        guard let (value, count) = try? LEB128.decode(U.self, from: input, requireMinimal: requireMinimal) else {
            return nil
        }
        return (Int(value), count)
    }

    private func signedDecode<S: FixedWidthInteger & SignedInteger>(
        _ type: S.Type, _ input: [UInt8], requireMinimal: Bool
    ) -> (Int, Int)? {
        guard let (value, count) = try? SLEB128.decode(S.self, from: input, requireMinimal: requireMinimal) else {
            return nil
        }
        return (Int(value), count)
    }

    @Test func roundTripRandom() throws {
        var rng = SeededRandom.forTest("LEB128Tests.roundTripRandom")
        for _ in 0..<2000 {
            // Spread values over every length, not just the (overwhelmingly likely) longest.
            let u = UInt64.random(in: 0 ... .max, using: &rng) >> UInt64.random(in: 0..<64, using: &rng)
            #expect(try LEB128.decode(UInt64.self, from: LEB128.encode(u)).value == u)
            let s =
                Int64(bitPattern: UInt64.random(in: 0 ... .max, using: &rng)) >> Int64.random(in: 0..<64, using: &rng)
            #expect(try SLEB128.decode(Int64.self, from: SLEB128.encode(s)).value == s)
            let wide = UInt128(u) << 64 | UInt128(UInt64.random(in: 0 ... .max, using: &rng))
            #expect(try LEB128.decode(UInt128.self, from: LEB128.encode(wide)).value == wide)
            let signedWide = Int128(s) << 64 | Int128(UInt64.random(in: 0 ... .max, using: &rng))
            #expect(try SLEB128.decode(Int128.self, from: SLEB128.encode(signedWide)).value == signedWide)
            let small = Int16.random(in: .min ... .max, using: &rng)
            #expect(try SLEB128.decode(Int16.self, from: SLEB128.encode(small)).value == small)
        }
    }

    @Test func corruptedInputNeverTraps() throws {
        var rng = SeededRandom.forTest("LEB128Tests.corruptedInputNeverTraps")
        for _ in 0..<300 {
            let u = UInt64.random(in: 0 ... .max, using: &rng) >> UInt64.random(in: 0..<64, using: &rng)
            for bad in rng.corruptions(of: LEB128.encode(u), count: 10) {
                checkUnsigned(UInt64.self, bad)
                checkUnsigned(UInt8.self, bad)
                checkUnsigned(UInt32.self, bad)
                checkUnsigned(UInt128.self, bad)
            }
            let s =
                Int64(bitPattern: UInt64.random(in: 0 ... .max, using: &rng)) >> Int64.random(in: 0..<64, using: &rng)
            for bad in rng.corruptions(of: SLEB128.encode(s), count: 10) {
                checkSigned(Int64.self, bad)
                checkSigned(Int8.self, bad)
                checkSigned(Int32.self, bad)
                checkSigned(Int128.self, bad)
            }
        }
    }

    private func checkUnsigned<T: FixedWidthInteger & UnsignedInteger>(_ type: T.Type, _ bytes: [UInt8]) {
        if let (value, count) = try? LEB128.decode(T.self, from: bytes) {
            #expect(LEB128.encode(value) == Array(bytes.prefix(count)), "\(T.self) \(testHex(bytes))")
        }
        if let (value, _) = try? LEB128.decode(T.self, from: bytes, requireMinimal: false) {
            _ = value  // lenient mode may accept padding; it only has to not trap
        }
    }

    private func checkSigned<T: FixedWidthInteger & SignedInteger>(_ type: T.Type, _ bytes: [UInt8]) {
        if let (value, count) = try? SLEB128.decode(T.self, from: bytes) {
            #expect(SLEB128.encode(value) == Array(bytes.prefix(count)), "\(T.self) \(testHex(bytes))")
        }
        _ = try? SLEB128.decode(T.self, from: bytes, requireMinimal: false)
    }
}
