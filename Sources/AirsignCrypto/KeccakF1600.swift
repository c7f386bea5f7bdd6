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
                precondition((0..<KeccakF1600.stateByteCount).contains(index), "Keccak state byte index out of range")
                return UInt8(truncatingIfNeeded: lanes[index >> 3] >> UInt64((index & 7) * 8))
            }
            set {
                precondition((0..<KeccakF1600.stateByteCount).contains(index), "Keccak state byte index out of range")
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

    @inline(__always)
    static func rotl(_ x: UInt64, _ n: UInt64) -> UInt64 { (x << n) | (x >> (64 &- n)) }

    /// The 24 rounds on the lanes held in locals, written out: the loop over computed indexes
    /// and lookup tables it replaces cost a microsecond per permutation, and an Ethereum
    /// request hashes about ten times. The ρ offsets (FIPS 202 §3.2.2, table 2) and the π
    /// destinations, B[y, 2x + 3y] = ROT(A[x, y], r[x, y]), are folded into the b lines.
    static func permute(_ a: UnsafeMutableBufferPointer<UInt64>) {
        precondition(a.count == laneCount)
        var (a0, a1, a2, a3, a4) = (a[0], a[1], a[2], a[3], a[4])
        var (a5, a6, a7, a8, a9) = (a[5], a[6], a[7], a[8], a[9])
        var (a10, a11, a12, a13, a14) = (a[10], a[11], a[12], a[13], a[14])
        var (a15, a16, a17, a18, a19) = (a[15], a[16], a[17], a[18], a[19])
        var (a20, a21, a22, a23, a24) = (a[20], a[21], a[22], a[23], a[24])
        for constant in roundConstants {
            // θ: each lane takes the parities of the two neighbouring columns.
            let c0 = a0 ^ a5 ^ a10 ^ a15 ^ a20
            let c1 = a1 ^ a6 ^ a11 ^ a16 ^ a21
            let c2 = a2 ^ a7 ^ a12 ^ a17 ^ a22
            let c3 = a3 ^ a8 ^ a13 ^ a18 ^ a23
            let c4 = a4 ^ a9 ^ a14 ^ a19 ^ a24
            let d0 = c4 ^ rotl(c1, 1)
            let d1 = c0 ^ rotl(c2, 1)
            let d2 = c1 ^ rotl(c3, 1)
            let d3 = c2 ^ rotl(c4, 1)
            let d4 = c3 ^ rotl(c0, 1)
            // ρ and π: B[y, 2x + 3y] = ROT(A[x, y], r[x, y]).
            let b0 = a0 ^ d0
            let b1 = rotl(a6 ^ d1, 44)
            let b2 = rotl(a12 ^ d2, 43)
            let b3 = rotl(a18 ^ d3, 21)
            let b4 = rotl(a24 ^ d4, 14)
            let b5 = rotl(a3 ^ d3, 28)
            let b6 = rotl(a9 ^ d4, 20)
            let b7 = rotl(a10 ^ d0, 3)
            let b8 = rotl(a16 ^ d1, 45)
            let b9 = rotl(a22 ^ d2, 61)
            let b10 = rotl(a1 ^ d1, 1)
            let b11 = rotl(a7 ^ d2, 6)
            let b12 = rotl(a13 ^ d3, 25)
            let b13 = rotl(a19 ^ d4, 8)
            let b14 = rotl(a20 ^ d0, 18)
            let b15 = rotl(a4 ^ d4, 27)
            let b16 = rotl(a5 ^ d0, 36)
            let b17 = rotl(a11 ^ d1, 10)
            let b18 = rotl(a17 ^ d2, 15)
            let b19 = rotl(a23 ^ d3, 56)
            let b20 = rotl(a2 ^ d2, 62)
            let b21 = rotl(a8 ^ d3, 55)
            let b22 = rotl(a14 ^ d4, 39)
            let b23 = rotl(a15 ^ d0, 41)
            let b24 = rotl(a21 ^ d1, 2)
            // χ: each row mixed with its next two lanes.
            a0 = b0 ^ (~b1 & b2)
            a1 = b1 ^ (~b2 & b3)
            a2 = b2 ^ (~b3 & b4)
            a3 = b3 ^ (~b4 & b0)
            a4 = b4 ^ (~b0 & b1)
            a5 = b5 ^ (~b6 & b7)
            a6 = b6 ^ (~b7 & b8)
            a7 = b7 ^ (~b8 & b9)
            a8 = b8 ^ (~b9 & b5)
            a9 = b9 ^ (~b5 & b6)
            a10 = b10 ^ (~b11 & b12)
            a11 = b11 ^ (~b12 & b13)
            a12 = b12 ^ (~b13 & b14)
            a13 = b13 ^ (~b14 & b10)
            a14 = b14 ^ (~b10 & b11)
            a15 = b15 ^ (~b16 & b17)
            a16 = b16 ^ (~b17 & b18)
            a17 = b17 ^ (~b18 & b19)
            a18 = b18 ^ (~b19 & b15)
            a19 = b19 ^ (~b15 & b16)
            a20 = b20 ^ (~b21 & b22)
            a21 = b21 ^ (~b22 & b23)
            a22 = b22 ^ (~b23 & b24)
            a23 = b23 ^ (~b24 & b20)
            a24 = b24 ^ (~b20 & b21)
            // ι
            a0 ^= constant
        }
        (a[0], a[1], a[2], a[3], a[4]) = (a0, a1, a2, a3, a4)
        (a[5], a[6], a[7], a[8], a[9]) = (a5, a6, a7, a8, a9)
        (a[10], a[11], a[12], a[13], a[14]) = (a10, a11, a12, a13, a14)
        (a[15], a[16], a[17], a[18], a[19]) = (a15, a16, a17, a18, a19)
        (a[20], a[21], a[22], a[23], a[24]) = (a20, a21, a22, a23, a24)
    }
}
