/// BLAKE3 (the BLAKE3 specification, O'Connor, Aumasson, Neves, Wilcox-O'Hearn, 2020): the hash,
/// keyed hash and key derivation modes, any output length (the extendable output). RFC-0078's
/// merkleized metadata hashes with the default mode and 32-byte output. Debian ships no BLAKE3
/// library (only the `b3sum` tool and Rust sources), so this one is ours, checked against the
/// official test vectors and the PyPI `blake3` bindings of the reference crate.
///
/// Written for clarity over speed: one compression per 64-byte block, no SIMD. Inputs come from
/// the program itself (metadata types, proofs), so nothing here is secret-dependent.
public enum BLAKE3 {
    public static let outputLength = 32
    public static let keyLength = 32

    /// The default mode: unkeyed, `outputLength` bytes (any length ≥ 0: the extendable output).
    public static func hash(_ input: [UInt8], outputLength: Int = outputLength) -> [UInt8] {
        Hasher(key: iv, flags: 0).output(input, length: outputLength)
    }

    /// The keyed mode (a PRF/MAC) with a 32-byte key.
    public static func keyedHash(_ input: [UInt8], key: [UInt8], outputLength: Int = outputLength) throws(CryptoError)
        -> [UInt8]
    {
        guard key.count == keyLength else { throw .wrongLength(.key, expected: keyLength, actual: key.count) }
        return Hasher(key: words(key), flags: Flag.keyedHash).output(input, length: outputLength)
    }

    /// The key derivation mode: a context string (hard-coded, application-unique) and key material.
    public static func deriveKey(context: String, material: [UInt8], outputLength: Int = outputLength) -> [UInt8] {
        let contextKey = Hasher(key: iv, flags: Flag.deriveKeyContext).output(Array(context.utf8), length: keyLength)
        return Hasher(key: words(contextKey), flags: Flag.deriveKeyMaterial).output(material, length: outputLength)
    }

    // MARK: the function

    static let chunkLength = 1024
    static let blockLength = 64
    /// SHA-256's initial hash value, as BLAKE3 takes it.
    static let iv: [UInt32] = [
        0x6A09_E667, 0xBB67_AE85, 0x3C6E_F372, 0xA54F_F53A, 0x510E_527F, 0x9B05_688C, 0x1F83_D9AB, 0x5BE0_CD19,
    ]
    static let permutation = [2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8]

    enum Flag {
        static let chunkStart: UInt32 = 1
        static let chunkEnd: UInt32 = 2
        static let parent: UInt32 = 4
        static let root: UInt32 = 8
        static let keyedHash: UInt32 = 16
        static let deriveKeyContext: UInt32 = 32
        static let deriveKeyMaterial: UInt32 = 64
    }

    /// The little-endian words of a 64-byte block (or 32-byte key), zero padded.
    static func words(_ bytes: some Collection<UInt8>) -> [UInt32] {
        var words = [UInt32](repeating: 0, count: (bytes.count + 3) / 4)
        for (i, byte) in bytes.enumerated() { words[i / 4] |= UInt32(byte) << (8 * UInt32(i % 4)) }
        return words
    }

    /// The compression function: all 16 output words (the first 8 are the chaining value).
    static func compress(_ cv: [UInt32], block: [UInt32], counter: UInt64, length: UInt32, flags: UInt32) -> [UInt32] {
        var m = block
        var v =
            cv + [
                iv[0], iv[1], iv[2], iv[3], UInt32(truncatingIfNeeded: counter),
                UInt32(truncatingIfNeeded: counter >> 32), length, flags,
            ]
        func g(_ a: Int, _ b: Int, _ c: Int, _ d: Int, _ x: UInt32, _ y: UInt32) {
            v[a] = v[a] &+ v[b] &+ x
            v[d] = (v[d] ^ v[a]).rotateRight(16)
            v[c] = v[c] &+ v[d]
            v[b] = (v[b] ^ v[c]).rotateRight(12)
            v[a] = v[a] &+ v[b] &+ y
            v[d] = (v[d] ^ v[a]).rotateRight(8)
            v[c] = v[c] &+ v[d]
            v[b] = (v[b] ^ v[c]).rotateRight(7)
        }
        for round in 0..<7 {
            g(0, 4, 8, 12, m[0], m[1])
            g(1, 5, 9, 13, m[2], m[3])
            g(2, 6, 10, 14, m[4], m[5])
            g(3, 7, 11, 15, m[6], m[7])
            g(0, 5, 10, 15, m[8], m[9])
            g(1, 6, 11, 12, m[10], m[11])
            g(2, 7, 8, 13, m[12], m[13])
            g(3, 4, 9, 14, m[14], m[15])
            if round < 6 { m = permutation.map { m[$0] } }
        }
        for i in 0..<8 {
            v[i] ^= v[i + 8]
            v[i + 8] ^= cv[i]
        }
        return v
    }

    /// A node whose compression is not yet done: the root's output is produced from it with
    /// the ROOT flag and an incrementing counter, any other node's chaining value without.
    struct Node {
        let cv: [UInt32]
        let block: [UInt32]
        let counter: UInt64
        let length: UInt32
        let flags: UInt32

        var chainingValue: [UInt32] {
            Array(compress(cv, block: block, counter: counter, length: length, flags: flags).prefix(8))
        }

        func rootBytes(_ count: Int) -> [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(count)
            var blockCounter: UInt64 = 0
            while out.count < count {
                let words = compress(cv, block: block, counter: blockCounter, length: length, flags: flags | Flag.root)
                for word in words {
                    for shift in stride(from: 0, to: 32, by: 8) where out.count < count {
                        out.append(UInt8(truncatingIfNeeded: word >> UInt32(shift)))
                    }
                }
                blockCounter += 1
            }
            return out
        }
    }

    /// One mode's key words and flags over a whole input.
    struct Hasher {
        let key: [UInt32]
        let flags: UInt32

        /// The chunk at `index`: every block but the last compressed, the last left as a node.
        func chunk(_ bytes: ArraySlice<UInt8>, index: UInt64) -> Node {
            var cv = key
            var start = bytes.startIndex
            var blockFlags = flags | Flag.chunkStart
            while bytes.endIndex - start > blockLength {
                let block = words(bytes[start..<start + blockLength])
                cv = Array(
                    compress(cv, block: block, counter: index, length: UInt32(blockLength), flags: blockFlags).prefix(8)
                )
                blockFlags = flags
                start += blockLength
            }
            let last = bytes[start...]
            var block = words(last)
            block += [UInt32](repeating: 0, count: 16 - block.count)
            return Node(
                cv: cv, block: block, counter: index, length: UInt32(last.count), flags: blockFlags | Flag.chunkEnd)
        }

        func parent(_ left: [UInt32], _ right: [UInt32]) -> Node {
            Node(cv: key, block: left + right, counter: 0, length: UInt32(blockLength), flags: flags | Flag.parent)
        }

        /// The tree over the input's chunks, built left to right: after each complete chunk that
        /// is not the last, subtrees are merged as long as the chunk count so far is even at
        /// that level (the stack of the specification's incremental hasher).
        func output(_ input: [UInt8], length: Int) -> [UInt8] {
            var stack: [[UInt32]] = []
            var start = 0
            var index: UInt64 = 0
            while input.count - start > chunkLength {
                var cv = chunk(input[start..<start + chunkLength], index: index).chainingValue
                index += 1
                var total = index
                while total & 1 == 0, let left = stack.popLast() {
                    cv = parent(left, cv).chainingValue
                    total >>= 1
                }
                stack.append(cv)
                start += chunkLength
            }
            var node = chunk(input[start...], index: index)
            while let left = stack.popLast() { node = parent(left, node.chainingValue) }
            return node.rootBytes(max(length, 0))
        }
    }
}

extension UInt32 {
    fileprivate func rotateRight(_ n: UInt32) -> UInt32 { self >> n | self << (32 - n) }
}
