import Foundation

/// A reproducible random source for property tests (SplitMix64).
///
/// The seed comes from `AIRSIGN_TEST_SEED` when set, otherwise from the system generator, and is
/// printed so any failure can be replayed with `AIRSIGN_TEST_SEED=<seed> swift test --filter …`.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    public let seed: UInt64
    private var state: UInt64

    public init(seed: UInt64) {
        self.seed = seed
        self.state = seed
    }

    /// A generator for the named test, announcing its seed on stdout.
    public static func forTest(_ name: String) -> SeededRandom {
        let env = ProcessInfo.processInfo.environment["AIRSIGN_TEST_SEED"]
        let seed = env.flatMap { UInt64($0) } ?? UInt64.random(in: .min ... .max)
        print("[\(name)] random seed \(seed) (replay with AIRSIGN_TEST_SEED=\(seed))")
        return SeededRandom(seed: seed)
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `count` random bytes.
    public mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &self) }
    }

    /// Random bytes of a random length in `lengths`.
    public mutating func bytes(lengthIn lengths: ClosedRange<Int>) -> [UInt8] {
        bytes(Int.random(in: lengths, using: &self))
    }

    /// Mutations of a valid encoding that a decoder must survive: every prefix-truncation point
    /// sampled, single bit flips, and inserted/removed bytes.
    public mutating func corruptions(of input: [UInt8], count: Int) -> [[UInt8]] {
        var out: [[UInt8]] = []
        out.reserveCapacity(count)
        for _ in 0..<count {
            var m = input
            switch Int.random(in: 0..<4, using: &self) {
            case 0 where !m.isEmpty:
                m.removeLast(Int.random(in: 1...m.count, using: &self))
            case 1 where !m.isEmpty:
                let i = Int.random(in: 0..<m.count, using: &self)
                m[i] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &self)
            case 2:
                m.insert(UInt8.random(in: 0...255, using: &self), at: Int.random(in: 0...m.count, using: &self))
            default:
                m = bytes(lengthIn: 0...max(1, input.count))
            }
            out.append(m)
        }
        return out
    }
}
