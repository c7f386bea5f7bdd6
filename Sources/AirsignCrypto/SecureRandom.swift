internal import CSodium

/// Randomness from the operating system's CSPRNG, through libsodium's `randombytes`.
public enum SecureRandom {
    /// `count` random bytes for values that are not secret (nonces, salts, IDs).
    public static func bytes(_ count: Int) -> [UInt8] {
        precondition(count >= 0, "SecureRandom.bytes count must not be negative")
        Sodium.ready()
        var out = [UInt8](repeating: 0, count: count)
        if count > 0 {
            out.withUnsafeMutableBytes { buffer in
                if let base = buffer.baseAddress { randombytes_buf(base, buffer.count) }
            }
        }
        return out
    }

    /// `count` random bytes generated directly into protected memory, for keys and seeds.
    public static func secureBytes(_ count: Int) -> SecureBytes {
        precondition(count >= 0, "SecureRandom.secureBytes count must not be negative")
        Sodium.ready()
        return SecureBytes(count: count) { buffer in
            if buffer.count > 0 { randombytes_buf(buffer.bytePointer(), buffer.count) }
        }
    }

    /// A uniformly distributed value in `0 ..< upperBound`, without modulo bias. Returns 0 when
    /// `upperBound` is below 2, as libsodium does.
    public static func uniform(upperBound: UInt32) -> UInt32 {
        Sodium.ready()
        return randombytes_uniform(upperBound)
    }
}
