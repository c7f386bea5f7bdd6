/// Which fragments each fountain part carries (BCR-2024-001): parts 1…seqLen carry one fragment
/// each in order; every later part XORs a pseudo-random set whose size follows the ideal soliton
/// ("harmonic") distribution, seeded from the part's sequence number and the message checksum.
public struct FragmentChooser: Sendable {
    /// Number of fragments in the message.
    public let seqLen: Int
    /// The message CRC-32 that seeds every mixed part.
    public let checksum: UInt32
    private let degrees: RandomSampler

    /// The chooser for one message.
    public init(seqLen: Int, checksum: UInt32) {
        self.seqLen = seqLen
        self.checksum = checksum
        // Weight 1/d for degree d; built once per message since parts share it.
        degrees = RandomSampler(weights: (1...max(1, seqLen)).map { 1.0 / Double($0) })
    }

    /// The sorted fragment indexes (0-based) mixed into part `seqNum` (1-based).
    public func fragments(seqNum: UInt32) -> [Int] {
        if Int(seqNum) <= seqLen { return [max(0, Int(seqNum) - 1)] }
        let seed = [
            UInt8(seqNum >> 24), UInt8(truncatingIfNeeded: seqNum >> 16),
            UInt8(truncatingIfNeeded: seqNum >> 8), UInt8(truncatingIfNeeded: seqNum),
            UInt8(checksum >> 24), UInt8(truncatingIfNeeded: checksum >> 16),
            UInt8(truncatingIfNeeded: checksum >> 8), UInt8(truncatingIfNeeded: checksum),
        ]
        var rng = Xoshiro256(seed: seed)
        let degree = chooseDegree(&rng)
        return Self.shuffled(Array(0..<seqLen), count: degree, rng: &rng).sorted()
    }

    /// 1 … seqLen, drawn from the harmonic weights.
    public func chooseDegree(_ rng: inout Xoshiro256) -> Int {
        degrees.next(&rng) + 1
    }

    /// The first `count` items of a Fisher–Yates shuffle that draws each pick with `nextInt`
    /// and removes it, as the reference does (so the order matches, not just the set).
    public static func shuffled<T>(_ items: [T], count: Int, rng: inout Xoshiro256) -> [T] {
        var remaining = items
        var result: [T] = []
        result.reserveCapacity(min(count, items.count))
        while result.count < count, !remaining.isEmpty {
            let i = rng.nextInt(in: 0...remaining.count - 1)
            result.append(remaining.remove(at: min(i, remaining.count - 1)))
        }
        return result
    }
}
