/// The Keccak-f[1600] permutation (FIPS 202 §3.3-3.4: θ, ρ, π, χ, ι over 24 rounds) on 25
/// 64-bit lanes, lane (x, y) at index x + 5y. Public so Keccak-256 here and Merlin/STROBE later
/// share one implementation.
public enum KeccakF1600 {
    public static let laneCount = 25
    public static let stateByteCount = 200

    /// Permutes 25 lanes in place. Any other count is a programming error (the state size never
    /// comes from input data), so it traps.
    public static func permute(_ lanes: inout [UInt64]) {
        precondition(lanes.count == laneCount, "Keccak-f[1600] permutes exactly 25 lanes")
        lanes.withUnsafeMutableBufferPointer { permute($0) }
    }

    /// A 200-byte Keccak state, addressable by lane or by byte (bytes are the lanes in
    /// little-endian order, as STROBE and the sponge construction read them).
    public struct State: Sendable, Equatable {
        public private(set) var lanes = [UInt64](repeating: 0, count: KeccakF1600.laneCount)

        /// The all-zero state.
        public init() {}

        /// Byte `index` (0..<200) of the state; out-of-range indexes are programming errors.
        public subscript(byte index: Int) -> UInt8 {
            get {
                precondition((0 ..< KeccakF1600.stateByteCount).contains(index), "Keccak state byte index out of range")
                return UInt8(truncatingIfNeeded: lanes[index >> 3] >> UInt64((index & 7) * 8))
            }
            set {
                precondition((0 ..< KeccakF1600.stateByteCount).contains(index), "Keccak state byte index out of range")
                let shift = UInt64((index & 7) * 8)
                lanes[index >> 3] = (lanes[index >> 3] & ~(0xff << shift)) | (UInt64(newValue) << shift)
            }
        }

        public mutating func permute() {
            lanes.withUnsafeMutableBufferPointer { KeccakF1600.permute($0) }
        }
    }

    // FIPS 202 §3.2.5 (ι): the 24 round constants.
    static let roundConstants: [UInt64] = [
        0x0000_0000_0000_0001, 0x0000_0000_0000_8082, 0x8000_0000_0000_808a, 0x8000_0000_8000_8000,
        0x0000_0000_0000_808b, 0x0000_0000_8000_0001, 0x8000_0000_8000_8081, 0x8000_0000_0000_8009,
        0x0000_0000_0000_008a, 0x0000_0000_0000_0088, 0x0000_0000_8000_8009, 0x0000_0000_8000_000a,
        0x0000_0000_8000_808b, 0x8000_0000_0000_008b, 0x8000_0000_0000_8089, 0x8000_0000_0000_8003,
        0x8000_0000_0000_8002, 0x8000_0000_0000_0080, 0x0000_0000_0000_800a, 0x8000_0000_8000_000a,
        0x8000_0000_8000_8081, 0x8000_0000_0000_8080, 0x0000_0000_8000_0001, 0x8000_0000_8000_8008,
    ]

    // FIPS 202 §3.2.2 (ρ): rotation offset of lane x + 5y.
    static let rotations: [UInt64] = [
        0, 1, 62, 28, 27,
        36, 44, 6, 55, 20,
        3, 10, 43, 25, 39,
        41, 45, 15, 21, 8,
        18, 2, 61, 56, 14,
    ]

    @inline(__always)
    static func rotl(_ x: UInt64, _ n: UInt64) -> UInt64 { (x << n) | (x >> (64 &- n)) }

    static func permute(_ a: UnsafeMutableBufferPointer<UInt64>) {
        precondition(a.count == laneCount)
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 30) { scratch in
            // scratch[0..<5] holds the column parities C, scratch[5..<30] the ρπ output B.
            for round in 0 ..< 24 {
                // θ
                for x in 0 ..< 5 {
                    scratch[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20]
                }
                for x in 0 ..< 5 {
                    let d = scratch[(x + 4) % 5] ^ rotl(scratch[(x + 1) % 5], 1)
                    for y in stride(from: 0, to: 25, by: 5) { a[x + y] ^= d }
                }
                // ρ and π: B[y, 2x + 3y] = ROT(A[x, y], r[x, y]).
                for x in 0 ..< 5 {
                    for y in 0 ..< 5 {
                        scratch[5 + y + 5 * ((2 * x + 3 * y) % 5)] = rotl(a[x + 5 * y], rotations[x + 5 * y])
                    }
                }
                // χ
                for y in stride(from: 0, to: 25, by: 5) {
                    for x in 0 ..< 5 {
                        let b0 = scratch[5 + y + x]
                        let b1 = scratch[5 + y + (x + 1) % 5]
                        let b2 = scratch[5 + y + (x + 2) % 5]
                        a[y + x] = b0 ^ (~b1 & b2)
                    }
                }
                // ι
                a[0] ^= roundConstants[round]
            }
        }
    }
}
