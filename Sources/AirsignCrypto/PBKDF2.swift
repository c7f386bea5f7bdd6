#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// PBKDF2 (RFC 8018 §5.2) with HMAC-SHA-512, built on libsodium's HMAC because libsodium has no
/// PBKDF2. BIP39 seeds are `sha512(password: mnemonic, salt: "mnemonic" + passphrase,
/// iterations: 2048, length: 64)`.
public enum PBKDF2 {
    /// Longest output RFC 8018 allows: (2^32 - 1) blocks of 64 bytes.
    public static let maximumLength = Int(UInt32.max) * 64

    public static func sha512(
        password: some ContiguousBytes, salt: some ContiguousBytes, iterations: Int, length: Int
    ) throws(CryptoError) -> SecureBytes {
        guard iterations >= 1 else { throw .invalidIterationCount(iterations) }
        guard (1...maximumLength).contains(length) else {
            throw .lengthOutOfRange(.output, allowed: 1...maximumLength, actual: length)
        }
        let prf = HMAC.SHA512Key(password)
        // U_j and the running XOR T for the block being built.
        var scratch = SecureBytes(count: 128)
        return salt.withBytePointer { saltBytes, saltCount in
            scratch.withUnsafeMutableBytes { work in
                let u = work.bytePointer()
                let t = u + 64
                return SecureBytes(count: length) { out in
                    let result = out.bytePointer()
                    var produced = 0
                    var blockIndex: UInt32 = 1
                    while produced < length {
                        // U_1 = PRF(P, S || INT(i)), INT(i) being the 4-byte big-endian block index.
                        let counter: [UInt8] = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: blockIndex >> $0) }
                        counter.withBytePointer { counterBytes, counterCount in
                            prf.authenticate((saltBytes, saltCount), (counterBytes, counterCount), into: u)
                        }
                        t.update(from: u, count: 64)
                        for _ in 1..<iterations {
                            prf.authenticate(UnsafePointer(u), 64, into: u)
                            for i in 0..<64 { t[i] ^= u[i] }
                        }
                        let take = Swift.min(64, length - produced)
                        (result + produced).update(from: t, count: take)
                        produced += take
                        blockIndex &+= 1
                    }
                }
            }
        }
    }
}
