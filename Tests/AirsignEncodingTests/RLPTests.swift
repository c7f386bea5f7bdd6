import AirsignEncoding
import AirsignTestSupport
import Testing

/// The "in" side of an ethereum/tests RLP case: a string (UTF-8 bytes, "0x…" hex bytes or
/// "#<decimal>" integer), a JSON number (integer) or a list of these.
private indirect enum RLPInput: Decodable {
    case string(String)
    case number(UInt64)
    case list([RLPInput])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let number = try? container.decode(UInt64.self) {
            self = .number(number)
        } else {
            self = .list(try container.decode([RLPInput].self))
        }
    }

    var item: RLPItem {
        switch self {
        case .number(let n): return .integer(n)
        case .list(let items): return .list(items.map(\.item))
        case .string(let s) where s.hasPrefix("#"): return .unsignedBigEndian(decimalToBigEndian(s.dropFirst()))
        case .string(let s) where s.hasPrefix("0x"): return .bytes(testBytes(s))
        case .string(let s): return .bytes(Array(s.utf8))
        }
    }

    /// The big integer written in a "#<decimal>" case, if this is one.
    var bigInteger: [UInt8]? {
        guard case .string(let s) = self, s.hasPrefix("#") else { return nil }
        return decimalToBigEndian(s.dropFirst())
    }
}

/// Big-endian bytes of a non-negative decimal number, no leading zeros.
private func decimalToBigEndian(_ digits: Substring) -> [UInt8] {
    var bytes: [UInt8] = []  // big-endian
    for digit in digits {
        var carry = Int(digit.wholeNumberValue ?? 0)
        for i in bytes.indices.reversed() {
            let x = Int(bytes[i]) * 10 + carry
            bytes[i] = UInt8(x & 0xff)
            carry = x >> 8
        }
        while carry > 0 {
            bytes.insert(UInt8(carry & 0xff), at: 0)
            carry >>= 8
        }
    }
    return Array(bytes.drop { $0 == 0 })
}

private struct RLPVectors: Decodable {
    struct Valid: Decodable {
        let name: String
        let `in`: RLPInput
        let out: String
        let source: String
        let known_broken: String?
        let correct_out: String?
    }
    struct Invalid: Decodable { let name: String; let out: String; let source: String }
    let source: String
    let ethereum_org: [Valid]
    let valid: [Valid]
    let invalid: [Invalid]
}

private func nested(_ depth: Int) -> RLPItem {
    var item = RLPItem.list([])
    for _ in 1..<depth { item = .list([item]) }
    return item
}

@Suite struct RLPTests {
    @Test func ethereumVectors() throws {
        let file = try Vectors.load("rlp", as: RLPVectors.self)
        #expect(file.ethereum_org.count == 10 && file.valid.count == 29)
        for c in file.ethereum_org + file.valid where c.known_broken == nil {
            let expected = testBytes(c.out)
            #expect(RLP.encode(c.in.item) == expected, "\(c.name) — \(c.source)")
            #expect(try RLP.decode(expected) == c.in.item, "\(c.name) — \(c.source)")
            if let big = c.in.bigInteger {
                #expect(try RLP.decode(expected).asUnsignedBigEndian(maxBytes: 33) == big, "\(c.name)")
            }
            if case .number(let n) = c.in {
                #expect(try RLP.decode(expected).asUInt64() == n, "\(c.name)")
            }
        }
    }

    @Test func brokenUpstreamCaseIsRejected() throws {
        let file = try Vectors.load("rlp", as: RLPVectors.self)
        let broken = try #require(file.valid.first { $0.known_broken != nil })
        #expect(broken.name == "listofbinaries")
        #expect(throws: EncodingError.trailingBytes(codec: "RLP", count: 153)) { try RLP.decode(testBytes(broken.out)) }
        let correct = testBytes(try #require(broken.correct_out))
        #expect(RLP.encode(broken.in.item) == correct)
        #expect(try RLP.decode(correct) == broken.in.item)
    }

    @Test func everyInvalidVectorIsRejected() throws {
        let file = try Vectors.load("rlp", as: RLPVectors.self)
        #expect(file.invalid.count == 17)
        for c in file.invalid {
            #expect(throws: EncodingError.self, "\(c.name) — \(c.source)") { try RLP.decode(testBytes(c.out)) }
        }
    }

    @Test func strictnessErrors() {
        #expect(
            throws: EncodingError.nonCanonical(
                codec: "RLP", offset: 0, reason: "a single byte below 0x80 must be written as itself")
        ) {
            try RLP.decode([0x81, 0x7f])
        }
        #expect(
            throws: EncodingError.nonCanonical(
                codec: "RLP", offset: 1, reason: "a single byte below 0x80 must be written as itself")
        ) {
            try RLP.decode([0xc2, 0x81, 0x00])
        }
        #expect(
            throws: EncodingError.nonCanonical(codec: "RLP", offset: 0, reason: "long form used for a length below 56")
        ) {
            try RLP.decode([0xb8, 0x02, 0x80, 0x81])
        }
        #expect(throws: EncodingError.nonCanonical(codec: "RLP", offset: 0, reason: "length has a leading zero byte")) {
            try RLP.decode([0xb9, 0x00, 0x38] + [UInt8](repeating: 0x80, count: 56))
        }
        #expect(throws: EncodingError.truncated(codec: "RLP", offset: 0)) { try RLP.decode([]) }
        #expect(throws: EncodingError.truncated(codec: "RLP", offset: 3)) { try RLP.decode([0x83, 0x64, 0x6f]) }
        #expect(throws: EncodingError.truncated(codec: "RLP", offset: 9)) {
            try RLP.decode([0xbf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])
        }
        #expect(throws: EncodingError.trailingBytes(codec: "RLP", count: 1)) { try RLP.decode([0x80, 0x80]) }
        // An item that fits the input but not the list around it.
        #expect(
            throws: EncodingError.invalidValue(
                codec: "RLP", offset: 1, reason: "item runs past the end of its enclosing list")
        ) {
            try RLP.decode([0xc1, 0x82, 0x61, 0x62])
        }
    }

    @Test func depthAndSizeLimits() throws {
        let deepest = nested(RLP.maxDepth)
        #expect(try RLP.decode(RLP.encode(deepest)) == deepest)
        #expect(throws: EncodingError.limitExceeded(codec: "RLP", limit: "lists nested at most 64 deep")) {
            try RLP.decode(RLP.encode(nested(RLP.maxDepth + 1)))
        }
        // Well-formed lists nested 2,000 deep (built without the recursive encoder) are refused
        // by the depth limit before they can exhaust the stack.
        var deep: [UInt8] = [0xc0]
        for _ in 0..<2000 {
            let n = deep.count
            let header: [UInt8] =
                n <= 55
                ? [0xc0 + UInt8(n)]
                : n <= 0xff ? [0xf8, UInt8(n)] : [0xf9, UInt8(n >> 8), UInt8(n & 0xff)]
            deep = header + deep
        }
        #expect(throws: EncodingError.limitExceeded(codec: "RLP", limit: "lists nested at most 64 deep")) {
            try RLP.decode(deep)
        }
        #expect(throws: EncodingError.self) { try RLP.decode([UInt8](repeating: 0xc1, count: 100_000)) }
        #expect(throws: EncodingError.limitExceeded(codec: "RLP", limit: "at most 16777216 bytes")) {
            try RLP.decode([UInt8](repeating: 0, count: RLP.maxLength + 1))
        }
    }

    @Test func integersAndAccessors() throws {
        #expect(RLP.encode(.integer(0)) == [0x80])
        #expect(RLP.encode(.integer(0x0400)) == [0x82, 0x04, 0x00])
        #expect(RLP.encode(.integer(.max)) == [0x88] + [UInt8](repeating: 0xff, count: 8))
        #expect(RLPItem.unsignedBigEndian([0, 0, 1, 0]) == .bytes([1, 0]))
        #expect(RLPItem.unsignedBigEndian([UInt8](repeating: 0, count: 32)) == .bytes([]))
        #expect(try RLPItem.bytes([]).asUInt64() == 0)
        #expect(try RLPItem.integer(123_456_789).asUInt64() == 123_456_789)
        #expect(throws: EncodingError.nonCanonical(codec: "RLP", offset: 0, reason: "integer has a leading zero byte"))
        {
            try RLPItem.bytes([0x00]).asUInt64()
        }
        #expect(throws: EncodingError.nonCanonical(codec: "RLP", offset: 0, reason: "integer has a leading zero byte"))
        {
            try RLPItem.bytes([0x00, 0x01]).asUnsignedBigEndian(maxBytes: 32)
        }
        #expect(throws: EncodingError.overflow(codec: "RLP", offset: 0)) {
            try RLPItem.bytes([UInt8](repeating: 1, count: 9)).asUInt64()
        }
        #expect(throws: EncodingError.overflow(codec: "RLP", offset: 0)) {
            try RLPItem.bytes([UInt8](repeating: 1, count: 33)).asUnsignedBigEndian(maxBytes: 32)
        }
        #expect(
            throws: EncodingError.invalidValue(codec: "RLP", offset: 0, reason: "expected a byte string, found a list")
        ) {
            try RLPItem.list([]).asUInt64()
        }
        #expect(
            throws: EncodingError.invalidValue(codec: "RLP", offset: 0, reason: "expected a list, found a byte string")
        ) {
            try RLPItem.bytes([]).asList()
        }
    }

    @Test func typedTransactionPrefix() throws {
        // EIP-2718: type byte, then one RLP list; decodePrefix reads the list after the type.
        let body = RLPItem.list([.integer(1), .integer(0), .bytes([0xaa, 0xbb])])
        let envelope: [UInt8] = [0x02] + RLP.encode(body)
        let (item, count) = try RLP.decodePrefix(envelope, at: 1)
        #expect(item == body && count == envelope.count - 1)
        let (first, used) = try RLP.decodePrefix(RLP.encode(.integer(1024)) + [0xff, 0xff])
        #expect(first == .integer(1024) && used == 3)
        #expect(throws: EncodingError.truncated(codec: "RLP", offset: 7)) { try RLP.decodePrefix([0x80], at: 7) }
    }

    @Test func roundTripRandom() throws {
        var rng = SeededRandom.forTest("RLPTests.roundTripRandom")
        for _ in 0..<2000 {
            let item = randomItem(&rng, depth: 0)
            #expect(try RLP.decode(RLP.encode(item)) == item)
        }
    }

    @Test func corruptedInputNeverTraps() throws {
        var rng = SeededRandom.forTest("RLPTests.corruptedInputNeverTraps")
        var accepted = 0
        for _ in 0..<400 {
            let encoded = RLP.encode(randomItem(&rng, depth: 0))
            for bad in rng.corruptions(of: encoded, count: 20) {
                if let item = try? RLP.decode(bad) {
                    accepted += 1
                    #expect(RLP.encode(item) == bad, "\(testHex(bad))")
                }
            }
        }
        #expect(accepted > 0)  // the property above was exercised
    }

    private func randomItem(_ rng: inout SeededRandom, depth: Int) -> RLPItem {
        if depth >= 4 || Int.random(in: 0..<3, using: &rng) != 0 {
            // Lengths around the 1-byte, 55/56 and 255/256 boundaries.
            let length =
                switch Int.random(in: 0..<20, using: &rng) {
                case 0..<12: Int.random(in: 0...3, using: &rng)
                case 12..<19: Int.random(in: 50...60, using: &rng)
                default: Int.random(in: 250...260, using: &rng)
                }
            return .bytes(rng.bytes(length))
        }
        let count = Int.random(in: 0...5, using: &rng)
        return .list((0..<count).map { _ in randomItem(&rng, depth: depth + 1) })
    }
}
