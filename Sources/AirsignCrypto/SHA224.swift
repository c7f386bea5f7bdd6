#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// SHA-224 (FIPS 180-4 §6.3): the SHA-256 compression function with its own initial hash value,
/// truncated to 224 bits. Ours, because libsodium has no SHA-224 (ICP principal IDs need it).
public enum SHA224 {
    public static let outputLength = 28

    public static func hash(_ data: some ContiguousBytes) -> [UInt8] {
        var hasher = Hasher()
        hasher.update(data)
        return hasher.finalize()
    }

    /// Incremental SHA-224; same result as `hash` over the concatenation.
    public struct Hasher: Sendable {
        // FIPS 180-4 §5.3.2.
        private var state: [UInt32] = [
            0xc105_9ed8, 0x367c_d507, 0x3070_dd17, 0xf70e_5939,
            0xffc0_0b31, 0x6858_1511, 0x64f9_8fa7, 0xbefa_4fa4,
        ]
        private var buffer = BlockBuffer(blockSize: 64)
        /// Message length in bytes, modulo 2^64; the padding needs it in bits modulo 2^64,
        /// which is this value shifted left by three with wrapping.
        private var length: UInt64 = 0

        public init() {}

        public mutating func update(_ data: some ContiguousBytes) {
            data.withUnsafeBytes { input in
                length &+= UInt64(truncatingIfNeeded: input.count)
                absorb(input)
            }
        }

        public consuming func finalize() -> [UInt8] {
            let bitLength = length &<< 3
            // §5.1.1: a single 1 bit, zeros up to 56 mod 64, then the 64-bit length.
            var tail: [UInt8] = [0x80]
            tail.append(contentsOf: repeatElement(0, count: (55 &- buffer.count) & 63))
            for shift in stride(from: 56, through: 0, by: -8) {
                tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
            }
            tail.withUnsafeBytes { absorb($0) }
            var out: [UInt8] = []
            out.reserveCapacity(SHA224.outputLength)
            for word in state.prefix(7) {
                out.append(UInt8(truncatingIfNeeded: word >> 24))
                out.append(UInt8(truncatingIfNeeded: word >> 16))
                out.append(UInt8(truncatingIfNeeded: word >> 8))
                out.append(UInt8(truncatingIfNeeded: word))
            }
            return out
        }

        /// Feeds bytes through the block buffer without counting them in `length`.
        private mutating func absorb(_ input: UnsafeRawBufferPointer) {
            state.withUnsafeMutableBufferPointer { h in
                buffer.append(input) { block in SHA256Compression.compress(h, block: block) }
            }
        }
    }
}

/// The SHA-256 compression function (FIPS 180-4 §6.2.2), shared by SHA-224.
enum SHA256Compression {
    // FIPS 180-4 §4.2.2: the first 32 bits of the fractional parts of the cube roots of the
    // first 64 primes.
    static let k: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    @inline(__always)
    static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }

    /// Folds one 64-byte block into the eight-word state `h`.
    static func compress(_ h: UnsafeMutableBufferPointer<UInt32>, block: UnsafeRawPointer) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            // §6.2.2 step 1: the message schedule.
            for t in 0..<16 {
                w[t] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 4 * t, as: UInt32.self))
            }
            for t in 16..<64 {
                let s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3)
                let s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10)
                w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
            }
            // Steps 2-4.
            var a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7]
            for t in 0..<64 {
                let bigSigma1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
                let choose = (e & f) ^ (~e & g)
                let t1 = hh &+ bigSigma1 &+ choose &+ k[t] &+ w[t]
                let bigSigma0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                let t2 = bigSigma0 &+ majority
                hh = g; g = f; f = e; e = d &+ t1
                d = c; c = b; b = a; a = t1 &+ t2
            }
            h[0] &+= a; h[1] &+= b; h[2] &+= c; h[3] &+= d
            h[4] &+= e; h[5] &+= f; h[6] &+= g; h[7] &+= hh
        }
    }
}
