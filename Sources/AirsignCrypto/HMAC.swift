internal import CSodium

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// HMAC (RFC 2104) with SHA-256 or SHA-512, computed by libsodium, which accepts keys of any
/// length. Both key and message may be secret, and the output usually is (BIP32's `I`, SLIP-10,
/// PBKDF2 blocks), so it is returned in `SecureBytes`.
public enum HMAC {
    public static func sha256(key: some ContiguousBytes, message: some ContiguousBytes) -> SecureBytes {
        Sodium.ready()
        let state = UnsafeMutablePointer<crypto_auth_hmacsha256_state>.allocate(capacity: 1)
        defer { wipe(state) }
        key.withBytePointer { keyBytes, keyCount in
            Sodium.mustSucceed(crypto_auth_hmacsha256_init(state, keyBytes, keyCount), "crypto_auth_hmacsha256_init")
        }
        message.withBytePointer { input, count in
            Sodium.mustSucceed(
                crypto_auth_hmacsha256_update(state, input, UInt64(count)), "crypto_auth_hmacsha256_update")
        }
        return SecureBytes(count: 32) { out in
            Sodium.mustSucceed(crypto_auth_hmacsha256_final(state, out.bytePointer()), "crypto_auth_hmacsha256_final")
        }
    }

    public static func sha512(key: some ContiguousBytes, message: some ContiguousBytes) -> SecureBytes {
        let keyed = SHA512Key(key)
        return message.withBytePointer { input, count in
            SecureBytes(count: 64) { out in keyed.authenticate(input, count, into: out.bytePointer()) }
        }
    }

    /// Zeroes and frees an HMAC state: it holds hashes of the key pads, as good as the key.
    static func wipe<T>(_ state: UnsafeMutablePointer<T>) {
        sodium_memzero(state, MemoryLayout<T>.size)
        state.deallocate()
    }

    /// An HMAC-SHA-512 state already keyed, so PBKDF2 can reuse it for every iteration instead
    /// of hashing the key pads again.
    final class SHA512Key {
        private let keyed: UnsafeMutablePointer<crypto_auth_hmacsha512_state>
        private let scratch: UnsafeMutablePointer<crypto_auth_hmacsha512_state>

        init(_ key: some ContiguousBytes) {
            Sodium.ready()
            keyed = .allocate(capacity: 1)
            scratch = .allocate(capacity: 1)
            key.withBytePointer { keyBytes, keyCount in
                Sodium.mustSucceed(
                    crypto_auth_hmacsha512_init(keyed, keyBytes, keyCount), "crypto_auth_hmacsha512_init")
            }
        }

        deinit {
            HMAC.wipe(keyed)
            HMAC.wipe(scratch)
        }

        /// HMAC of `parts` concatenated, written as 64 bytes to `out`.
        func authenticate(_ parts: (UnsafePointer<UInt8>, Int)..., into out: UnsafeMutablePointer<UInt8>) {
            scratch.update(from: keyed, count: 1)
            for (input, count) in parts {
                Sodium.mustSucceed(
                    crypto_auth_hmacsha512_update(scratch, input, UInt64(count)), "crypto_auth_hmacsha512_update")
            }
            Sodium.mustSucceed(crypto_auth_hmacsha512_final(scratch, out), "crypto_auth_hmacsha512_final")
        }

        func authenticate(_ input: UnsafePointer<UInt8>, _ count: Int, into out: UnsafeMutablePointer<UInt8>) {
            authenticate((input, count), into: out)
        }
    }
}
