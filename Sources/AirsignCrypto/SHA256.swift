internal import CSodium

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// SHA-256 (FIPS 180-4), computed by libsodium.
public enum SHA256 {
    public static let outputLength = 32

    public static func hash(_ data: some ContiguousBytes) -> [UInt8] {
        Sodium.ready()
        return data.withBytePointer { input, count in
            makeBytes(count: outputLength) { out in
                Sodium.mustSucceed(crypto_hash_sha256(out, input, UInt64(count)), "crypto_hash_sha256")
            }
        }
    }

    /// Incremental SHA-256 for input that arrives in pieces; same result as `hash` over the
    /// concatenation.
    public struct Hasher: Sendable {
        private var state = crypto_hash_sha256_state()

        public init() {
            Sodium.ready()
            Sodium.mustSucceed(crypto_hash_sha256_init(&state), "crypto_hash_sha256_init")
        }

        public mutating func update(_ data: some ContiguousBytes) {
            data.withBytePointer { input, count in
                Sodium.mustSucceed(crypto_hash_sha256_update(&state, input, UInt64(count)), "crypto_hash_sha256_update")
            }
        }

        public consuming func finalize() -> [UInt8] {
            makeBytes(count: SHA256.outputLength) { out in
                Sodium.mustSucceed(crypto_hash_sha256_final(&state, out), "crypto_hash_sha256_final")
            }
        }
    }
}
