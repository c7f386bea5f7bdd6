import AirsignEncoding

/// The rateless UR fountain encoder (BCR-2024-001): cuts a message into equal fragments and
/// emits an endless stream of parts — first each fragment alone, then pseudo-random XOR mixes —
/// so a receiver can finish from any sufficiently large subset of frames.
public struct FountainEncoder: Sendable {
    /// Length of the message in bytes.
    public let messageLen: Int
    /// CRC-32 of the message; seeds the choice of fragments for mixed parts.
    public let checksum: UInt32
    /// Length of every fragment (the last is zero-padded).
    public let fragmentLen: Int
    /// The message cut into `seqLen` fragments.
    public let fragments: [[UInt8]]
    /// Sequence number of the last part emitted (0 before the first).
    public private(set) var seqNum: UInt32
    private let chooser: FragmentChooser

    /// Number of fragments.
    public var seqLen: Int { fragments.count }

    /// `maxFragmentLen` bounds each fragment; the actual length is the smallest even split
    /// (`nominalFragmentLength`). `firstSeqNum` is the sequence number before the first part.
    public init(message: [UInt8], maxFragmentLen: Int, minFragmentLen: Int = 10, firstSeqNum: UInt32 = 0)
        throws(TransportError)
    {
        guard !message.isEmpty else { throw .emptyMessage }
        guard maxFragmentLen >= 1 else { throw .invalidOption("fragment size must be at least 1 byte") }
        messageLen = message.count
        checksum = CRC32.checksum(message)
        fragmentLen = Self.nominalFragmentLength(
            messageLen: message.count, minFragmentLen: minFragmentLen,
            maxFragmentLen: maxFragmentLen)
        fragments = Self.partition(message, fragmentLen: fragmentLen)
        seqNum = firstSeqNum
        chooser = FragmentChooser(seqLen: fragments.count, checksum: checksum)
    }

    /// The reference's fragment length: the fewest fragments (each at least `minFragmentLen`)
    /// whose even split is at most `maxFragmentLen`.
    public static func nominalFragmentLength(messageLen: Int, minFragmentLen: Int, maxFragmentLen: Int) -> Int {
        let maxCount = max(1, messageLen / max(1, minFragmentLen))
        var length = messageLen
        for count in 1...maxCount {
            length = (messageLen + count - 1) / count
            if length <= maxFragmentLen { break }
        }
        return length
    }

    /// Equal pieces of `fragmentLen` bytes, the last padded with zeros.
    public static func partition(_ message: [UInt8], fragmentLen: Int) -> [[UInt8]] {
        stride(from: 0, to: message.count, by: fragmentLen).map { start in
            var piece = Array(message[start..<min(start + fragmentLen, message.count)])
            piece += [UInt8](repeating: 0, count: fragmentLen - piece.count)
            return piece
        }
    }

    /// True once every plain fragment has been emitted at least once.
    public var isComplete: Bool { Int(seqNum) >= seqLen }

    /// The next part; sequence numbers wrap at 2^32 as in the reference.
    public mutating func nextPart() -> FountainPart {
        advance()
        return part(mixing: chooser.fragments(seqNum: seqNum))
    }

    /// Moves to the next sequence number; they wrap at 2^32, skipping 0 (not a valid one).
    private mutating func advance() {
        seqNum &+= 1
        if seqNum == 0 { seqNum = 1 }
    }

    /// The part of the current sequence number, which mixes the fragments at `indexes`.
    private func part(mixing indexes: [Int]) -> FountainPart {
        var data = fragments[indexes[0]]
        for i in indexes.dropFirst() { xorInto(&data, fragments[i]) }
        return FountainPart(seqNum: seqNum, seqLen: seqLen, messageLen: messageLen, checksum: checksum, data: data)
    }
}

extension FountainEncoder {
    /// Fewest fragments a mixed part should carry to be shown by `nextShownPart` (for messages of
    /// at least twice as many fragments; half the fragments for shorter ones).
    public static let shownMinimumDegree = 6

    /// The next part worth showing on a screen: `nextPart()`, except that once every fragment has
    /// been shown alone, parts mixing only a few fragments are passed over (their sequence numbers
    /// are skipped). Such a part mostly repeats what the first cycle showed; a reader that lost
    /// frames gains far more from a wide mix, and a decoder that solves the parts as a linear
    /// system (ours) finishes on fewer frames (`make bench`, fountain table). Every part is still
    /// a valid BCR-2024-001 part, so any UR decoder accepts the sequence.
    public mutating func nextShownPart() -> FountainPart {
        let minimum = min(Self.shownMinimumDegree, max(1, seqLen / 2))
        // A wide enough mix comes up every few sequence numbers; the bound only keeps this loop
        // finite whatever the message.
        for _ in 0..<1_000 {
            advance()
            let indexes = chooser.fragments(seqNum: seqNum)
            if Int(seqNum) <= seqLen || indexes.count >= minimum { return part(mixing: indexes) }
        }
        return nextPart()
    }
}

/// `a ^= b` byte by byte over the shorter length (fragments of one message are equally long).
func xorInto(_ a: inout [UInt8], _ b: [UInt8]) {
    for i in 0..<min(a.count, b.count) { a[i] ^= b[i] }
}
