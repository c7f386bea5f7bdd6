internal import CSodium

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Argon2id (RFC 9106) password hashing through libsodium's `crypto_pwhash` (version 1.3,
/// one lane): turns a PIN or password and a 16-byte salt into a key.
public enum Argon2id {
    public static let saltLength = 16

    /// Work factors: passes over memory, and memory in bytes.
    public struct Limits: Sendable, Hashable {
        public var opsLimit: UInt64
        public var memLimit: Int

        public init(opsLimit: UInt64, memLimit: Int) {
            self.opsLimit = opsLimit
            self.memLimit = memLimit
        }

        /// libsodium's presets (2 passes/64 MiB, 3/256 MiB, 4/1 GiB in libsodium 1.0.18).
        public static let interactive = Limits(
            opsLimit: UInt64(sizeLimit(crypto_pwhash_argon2id_opslimit_interactive())),
            memLimit: crypto_pwhash_argon2id_memlimit_interactive())
        public static let moderate = Limits(
            opsLimit: UInt64(sizeLimit(crypto_pwhash_argon2id_opslimit_moderate())),
            memLimit: crypto_pwhash_argon2id_memlimit_moderate())
        public static let sensitive = Limits(
            opsLimit: UInt64(sizeLimit(crypto_pwhash_argon2id_opslimit_sensitive())),
            memLimit: crypto_pwhash_argon2id_memlimit_sensitive())
    }

    /// Derives `length` bytes (at least 16) from `password` and a 16-byte `salt`.
    /// Throws `.outOfMemory` when the system cannot provide `limits.memLimit` bytes.
    public static func deriveKey(
        password: some ContiguousBytes, salt: [UInt8], limits: Limits, length: Int = 32
    ) throws(CryptoError) -> SecureBytes {
        Sodium.ready()
        guard salt.count == saltLength else {
            throw .wrongLength(.salt, expected: saltLength, actual: salt.count)
        }
        let lengths = sizeLimit(crypto_pwhash_argon2id_bytes_min())...sizeLimit(crypto_pwhash_argon2id_bytes_max())
        guard lengths.contains(length) else {
            throw .lengthOutOfRange(.output, allowed: lengths, actual: length)
        }
        let passwordLengths = 0...sizeLimit(crypto_pwhash_argon2id_passwd_max())
        let passwordLength = password.byteCount
        guard passwordLengths.contains(passwordLength) else {
            throw .lengthOutOfRange(.password, allowed: passwordLengths, actual: passwordLength)
        }
        let ops =
            UInt64(
                sizeLimit(crypto_pwhash_argon2id_opslimit_min()))...UInt64(
                sizeLimit(crypto_pwhash_argon2id_opslimit_max()))
        let memory = sizeLimit(crypto_pwhash_argon2id_memlimit_min())...sizeLimit(crypto_pwhash_argon2id_memlimit_max())
        guard ops.contains(limits.opsLimit), memory.contains(limits.memLimit) else {
            throw .argon2LimitsOutOfRange(opsLimit: limits.opsLimit, memLimit: limits.memLimit)
        }
        var failed = false
        let key = password.withBytePointer { passwordBytes, passwordCount in
            salt.withBytePointer { saltBytes, _ in
                SecureBytes(count: length) { out in
                    let result = UnsafeRawPointer(passwordBytes).withMemoryRebound(
                        to: CChar.self, capacity: Swift.max(passwordCount, 1)
                    ) {
                        crypto_pwhash(
                            out.bytePointer(), UInt64(length), $0, UInt64(passwordCount), saltBytes,
                            limits.opsLimit, limits.memLimit, crypto_pwhash_ALG_ARGON2ID13)
                    }
                    failed = result != 0
                }
            }
        }
        // The only failure left after validation is the allocation of the work memory.
        if failed { throw .outOfMemory }
        return key
    }
}
