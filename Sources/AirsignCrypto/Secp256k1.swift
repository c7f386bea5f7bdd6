internal import CSecp256k1

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// secp256k1 keys and ECDSA (SEC 1, RFC 6979 nonces, low-s) through libsecp256k1.
///
/// libsecp256k1 aborts the process on API misuse (null pointers, a recovery ID outside 0...3,
/// short output buffers), so every length and range is checked here before any call.
public enum Secp256k1 {
    public static let privateKeyLength = 32
    public static let compressedPublicKeyLength = 33
    public static let uncompressedPublicKeyLength = 65
    public static let digestLength = 32
    public static let tweakLength = 32

    /// The one context for the process: created once with no flags (all operations are allowed
    /// since libsecp256k1 0.2.0) and randomized against side channels, then only read, which
    /// libsecp256k1 documents as safe from any number of threads. That is what makes the
    /// unchecked `Sendable` sound.
    final class Context: @unchecked Sendable {
        static let shared = Context()
        let raw: OpaquePointer

        private init() {
            guard let context = secp256k1_context_create(UInt32(SECP256K1_CONTEXT_NONE)) else {
                fatalError("libsecp256k1 could not create a context")
            }
            let seed = SecureRandom.secureBytes(32)
            let randomized = seed.withBytePointer { bytes, _ in secp256k1_context_randomize(context, bytes) }
            precondition(randomized == 1, "libsecp256k1 rejected the context randomization")
            raw = context
        }
    }

    static var context: OpaquePointer { Context.shared.raw }

    static func checkDigest(_ digest: [UInt8]) throws(CryptoError) {
        guard digest.count == digestLength else {
            throw .wrongLength(.digest, expected: digestLength, actual: digest.count)
        }
    }

    // MARK: - Private key

    /// A private key: a 32-byte big-endian scalar in 1 ..< n, kept in protected memory.
    public struct PrivateKey: Sendable, CustomStringConvertible, CustomReflectable {
        /// The 32-byte scalar, for serialization (BIP32 `ser256(k)`) and derivation.
        public let secret: SecureBytes
        public let publicKey: PublicKey

        /// Checks that `secret` is 32 bytes and in range (not zero, below n).
        public init(_ secret: SecureBytes) throws(CryptoError) {
            guard secret.count == privateKeyLength else {
                throw .wrongLength(.key, expected: privateKeyLength, actual: secret.count)
            }
            var raw = secp256k1_pubkey()
            let valid = secret.withBytePointer { scalar, _ in
                secp256k1_ec_seckey_verify(context, scalar) == 1
                    && secp256k1_ec_pubkey_create(context, &raw, scalar) == 1
            }
            guard valid else { throw .invalidPrivateKey }
            self.secret = secret
            self.publicKey = PublicKey(raw: raw)
        }

        /// ECDSA signature of a 32-byte digest: RFC 6979 deterministic nonce, low-s.
        public func sign(digest32 digest: [UInt8]) throws(CryptoError) -> Signature {
            try checkDigest(digest)
            var signature = secp256k1_ecdsa_signature()
            let signed = secret.withBytePointer { scalar, _ in
                digest.withBytePointer { message, _ in
                    secp256k1_ecdsa_sign(context, &signature, message, scalar, nil, nil)
                }
            }
            guard signed == 1 else { throw .internalFailure("secp256k1_ecdsa_sign") }
            return Signature(raw: signature)
        }

        /// Like `sign`, plus the recovery ID that lets a verifier recover the public key
        /// (Ethereum's v / yParity).
        public func signRecoverable(digest32 digest: [UInt8]) throws(CryptoError) -> RecoverableSignature {
            try checkDigest(digest)
            var signature = secp256k1_ecdsa_recoverable_signature()
            let signed = secret.withBytePointer { scalar, _ in
                digest.withBytePointer { message, _ in
                    secp256k1_ecdsa_sign_recoverable(context, &signature, message, scalar, nil, nil)
                }
            }
            guard signed == 1 else { throw .internalFailure("secp256k1_ecdsa_sign_recoverable") }
            return RecoverableSignature(raw: signature)
        }

        /// (key + tweak) mod n, as BIP32 private child derivation needs. Throws
        /// `.tweakOutOfRange` when the tweak is not below n or the sum is zero (BIP32: skip the
        /// index).
        public func addingTweak(_ tweak32: some ContiguousBytes) throws(CryptoError) -> PrivateKey {
            let tweakCount = tweak32.byteCount
            guard tweakCount == tweakLength else {
                throw .wrongLength(.tweak, expected: tweakLength, actual: tweakCount)
            }
            var sum = secret
            let added = tweak32.withBytePointer { tweak, _ in
                sum.withUnsafeMutableBytes { scalar in
                    secp256k1_ec_seckey_tweak_add(context, scalar.bytePointer(), tweak)
                }
            }
            guard added == 1 else { throw .tweakOutOfRange }
            return try PrivateKey(sum)
        }

        public var description: String { "Secp256k1.PrivateKey(redacted)" }
        public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
    }

    // MARK: - Public key

    /// A public key (a point other than infinity), kept in both SEC 1 encodings.
    public struct PublicKey: Sendable, Hashable, CustomStringConvertible {
        /// 33 bytes: 0x02 or 0x03, then x.
        public let compressed: [UInt8]
        /// 65 bytes: 0x04, then x and y.
        public let uncompressed: [UInt8]

        /// Parses a 33-byte compressed or 65-byte uncompressed (0x04) encoding. The hybrid
        /// 0x06/0x07 form that libsecp256k1 would also take is refused: no chain here uses it.
        public init(parsing bytes: [UInt8]) throws(CryptoError) {
            switch (bytes.count, bytes.first) {
            case (compressedPublicKeyLength, 0x02), (compressedPublicKeyLength, 0x03),
                (uncompressedPublicKeyLength, 0x04):
                break
            default:
                throw .invalidPublicKey
            }
            var raw = secp256k1_pubkey()
            let parsed = bytes.withBytePointer { input, count in
                secp256k1_ec_pubkey_parse(context, &raw, input, count)
            }
            guard parsed == 1 else { throw .invalidPublicKey }
            self.init(raw: raw)
        }

        init(raw: secp256k1_pubkey) {
            compressed = Self.serialize(raw, compressed: true)
            uncompressed = Self.serialize(raw, compressed: false)
        }

        private static func serialize(_ raw: secp256k1_pubkey, compressed: Bool) -> [UInt8] {
            var raw = raw
            var length = compressed ? compressedPublicKeyLength : uncompressedPublicKeyLength
            let flags = UInt32(compressed ? SECP256K1_EC_COMPRESSED : SECP256K1_EC_UNCOMPRESSED)
            let expected = length
            let out = makeBytes(count: length) { buffer in
                // Always 1 when the buffer is large enough, which it is.
                _ = secp256k1_ec_pubkey_serialize(context, buffer, &length, &raw, flags)
            }
            precondition(length == expected, "libsecp256k1 serialized a public key to an unexpected length")
            return out
        }

        /// The libsecp256k1 form, re-parsed from our own uncompressed encoding (no square root).
        func withRaw<R>(_ body: (UnsafePointer<secp256k1_pubkey>) -> R) -> R {
            var raw = secp256k1_pubkey()
            let parsed = uncompressed.withBytePointer { secp256k1_ec_pubkey_parse(context, &raw, $0, $1) }
            precondition(parsed == 1, "a stored secp256k1 public key failed to re-parse")
            return withUnsafePointer(to: &raw) { body($0) }
        }

        /// Whether `signature` is a valid ECDSA signature of the 32-byte `digest32` by this key.
        /// libsecp256k1 accepts only low-s signatures (s ≤ n/2), so a high-s signature is
        /// reported invalid: call `normalized` first if malleable signatures must be accepted.
        /// A digest of the wrong length is never valid.
        public func isValidSignature(_ signature: Signature, digest32 digest: [UInt8]) -> Bool {
            guard digest.count == digestLength else { return false }
            return withRaw { key in
                signature.withRaw { sig in
                    digest.withBytePointer { message, _ in
                        secp256k1_ecdsa_verify(context, sig, message, key) == 1
                    }
                }
            }
        }

        /// key + tweak·G, as BIP32 public child derivation needs. Throws `.tweakOutOfRange` when
        /// the tweak is not below n or the result is the point at infinity.
        public func addingTweak(_ tweak32: some ContiguousBytes) throws(CryptoError) -> PublicKey {
            let tweakCount = tweak32.byteCount
            guard tweakCount == tweakLength else {
                throw .wrongLength(.tweak, expected: tweakLength, actual: tweakCount)
            }
            var raw = withRaw { $0.pointee }
            let added = tweak32.withBytePointer { tweak, _ in
                secp256k1_ec_pubkey_tweak_add(context, &raw, tweak)
            }
            guard added == 1 else { throw .tweakOutOfRange }
            return PublicKey(raw: raw)
        }

        /// The sum of `keys`. Throws `.invalidPublicKey` for an empty list or a sum at infinity.
        public static func combine(_ keys: [PublicKey]) throws(CryptoError) -> PublicKey {
            guard !keys.isEmpty else { throw .invalidPublicKey }
            let raws = keys.map { key in key.withRaw { $0.pointee } }
            let pointers = UnsafeMutablePointer<UnsafePointer<secp256k1_pubkey>?>.allocate(capacity: raws.count)
            defer { pointers.deallocate() }
            var sum = secp256k1_pubkey()
            let combined = raws.withUnsafeBufferPointer { buffer -> Int32 in
                guard let base = buffer.baseAddress else { return 0 }
                for index in 0..<buffer.count { (pointers + index).initialize(to: base + index) }
                return secp256k1_ec_pubkey_combine(context, &sum, pointers, buffer.count)
            }
            guard combined == 1 else { throw .invalidPublicKey }
            return PublicKey(raw: sum)
        }

        public var description: String { "Secp256k1.PublicKey(\(publicHex(compressed)))" }

        public static func == (lhs: PublicKey, rhs: PublicKey) -> Bool { lhs.compressed == rhs.compressed }
        public func hash(into hasher: inout Swift.Hasher) { hasher.combine(compressed) }
    }
}

/// Lower-case hex for descriptions of public values.
func publicHex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef")
    var out = ""
    out.reserveCapacity(bytes.count * 2)
    for byte in bytes {
        out.append(digits[Int(byte >> 4)])
        out.append(digits[Int(byte & 0x0f)])
    }
    return out
}
