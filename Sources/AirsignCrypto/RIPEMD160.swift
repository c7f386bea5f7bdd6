#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// RIPEMD-160 (Dobbertin, Bosselaers, Preneel 1996). BIP32 needs it for key fingerprints
/// (HASH160 = RIPEMD-160 of SHA-256); neither libsodium nor libsecp256k1 offers it.
public enum RIPEMD160 {
    public static let outputLength = 20

    /// The 20-byte digest of `data`.
    public static func hash(_ data: some ContiguousBytes) -> [UInt8] {
        data.withUnsafeBytes { input in
            var state: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
            let fullBlocks = input.count / 64
            for block in 0..<fullBlocks {
                compress(&state, UnsafeRawBufferPointer(rebasing: input[block * 64..<block * 64 + 64]))
            }
            // Padding: 0x80, zeros to 56 mod 64, then the bit length as 64-bit little-endian.
            var tail = Array(input[fullBlocks * 64..<input.count])
            tail.append(0x80)
            while tail.count % 64 != 56 { tail.append(0) }
            let bitLength = UInt64(truncatingIfNeeded: input.count) &* 8
            for shift in stride(from: 0, to: 64, by: 8) {
                tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
            }
            tail.withUnsafeBytes { padded in
                for block in 0..<padded.count / 64 {
                    compress(&state, UnsafeRawBufferPointer(rebasing: padded[block * 64..<block * 64 + 64]))
                }
            }
            var out: [UInt8] = []
            out.reserveCapacity(outputLength)
            for word in state {
                for shift in stride(from: 0, to: 32, by: 8) {
                    out.append(UInt8(truncatingIfNeeded: word >> UInt32(shift)))
                }
            }
            return out
        }
    }

    // Message word order, rotation amounts and constants of the left and right lines, from the
    // algorithm's specification.
    private static let leftWord: [Int] = [
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
        7, 4, 13, 1, 10, 6, 15, 3, 12, 0, 9, 5, 2, 14, 11, 8,
        3, 10, 14, 4, 9, 15, 8, 1, 2, 7, 0, 6, 13, 11, 5, 12,
        1, 9, 11, 10, 0, 8, 12, 4, 13, 3, 7, 15, 14, 5, 6, 2,
        4, 0, 5, 9, 7, 12, 2, 10, 14, 1, 3, 8, 11, 6, 15, 13,
    ]
    private static let rightWord: [Int] = [
        5, 14, 7, 0, 9, 2, 11, 4, 13, 6, 15, 8, 1, 10, 3, 12,
        6, 11, 3, 7, 0, 13, 5, 10, 14, 15, 8, 12, 4, 9, 1, 2,
        15, 5, 1, 3, 7, 14, 6, 9, 11, 8, 12, 2, 10, 0, 4, 13,
        8, 6, 4, 1, 3, 11, 15, 0, 5, 12, 2, 13, 9, 7, 10, 14,
        12, 15, 10, 4, 1, 5, 8, 7, 6, 2, 13, 14, 0, 3, 9, 11,
    ]
    private static let leftRotation: [UInt32] = [
        11, 14, 15, 12, 5, 8, 7, 9, 11, 13, 14, 15, 6, 7, 9, 8,
        7, 6, 8, 13, 11, 9, 7, 15, 7, 12, 15, 9, 11, 7, 13, 12,
        11, 13, 6, 7, 14, 9, 13, 15, 14, 8, 13, 6, 5, 12, 7, 5,
        11, 12, 14, 15, 14, 15, 9, 8, 9, 14, 5, 6, 8, 6, 5, 12,
        9, 15, 5, 11, 6, 8, 13, 12, 5, 12, 13, 14, 11, 8, 5, 6,
    ]
    private static let rightRotation: [UInt32] = [
        8, 9, 9, 11, 13, 15, 15, 5, 7, 7, 8, 11, 14, 14, 12, 6,
        9, 13, 15, 7, 12, 8, 9, 11, 7, 7, 12, 7, 6, 15, 13, 11,
        9, 7, 15, 11, 8, 6, 6, 14, 12, 13, 5, 14, 13, 13, 7, 5,
        15, 5, 8, 11, 14, 14, 6, 14, 6, 9, 12, 9, 12, 5, 15, 8,
        8, 5, 12, 9, 12, 5, 14, 6, 8, 13, 6, 5, 15, 13, 11, 11,
    ]
    private static let leftConstant: [UInt32] = [0x0000_0000, 0x5A82_7999, 0x6ED9_EBA1, 0x8F1B_BCDC, 0xA953_FD4E]
    private static let rightConstant: [UInt32] = [0x50A2_8BE6, 0x5C4D_D124, 0x6D70_3EF3, 0x7A6D_76E9, 0x0000_0000]

    /// The five boolean functions; round `r` of the left line uses f(r), the right line f(4 - r).
    private static func f(_ round: Int, _ x: UInt32, _ y: UInt32, _ z: UInt32) -> UInt32 {
        switch round {
        case 0: return x ^ y ^ z
        case 1: return (x & y) | (~x & z)
        case 2: return (x | ~y) ^ z
        case 3: return (x & z) | (y & ~z)
        default: return x ^ (y | ~z)
        }
    }

    private static func rotl(_ x: UInt32, _ n: UInt32) -> UInt32 { x << n | x >> (32 - n) }

    /// One 64-byte block into the state.
    private static func compress(_ state: inout [UInt32], _ block: UnsafeRawBufferPointer) {
        var x = [UInt32](repeating: 0, count: 16)
        for i in 0..<16 {
            x[i] =
                UInt32(block[4 * i]) | UInt32(block[4 * i + 1]) << 8
                | UInt32(block[4 * i + 2]) << 16 | UInt32(block[4 * i + 3]) << 24
        }
        var (al, bl, cl, dl, el) = (state[0], state[1], state[2], state[3], state[4])
        var (ar, br, cr, dr, er) = (al, bl, cl, dl, el)
        for j in 0..<80 {
            let round = j / 16
            var t = rotl(al &+ f(round, bl, cl, dl) &+ x[leftWord[j]] &+ leftConstant[round], leftRotation[j]) &+ el
            (al, el, dl, cl, bl) = (el, dl, rotl(cl, 10), bl, t)
            t = rotl(ar &+ f(4 - round, br, cr, dr) &+ x[rightWord[j]] &+ rightConstant[round], rightRotation[j]) &+ er
            (ar, er, dr, cr, br) = (er, dr, rotl(cr, 10), br, t)
        }
        let t = state[1] &+ cl &+ dr
        state[1] = state[2] &+ dl &+ er
        state[2] = state[3] &+ el &+ ar
        state[3] = state[4] &+ al &+ br
        state[4] = state[0] &+ bl &+ cr
        state[0] = t
    }
}
