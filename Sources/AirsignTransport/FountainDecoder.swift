import AirsignEncoding

/// Reassembles a message from UR fountain parts in any order, with duplicates and gaps, and
/// checks it against the CRC-32.
///
/// BCR-2024-001 describes a peeling decoder (a mixed part is used only once the fragments it
/// mixes are all known but one). This one solves the parts as a linear system over GF(2)
/// instead: each part is an equation "XOR of these fragments = this data", kept in row echelon
/// form, and the message is complete as soon as the equations have full rank. It accepts the
/// same parts and yields the same message, but needs fewer of them: a mix whose fragments are
/// unknown still counts, which matters most when frames are lost and the scanner must wait for
/// mixed parts.
///
/// The first part fixes the message (sequence length, message length, checksum, fragment
/// length); a part that disagrees is refused with `TransportError.differentMessage` and
/// changes nothing.
public struct FountainDecoder: Sendable {
    /// What one call to `receive` did.
    public enum Outcome: Equatable, Sendable {
        /// New information: an equation independent of those held.
        case accepted
        /// Already implied by the parts held (or the message is already complete): nothing changed.
        case duplicate
    }

    /// One equation: the fragments it mixes as a bit set (bit i = fragment i) and their XOR.
    /// Held rows are reduced so that each has a distinct lowest fragment (its pivot).
    private struct Row {
        var bits: [UInt64]
        var data: [UInt8]
    }

    private struct Header: Equatable {
        let seqLen: Int, messageLen: Int, checksum: UInt32, fragmentLen: Int
    }

    private var header: Header?
    private var chooser: FragmentChooser?
    /// Rows by pivot.
    private var rows: [Int: Row] = [:]
    private var seenSeqNums: Set<UInt32> = []
    /// The reassembled message, once complete and checked.
    public private(set) var message: [UInt8]?

    /// An empty decoder; the first part received fixes the message.
    public init() {}

    /// True once the message is reassembled and its CRC-32 checked.
    public var isComplete: Bool { message != nil }
    /// Fragments the message was cut into, once the first part arrived.
    public var expectedFragmentCount: Int? { header?.seqLen }
    /// The message's CRC-32, once the first part arrived.
    public var checksum: UInt32? { header?.checksum }
    /// Distinct parts received (by sequence number).
    public var receivedPartCount: Int { seenSeqNums.count }
    /// Independent equations held. The message is complete exactly when this reaches
    /// `expectedFragmentCount`, so it drives progress.
    public var knownCount: Int {
        guard let header else { return 0 }
        return message == nil ? rows.count : header.seqLen
    }

    /// Takes one part. Throws `differentMessage` for a part of another message and
    /// `messageChecksumMismatch` if the completed message fails its CRC-32.
    @discardableResult
    public mutating func receive(_ part: FountainPart) throws(TransportError) -> Outcome {
        let h = Header(
            seqLen: part.seqLen, messageLen: part.messageLen, checksum: part.checksum,
            fragmentLen: part.data.count)
        if let header {
            guard header == h else { throw .differentMessage(Self.difference(header, h)) }
        } else {
            header = h
            chooser = FragmentChooser(seqLen: h.seqLen, checksum: h.checksum)
        }
        guard message == nil, seenSeqNums.insert(part.seqNum).inserted, let chooser else { return .duplicate }
        var row = Row(bits: [UInt64](repeating: 0, count: (h.seqLen + 63) / 64), data: part.data)
        for index in chooser.fragments(seqNum: part.seqNum) where index >= 0 && index < h.seqLen {
            row.bits[index / 64] ^= 1 << UInt64(index % 64)
        }
        // Eliminate held pivots from the lowest fragment up; the row either gets a pivot no held
        // row has (new information) or vanishes (implied by what is held).
        var word = 0
        while word < row.bits.count {
            guard row.bits[word] != 0 else { word += 1; continue }
            let pivot = word * 64 + row.bits[word].trailingZeroBitCount
            guard let held = rows[pivot] else {
                rows[pivot] = row
                if rows.count == h.seqLen { try solve(h) }
                return .accepted
            }
            for w in word..<row.bits.count { row.bits[w] ^= held.bits[w] }
            xorInto(&row.data, held.data)
        }
        return .duplicate
    }

    /// Back-substitution once every fragment is a pivot: from the last fragment down, each
    /// row's data XOR the solved fragments above its pivot is its own fragment.
    private mutating func solve(_ header: Header) throws(TransportError) {
        var fragments = [[UInt8]](repeating: [], count: header.seqLen)
        for pivot in stride(from: header.seqLen - 1, through: 0, by: -1) {
            guard let row = rows[pivot] else { return }
            var data = row.data
            for word in pivot / 64..<row.bits.count {
                var bits = row.bits[word]
                while bits != 0 {
                    let index = word * 64 + bits.trailingZeroBitCount
                    bits &= bits - 1
                    if index > pivot { xorInto(&data, fragments[index]) }
                }
            }
            fragments[pivot] = data
        }
        var joined: [UInt8] = []
        joined.reserveCapacity(header.seqLen * header.fragmentLen)
        for fragment in fragments { joined += fragment }
        let result = Array(joined.prefix(header.messageLen))
        guard CRC32.checksum(result) == header.checksum else {
            // Keep nothing: a later scan starts over instead of reusing a poisoned set.
            self = FountainDecoder()
            throw .messageChecksumMismatch
        }
        message = result
        rows = [:]
    }

    private static func difference(_ a: Header, _ b: Header) -> String {
        if a.checksum != b.checksum {
            return "checksum \(hex32(b.checksum)) instead of \(hex32(a.checksum))"
        }
        if a.messageLen != b.messageLen { return "length \(b.messageLen) instead of \(a.messageLen) bytes" }
        if a.seqLen != b.seqLen { return "\(b.seqLen) fragments instead of \(a.seqLen)" }
        return "fragment size \(b.fragmentLen) instead of \(a.fragmentLen) bytes"
    }
}

func hex32(_ v: UInt32) -> String {
    let s = String(v, radix: 16)
    return String(repeating: "0", count: 8 - s.count) + s
}
