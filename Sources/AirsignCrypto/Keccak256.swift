#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Keccak-256 as Ethereum uses it: the Keccak[r=1088, c=512] sponge with the original Keccak
/// padding (first pad byte 0x01), which is NOT FIPS 202 SHA3-256 (whose first pad byte is 0x06).
/// Ours, because libsodium has no Keccak.
public enum Keccak256 {
    public static let outputLength = 32
    /// Bytes absorbed per permutation: (1600 - 2 * 256) / 8.
    static let rate = 136

    public static func hash(_ data: some ContiguousBytes) -> [UInt8] {
        var hasher = Hasher()
        hasher.update(data)
        return hasher.finalize()
    }

    /// Incremental Keccak-256; same result as `hash` over the concatenation.
    public struct Hasher: Sendable {
        private var lanes = [UInt64](repeating: 0, count: KeccakF1600.laneCount)
        private var buffer = BlockBuffer(blockSize: Keccak256.rate)

        public init() {}

        public mutating func update(_ data: some ContiguousBytes) {
            data.withUnsafeBytes { absorb($0) }
        }

        public consuming func finalize() -> [UInt8] {
            // pad10*1 on whole bytes: 0x01 after the message, 0x80 in the last byte of the
            // block (both in one byte, 0x81, when only one byte is free). The buffer always
            // holds less than a block, so at least one byte is free.
            var padding = [UInt8](repeating: 0, count: rate - buffer.count)
            padding[0] ^= 0x01
            padding[padding.count - 1] ^= 0x80
            padding.withUnsafeBytes { absorb($0) }
            var out = [UInt8]()
            out.reserveCapacity(outputLength)
            for lane in lanes.prefix(outputLength / 8) {
                for shift in stride(from: 0, to: 64, by: 8) {
                    out.append(UInt8(truncatingIfNeeded: lane >> UInt64(shift)))
                }
            }
            return out
        }

        private mutating func absorb(_ input: UnsafeRawBufferPointer) {
            lanes.withUnsafeMutableBufferPointer { state in
                buffer.append(input) { block in Hasher.absorb(block: block, into: state) }
            }
        }

        /// XORs one `rate`-byte block into the first lanes of the state and permutes it.
        private static func absorb(block: UnsafeRawPointer, into state: UnsafeMutableBufferPointer<UInt64>) {
            for i in 0 ..< Keccak256.rate / 8 {
                state[i] ^= UInt64(littleEndian: block.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self))
            }
            KeccakF1600.permute(state)
        }
    }
}
