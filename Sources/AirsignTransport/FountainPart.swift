import AirsignEncoding

/// One part of a multi-part UR: the CBOR array `[seqNum, seqLen, messageLen, checksum, data]`
/// (BCR-2024-001 §"Part serialization"), where `data` is one fragment or the XOR of several.
public struct FountainPart: Equatable, Sendable {
    /// 1-based; parts up to `seqLen` are the plain fragments, later ones are mixed.
    public var seqNum: UInt32
    /// Number of fragments the message was cut into.
    public var seqLen: Int
    /// Length of the whole message in bytes (the last fragment is zero-padded).
    public var messageLen: Int
    /// CRC-32 of the whole message.
    public var checksum: UInt32
    /// The fragment, or the XOR of the fragments this part mixes.
    public var data: [UInt8]

    /// A part from its fields, unchecked (for encoders and tests).
    public init(seqNum: UInt32, seqLen: Int, messageLen: Int, checksum: UInt32, data: [UInt8]) {
        self.seqNum = seqNum
        self.seqLen = seqLen
        self.messageLen = messageLen
        self.checksum = checksum
        self.data = data
    }

    /// The deterministic CBOR encoding.
    public var cbor: [UInt8] {
        // [seqNum, seqLen, messageLen, checksum, data]: integers and a byte string in an array,
        // which is already deterministic CBOR (nothing to sort) and cannot fail to encode.
        var out: [UInt8] = []
        CBOREncoder.writeHead(major: 4, argument: 5, into: &out)
        for n in [UInt64(seqNum), UInt64(seqLen), UInt64(messageLen), UInt64(checksum)] {
            CBOREncoder.writeHead(major: 0, argument: n, into: &out)
        }
        CBOREncoder.writeHead(major: 2, argument: UInt64(data.count), into: &out)
        return out + data
    }

    /// Parses and checks a part from untrusted bytes: the CBOR shape, 32-bit sequence number and
    /// checksum, and lengths that agree with each other (`seqLen` fragments of `data.count`
    /// bytes cover `messageLen` with less than one fragment to spare). `limits` bounds memory.
    public init(cbor: [UInt8], limits: FountainLimits = .default) throws(TransportError) {
        // Shortest-form integers are not required: the spec asks encoders for dCBOR, but a
        // reader that insists gains nothing and would refuse some encoders' frames.
        let decoder = CBORDecoder(options: .init(maxDepth: 2, maxItems: 8, maxLength: limits.maxMessageLength))
        let items: [CBORValue]
        do { items = try decoder.decode(cbor).asArray() } catch {
            throw .invalidFountainPart("not a CBOR array (\(error))")
        }
        guard items.count == 5,
            case let .unsigned(seqNum) = items[0], case let .unsigned(seqLen) = items[1],
            case let .unsigned(messageLen) = items[2], case let .unsigned(checksum) = items[3],
            case let .bytes(data) = items[4]
        else { throw .invalidFountainPart("expected [seqNum, seqLen, messageLen, checksum, bytes]") }
        guard seqNum >= 1, seqNum <= UInt64(UInt32.max) else {
            throw .invalidFountainPart("sequence number \(seqNum) out of range")
        }
        guard checksum <= UInt64(UInt32.max) else { throw .invalidFountainPart("checksum wider than 32 bits") }
        guard messageLen >= 1, messageLen <= UInt64(limits.maxMessageLength) else {
            throw .invalidFountainPart("message length \(messageLen) outside 1…\(limits.maxMessageLength)")
        }
        guard seqLen >= 1, seqLen <= UInt64(limits.maxSequenceLength) else {
            throw .invalidFountainPart("sequence length \(seqLen) outside 1…\(limits.maxSequenceLength)")
        }
        guard !data.isEmpty else { throw .invalidFountainPart("empty fragment") }
        // All three are now small, so the products below cannot overflow.
        let n = Int(seqLen), len = Int(messageLen), fragment = data.count
        guard n * fragment >= len, (n - 1) * fragment < len else {
            throw .invalidFountainPart("\(n) fragments of \(fragment) bytes do not fit a \(len)-byte message")
        }
        self.init(seqNum: UInt32(seqNum), seqLen: n, messageLen: len, checksum: UInt32(checksum), data: data)
    }
}

/// Bounds on what a decoder accepts from untrusted parts, so a forged header cannot make it
/// allocate without limit.
public struct FountainLimits: Sendable, Equatable {
    /// Longest message, in bytes.
    public var maxMessageLength: Int
    /// Most fragments in one message.
    public var maxSequenceLength: Int

    /// Limits in bytes and fragments.
    public init(maxMessageLength: Int, maxSequenceLength: Int) {
        self.maxMessageLength = maxMessageLength
        self.maxSequenceLength = maxSequenceLength
    }

    /// 16 MiB in at most 65 536 fragments: far beyond anything worth sending as QR frames.
    public static let `default` = FountainLimits(maxMessageLength: 16 << 20, maxSequenceLength: 1 << 16)
}
