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
        private var buffer = [UInt8](repeating: 0, count: Keccak256.rate)
        private var buffered = 0

        public init() {}

        public mutating func update(_ data: some ContiguousBytes) {
            data.withUnsafeBytes { input in
                guard let base = input.baseAddress, !input.isEmpty else { return }
                var offset = 0
                if buffered > 0 {
                    let take = Swift.min(rate - buffered, input.count)
                    buffer.withUnsafeMutableBytes { buf in
                        UnsafeMutableRawBufferPointer(rebasing: buf[buffered ..< buffered + take])
                            .copyMemory(from: UnsafeRawBufferPointer(rebasing: input[0 ..< take]))
                    }
                    buffered += take
                    offset = take
                    guard buffered == rate else { return }
                    absorbBuffer()
                }
                while input.count - offset >= rate {
                    absorb(block: base + offset)
                    offset += rate
                }
                let rest = input.count - offset
                if rest > 0 {
                    buffer.withUnsafeMutableBytes { buf in
                        UnsafeMutableRawBufferPointer(rebasing: buf[0 ..< rest])
                            .copyMemory(from: UnsafeRawBufferPointer(rebasing: input[offset...]))
                    }
                    buffered = rest
                }
            }
        }

        public consuming func finalize() -> [UInt8] {
            // pad10*1 on whole bytes: 0x01 after the message, 0x80 in the last byte of the
            // block (both in one byte, 0x81, when only one byte is free).
            for i in buffered ..< rate { buffer[i] = 0 }
            buffer[buffered] ^= 0x01
            buffer[rate - 1] ^= 0x80
            absorbBuffer()
            var out = [UInt8]()
            out.reserveCapacity(outputLength)
            for lane in lanes.prefix(outputLength / 8) {
                for shift in stride(from: 0, to: 64, by: 8) {
                    out.append(UInt8(truncatingIfNeeded: lane >> UInt64(shift)))
                }
            }
            return out
        }

        private mutating func absorbBuffer() {
            buffer.withUnsafeBytes { block in
                if let base = block.baseAddress { absorb(block: base) }
            }
            buffered = 0
        }

        private mutating func absorb(block: UnsafeRawPointer) {
            lanes.withUnsafeMutableBufferPointer { state in
                for i in 0 ..< Keccak256.rate / 8 {
                    state[i] ^= UInt64(littleEndian: block.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self))
                }
                KeccakF1600.permute(state)
            }
        }
    }
}
