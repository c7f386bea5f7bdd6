internal import CSodium

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// SHA-512 (FIPS 180-4), computed by libsodium.
public enum SHA512 {
    public static let outputLength = 64

    public static func hash(_ data: some ContiguousBytes) -> [UInt8] {
        Sodium.ready()
        return data.withBytePointer { input, count in
            makeBytes(count: outputLength) { out in
                Sodium.mustSucceed(crypto_hash_sha512(out, input, UInt64(count)), "crypto_hash_sha512")
            }
        }
    }

    /// Incremental SHA-512 for input that arrives in pieces; same result as `hash` over the
    /// concatenation.
    public struct Hasher: Sendable {
        private var state = crypto_hash_sha512_state()

        public init() {
            Sodium.ready()
            Sodium.mustSucceed(crypto_hash_sha512_init(&state), "crypto_hash_sha512_init")
        }

        public mutating func update(_ data: some ContiguousBytes) {
            data.withBytePointer { input, count in
                Sodium.mustSucceed(crypto_hash_sha512_update(&state, input, UInt64(count)), "crypto_hash_sha512_update")
            }
        }

        public consuming func finalize() -> [UInt8] {
            makeBytes(count: SHA512.outputLength) { out in
                Sodium.mustSucceed(crypto_hash_sha512_final(&state, out), "crypto_hash_sha512_final")
            }
        }
    }
}
