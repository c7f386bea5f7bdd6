import AirsignEncoding

/// Reassembles a message from UR fountain parts in any order, with duplicates and gaps
/// (BCR-2024-001 decoder): plain fragments are kept as they come, mixed parts are reduced by
/// every known part until they yield a fragment, and the result is checked against the CRC-32.
///
/// The first part fixes the message (sequence length, message length, checksum, fragment
/// length); a part that disagrees is refused with `TransportError.differentMessage` and
/// changes nothing.
public struct FountainDecoder: Sendable {
    /// What one call to `receive` did.
    public enum Outcome: Equatable, Sendable {
        /// New information: a fragment or a mix not seen before.
        case accepted
        /// Already known (or the message is already complete): nothing changed.
        case duplicate
    }

    private struct Mix {
        var indexes: Set<Int>
        var data: [UInt8]
    }

    private struct Header: Equatable {
        let seqLen: Int, messageLen: Int, checksum: UInt32, fragmentLen: Int
    }

    private var header: Header?
    private var chooser: FragmentChooser?
    private var simple: [Int: [UInt8]] = [:]
    private var mixed: [Set<Int>: Mix] = [:]
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
    /// Fragments recovered so far.
    public var recoveredFragmentCount: Int { message == nil ? simple.count : header?.seqLen ?? 0 }
    /// Distinct parts received (by sequence number).
    public var receivedPartCount: Int { seenSeqNums.count }
    /// Independent equations held: recovered fragments plus irreducible mixes. The message is
    /// complete about when this reaches `expectedFragmentCount`, so it drives progress.
    public var knownCount: Int {
        guard let header else { return 0 }
        return message == nil ? min(header.seqLen, simple.count + mixed.count) : header.seqLen
    }

    /// Takes one part. Throws `differentMessage` for a part of another message and
    /// `messageChecksumMismatch` if the completed message fails its CRC-32.
    @discardableResult
    public mutating func receive(_ part: FountainPart) throws(TransportError) -> Outcome {
        let h = Header(seqLen: part.seqLen, messageLen: part.messageLen, checksum: part.checksum,
                       fragmentLen: part.data.count)
        if let header {
            guard header == h else { throw .differentMessage(Self.difference(header, h)) }
        } else {
            header = h
            chooser = FragmentChooser(seqLen: h.seqLen, checksum: h.checksum)
        }
        guard message == nil, seenSeqNums.insert(part.seqNum).inserted, let chooser else { return .duplicate }
        let before = (simple.count, mixed.count)
        var queue = [Mix(indexes: Set(chooser.fragments(seqNum: part.seqNum)), data: part.data)]
        while let next = queue.popLast() {
            if next.indexes.count == 1 {
                try takeSimple(next, queue: &queue)
                if message != nil { return .accepted }
            } else {
                takeMixed(next, queue: &queue)
            }
        }
        return (simple.count, mixed.count) == before ? .duplicate : .accepted
    }

    private mutating func takeSimple(_ part: Mix, queue: inout [Mix]) throws(TransportError) {
        guard let index = part.indexes.first, simple[index] == nil, let header else { return }
        simple[index] = part.data
        if simple.count == header.seqLen {
            var joined: [UInt8] = []
            joined.reserveCapacity(header.seqLen * header.fragmentLen)
            for i in 0 ..< header.seqLen { joined += simple[i] ?? [] }
            let result = Array(joined.prefix(header.messageLen))
            guard CRC32.checksum(result) == header.checksum else {
                // Keep nothing: a later scan starts over instead of reusing a poisoned set.
                self = FountainDecoder()
                throw .messageChecksumMismatch
            }
            message = result
            mixed = [:]
            return
        }
        for (key, mix) in mixed where mix.indexes.contains(index) {
            mixed[key] = nil
            var reduced = mix
            reduced.indexes.remove(index)
            xorInto(&reduced.data, part.data)
            if reduced.indexes.count == 1 { queue.append(reduced) } else if mixed[reduced.indexes] == nil {
                mixed[reduced.indexes] = reduced
            }
        }
    }

    private mutating func takeMixed(_ part: Mix, queue: inout [Mix]) {
        guard mixed[part.indexes] == nil else { return }
        var p = part
        for index in p.indexes where p.indexes.count > 1 {
            if let data = simple[index] {
                p.indexes.remove(index)
                xorInto(&p.data, data)
            }
        }
        for mix in mixed.values where mix.indexes.isStrictSubset(of: p.indexes) {
            p.indexes.subtract(mix.indexes)
            xorInto(&p.data, mix.data)
        }
        if p.indexes.count == 1 {
            queue.append(p)
            return
        }
        guard mixed[p.indexes] == nil else { return }
        for (key, mix) in mixed where p.indexes.isStrictSubset(of: mix.indexes) {
            mixed[key] = nil
            var reduced = mix
            reduced.indexes.subtract(p.indexes)
            xorInto(&reduced.data, p.data)
            if reduced.indexes.count == 1 { queue.append(reduced) } else if mixed[reduced.indexes] == nil {
                mixed[reduced.indexes] = reduced
            }
        }
        mixed[p.indexes] = p
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
