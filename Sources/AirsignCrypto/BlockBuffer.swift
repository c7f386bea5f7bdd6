/// Cuts a stream of input pieces into the fixed-size blocks a hash's compression function (or
/// sponge permutation) consumes, for the hashes we implement ourselves (SHA-224, Keccak-256).
///
/// Whole blocks are handed over straight from the caller's memory; only the bytes of a block
/// split across pieces are copied, and fewer than `blockSize` bytes are ever held back.
struct BlockBuffer: Sendable {
    let blockSize: Int
    private var pending: [UInt8]
    /// Bytes held back until their block is complete: always less than `blockSize`.
    private(set) var count = 0

    init(blockSize: Int) {
        self.blockSize = blockSize
        pending = [UInt8](repeating: 0, count: blockSize)
    }

    /// Adds `input` to the stream, calling `process` with each block it completes, in order.
    /// `process` may only read `blockSize` bytes at the pointer, and only while it runs.
    mutating func append(_ input: UnsafeRawBufferPointer, _ process: (UnsafeRawPointer) -> Void) {
        guard let base = input.baseAddress, !input.isEmpty else { return }
        var offset = 0
        if count > 0 {
            // Complete the block an earlier piece started, if this piece is long enough.
            let take = Swift.min(blockSize - count, input.count)
            pending.withUnsafeMutableBytes { buffer in
                UnsafeMutableRawBufferPointer(rebasing: buffer[count..<count + take])
                    .copyMemory(from: UnsafeRawBufferPointer(rebasing: input[0..<take]))
            }
            count += take
            offset = take
            guard count == blockSize else { return }
            pending.withUnsafeBytes { block in
                if let start = block.baseAddress { process(start) }
            }
            count = 0
        }
        while input.count - offset >= blockSize {
            process(base + offset)
            offset += blockSize
        }
        let rest = input.count - offset
        if rest > 0 {
            pending.withUnsafeMutableBytes { buffer in
                UnsafeMutableRawBufferPointer(rebasing: buffer[0..<rest])
                    .copyMemory(from: UnsafeRawBufferPointer(rebasing: input[offset...]))
            }
            count = rest
        }
    }
}
