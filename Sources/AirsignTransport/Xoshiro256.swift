import AirsignCrypto

/// Xoshiro256** seeded from SHA-256, exactly as the UR fountain code specifies it
/// (BCR-2024-001): encoder and decoder must draw the same numbers, so every operation here,
/// including the conversions to `Double`, is part of the wire format.
public struct Xoshiro256: Sendable {
    private var s: (UInt64, UInt64, UInt64, UInt64)

    /// Seeds with the big-endian words of SHA-256(`seed`).
    public init(seed: [UInt8]) {
        let digest = SHA256.hash(seed)
        func word(_ i: Int) -> UInt64 {
            digest[(8 * i)..<(8 * i + 8)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        }
        s = (word(0), word(1), word(2), word(3))
    }

    /// Seeds with the UTF-8 bytes of `string` (the spec's test messages use "Wolf").
    public init(string: String) {
        self.init(seed: Array(string.utf8))
    }

    /// Seeds with the 4-byte big-endian checksum.
    public init(checksum: UInt32) {
        self.init(seed: [
            UInt8(checksum >> 24), UInt8(truncatingIfNeeded: checksum >> 16),
            UInt8(truncatingIfNeeded: checksum >> 8), UInt8(truncatingIfNeeded: checksum),
        ])
    }

    /// The next 64-bit output (the ** scrambler over state word 1).
    public mutating func next() -> UInt64 {
        let result = (s.1 &* 5).rotatedLeft(7) &* 9
        let t = s.1 << 17
        s.2 ^= s.0
        s.3 ^= s.1
        s.1 ^= s.2
        s.0 ^= s.3
        s.2 ^= t
        s.3 = s.3.rotatedLeft(45)
        return result
    }

    /// A double in [0, 1): the 64-bit output divided by 2^64 (after rounding to a double, as the
    /// reference does).
    public mutating func nextDouble() -> Double {
        Double(next()) / (Double(UInt64.max) + 1)
    }

    /// An integer in `range`, scaled from `nextDouble` like the reference implementation.
    public mutating func nextInt(in range: ClosedRange<Int>) -> Int {
        Int(nextDouble() * Double(range.upperBound - range.lowerBound + 1)) + range.lowerBound
    }

    /// A byte from `nextInt(in: 0 ... 255)`.
    public mutating func nextByte() -> UInt8 {
        UInt8(truncatingIfNeeded: nextInt(in: 0...255))
    }

    /// `count` bytes from `nextByte` (the spec's `makeMessage`).
    public mutating func nextData(count: Int) -> [UInt8] {
        (0..<count).map { _ in nextByte() }
    }
}

extension UInt64 {
    fileprivate func rotatedLeft(_ k: UInt64) -> UInt64 {
        (self << k) | (self >> (64 - k))
    }
}
