internal import CSodium

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// BLAKE2b (RFC 7693) through libsodium's `crypto_generichash`: any output length from 1 to 64
/// bytes, optionally keyed with 0 to 64 bytes. Substrate's `blake2_256` is `hash(data)`.
public enum Blake2b {
    public static let outputLengths = 1...64
    public static let keyLengths = 0...64

    /// Unkeyed BLAKE2b with an `outputLength`-byte digest.
    public static func hash(_ data: some ContiguousBytes, outputLength: Int = 32) throws(CryptoError) -> [UInt8] {
        try hash(data, outputLength: outputLength, key: [UInt8]())
    }

    /// Keyed BLAKE2b (the MAC mode of RFC 7693 §2.5); an empty key is the unkeyed hash.
    public static func hash(
        _ data: some ContiguousBytes, outputLength: Int = 32, key: some ContiguousBytes
    ) throws(CryptoError) -> [UInt8] {
        try validate(outputLength: outputLength, keyLength: key.byteCount)
        Sodium.ready()
        return data.withBytePointer { input, inputCount in
            key.withBytePointer { keyBytes, keyCount in
                makeBytes(count: outputLength) { out in
                    Sodium.mustSucceed(
                        crypto_generichash(out, outputLength, input, UInt64(inputCount), keyBytes, keyCount),
                        "crypto_generichash")
                }
            }
        }
    }

    static func validate(outputLength: Int, keyLength: Int) throws(CryptoError) {
        guard outputLengths.contains(outputLength) else {
            throw .lengthOutOfRange(.output, allowed: outputLengths, actual: outputLength)
        }
        guard keyLengths.contains(keyLength) else {
            throw .lengthOutOfRange(.key, allowed: keyLengths, actual: keyLength)
        }
    }

    /// Incremental BLAKE2b; same result as `hash` over the concatenation. Not copyable, because
    /// the state lives in its own allocation that is wiped on release.
    public struct Hasher: ~Copyable {
        // libsodium's state type is 64-byte aligned, which Swift does not import, so the state is
        // raw memory we allocate with that alignment ourselves.
        private let state: UnsafeMutableRawPointer
        private let outputLength: Int

        public init(outputLength: Int = 32) throws(CryptoError) {
            try self.init(outputLength: outputLength, key: [UInt8]())
        }

        public init(outputLength: Int = 32, key: some ContiguousBytes) throws(CryptoError) {
            try Blake2b.validate(outputLength: outputLength, keyLength: key.byteCount)
            Sodium.ready()
            let state = UnsafeMutableRawPointer.allocate(byteCount: crypto_generichash_statebytes(), alignment: 64)
            key.withBytePointer { keyBytes, keyCount in
                Sodium.mustSucceed(
                    crypto_generichash_init(OpaquePointer(state), keyBytes, keyCount, outputLength),
                    "crypto_generichash_init")
            }
            self.state = state
            self.outputLength = outputLength
        }

        deinit {
            sodium_memzero(state, crypto_generichash_statebytes())
            state.deallocate()
        }

        public mutating func update(_ data: some ContiguousBytes) {
            data.withBytePointer { input, count in
                Sodium.mustSucceed(
                    crypto_generichash_update(OpaquePointer(state), input, UInt64(count)), "crypto_generichash_update")
            }
        }

        public consuming func finalize() -> [UInt8] {
            makeBytes(count: outputLength) { out in
                Sodium.mustSucceed(
                    crypto_generichash_final(OpaquePointer(state), out, outputLength), "crypto_generichash_final")
            }
        }
    }
}
