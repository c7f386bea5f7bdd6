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

    @inlinable
    public static func hash(_ data: some ContiguousBytes) -> [UInt8] {
        // Inlinable, so the caller's bytes are reached without generic witnesses.
        data.withUnsafeBytes { hash(bytes: $0) }
    }

    /// The one-shot path, which most hashes take (addresses, transactions): the state and the
    /// padded last block live on the stack, so a hash costs no allocation but its result's.
    @usableFromInline
    static func hash(bytes input: UnsafeRawBufferPointer) -> [UInt8] {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: KeccakF1600.laneCount) { state in
            state.initialize(repeating: 0)
            var offset = 0
            if let base = input.baseAddress {
                while input.count - offset >= rate {
                    Hasher.absorb(block: base + offset, into: state)
                    offset += rate
                }
            }
            withUnsafeTemporaryAllocation(byteCount: rate, alignment: MemoryLayout<UInt64>.alignment) { block in
                // The rest (less than a block), then pad10*1 as `Hasher.finalize` does.
                block.initializeMemory(as: UInt8.self, repeating: 0)
                let rest = UnsafeRawBufferPointer(rebasing: input[offset...])
                block.copyMemory(from: rest)
                block[rest.count] ^= 0x01
                block[rate - 1] ^= 0x80
                if let start = block.baseAddress { Hasher.absorb(block: start, into: state) }
            }
            return digest(of: state)
        }
    }

    /// The first `outputLength` bytes of the state, lanes in little-endian order.
    private static func digest(of lanes: some Collection<UInt64>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(outputLength)
        for lane in lanes.prefix(outputLength / 8) {
            for shift in stride(from: 0, to: 64, by: 8) {
                out.append(UInt8(truncatingIfNeeded: lane >> UInt64(shift)))
            }
        }
        return out
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
            return Keccak256.digest(of: lanes)
        }

        private mutating func absorb(_ input: UnsafeRawBufferPointer) {
            lanes.withUnsafeMutableBufferPointer { state in
                buffer.append(input) { block in Hasher.absorb(block: block, into: state) }
            }
        }

        /// XORs one `rate`-byte block into the first lanes of the state and permutes it.
        fileprivate static func absorb(block: UnsafeRawPointer, into state: UnsafeMutableBufferPointer<UInt64>) {
            for i in 0..<Keccak256.rate / 8 {
                state[i] ^= UInt64(littleEndian: block.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self))
            }
            KeccakF1600.permute(state)
        }
    }
}
