/// sr25519: Schnorr signatures on ristretto255 with Merlin transcripts, exactly as
/// `w3f/schnorrkel` makes them and Substrate uses them (`paritytech/polkadot-sdk:
/// substrate/primitives/core/src/sr25519.rs`: signing context `substrate`).
///
/// Keys come from a 32-byte mini-secret expanded in schnorrkel's `ExpansionMode::Ed25519` (what
/// Substrate does), or from a 64-byte secret in either of the two serialisations tools use.
/// Signatures are randomized: the signing nonce comes from a Merlin witness RNG keyed with the
/// key's nonce and 32 fresh bytes from the operating system, so the same message signed twice
/// gives two different valid signatures. Compare signatures by verifying them, never by bytes.
///
/// The group arithmetic is libsodium's (`Ristretto255`); secret scalars and nonces stay in
/// `SecureBytes`, and nothing in this file branches on secret data.
public enum Sr25519 {
    public static let miniSecretLength = 32
    public static let secretKeyLength = 64
    public static let publicKeyLength = 32
    public static let signatureLength = 64
    public static let chainCodeLength = 32

    /// The signing context Substrate uses for every sr25519 signature (`sp-core` `SIGNING_CTX`).
    public static let substrateContext: [UInt8] = Array("substrate".utf8)

    // MARK: - Public keys

    /// A public key: the compressed ristretto255 point A = key·B.
    public struct PublicKey: Sendable, Hashable {
        /// The 32-byte compressed point.
        public let bytes: [UInt8]

        /// Parses a public key: 32 bytes that are the canonical encoding of a ristretto255
        /// point other than the identity.
        public init(bytes: [UInt8]) throws(CryptoError) {
            guard bytes.count == Sr25519.publicKeyLength else {
                throw .wrongLength(.key, expected: Sr25519.publicKeyLength, actual: bytes.count)
            }
            guard bytes.withUnsafeBytes({ Ristretto255.isValidNonIdentityPoint($0) }) else {
                throw .invalidSr25519PublicKey
            }
            self.bytes = bytes
        }

        /// For points this module computed itself.
        init(validated bytes: [UInt8]) {
            self.bytes = bytes
        }

        /// Whether `signature` is a valid schnorrkel signature by this key on `message` in
        /// `context`. Anything malformed (wrong length, no schnorrkel marker bit, a scalar s
        /// that is not canonical, an R that is not the point the equation gives) is simply
        /// invalid.
        public func isValidSignature(
            _ signature: [UInt8], message: [UInt8], context: [UInt8] = Sr25519.substrateContext
        ) -> Bool {
            Sr25519.verify(signature: signature, message: message, context: context, publicKey: bytes)
        }
    }

    /// Whether `signature` is valid for `message` in `context` under the 32-byte `publicKey`. A
    /// public key that does not parse makes every signature invalid.
    public static func isValidSignature(
        _ signature: [UInt8], message: [UInt8], publicKey: [UInt8], context: [UInt8] = substrateContext
    ) -> Bool {
        guard let key = try? PublicKey(bytes: publicKey) else { return false }
        return key.isValidSignature(signature, message: message, context: context)
    }

    // MARK: - Secret keys

    /// A secret key: the scalar `key` (canonical, non-zero, mod ℓ) and the 32-byte nonce seed
    /// that keys the signing witness, together in protected memory, with the public key.
    public struct SecretKey: Sendable, CustomStringConvertible {
        /// scalar (32 bytes little-endian, canonical, non-zero) ‖ nonce (32 bytes): schnorrkel's
        /// own layout, kept in one guarded allocation.
        let secret: SecureBytes
        public let publicKey: PublicKey

        /// Expands a 32-byte mini-secret the way Substrate does (schnorrkel
        /// `MiniSecretKey::expand(ExpansionMode::Ed25519)`): h = SHA-512(mini); the scalar is
        /// the ed25519-clamped h[0..32] divided by the cofactor 8; the nonce is h[32..64].
        public init(miniSecret: SecureBytes) throws(CryptoError) {
            guard miniSecret.count == Sr25519.miniSecretLength else {
                throw .wrongLength(.seed, expected: Sr25519.miniSecretLength, actual: miniSecret.count)
            }
            try self.init(validating: miniSecret.withUnsafeBytes { Self.expand($0) })
        }

        /// The 64-byte secret (scalar ‖ nonce) a 32-byte mini-secret expands to. The scalar is in
        /// [2^251, 2^252), so canonical and non-zero: validating it never fails.
        static func expand(_ miniSecret: UnsafeRawBufferPointer) -> SecureBytes {
            SecureBytes(count: 64) { out in
                Ristretto255.sha512(miniSecret, into: out)
                out[0] &= 248
                out[31] &= 63
                out[31] |= 64
                Sr25519.divideByCofactor(UnsafeMutableRawBufferPointer(rebasing: out[0..<32]))
            }
        }

        /// A 64-byte secret in schnorrkel's own serialisation (`SecretKey::to_bytes`): the
        /// canonical scalar, then the nonce. sp-core's `Pair::to_raw_vec` and
        /// py-sr25519-bindings use this form. Throws if the scalar is not canonical or is zero.
        public init(schnorrkelBytes bytes: SecureBytes) throws(CryptoError) {
            guard bytes.count == Sr25519.secretKeyLength else {
                throw .wrongLength(.key, expected: Sr25519.secretKeyLength, actual: bytes.count)
            }
            try self.init(validating: bytes)
        }

        /// A 64-byte secret in the "ed25519 bytes" serialisation (schnorrkel
        /// `SecretKey::to_ed25519_bytes`): the scalar multiplied by 8 (the clamped ed25519
        /// scalar), then the nonce. polkadot-js (`@polkadot/wasm-crypto`, `@scure/sr25519`,
        /// keyring JSON) stores this form. Throws if the first half is not a multiple of 8
        /// (stricter than schnorrkel, which drops those bits; it catches a canonical secret
        /// passed here by mistake) or if the scalar is not canonical or is zero.
        public init(ed25519Bytes bytes: SecureBytes) throws(CryptoError) {
            guard bytes.count == Sr25519.secretKeyLength else {
                throw .wrongLength(.key, expected: Sr25519.secretKeyLength, actual: bytes.count)
            }
            var lowBits: UInt8 = 0
            let secret = bytes.withUnsafeBytes { all in
                SecureBytes(count: 64) { out in
                    out.copyMemory(from: all)
                    lowBits = out[0] & 7
                    Sr25519.divideByCofactor(UnsafeMutableRawBufferPointer(rebasing: out[0..<32]))
                }
            }
            // Validate first, so the decision below does not depend on which check failed.
            let key = try? Self(validating: secret)
            guard lowBits == 0, let key else { throw .invalidSr25519SecretKey }
            self = key
        }

        /// Checks the scalar half of `secret` (canonical and non-zero, decided without
        /// branching on its bytes) and computes the public key.
        init(validating secret: SecureBytes) throws(CryptoError) {
            var publicKey = [UInt8](repeating: 0, count: Sr25519.publicKeyLength)
            let valid = secret.withUnsafeBytes { all in
                let key = UnsafeRawBufferPointer(rebasing: all[0..<32])
                // Both checks always run; a zero scalar makes the base multiplication fail.
                let canonical = Ristretto255.isCanonical(key)
                let multiplied = publicKey.withUnsafeMutableBytes { Ristretto255.multiplyBase(key, into: $0) }
                return canonical && multiplied
            }
            guard valid else { throw .invalidSr25519SecretKey }
            self.secret = secret
            self.publicKey = PublicKey(validated: publicKey)
        }

        /// Calls `body` with the scalar (32 bytes) and the nonce (32 bytes).
        func withScalarAndNonce<R>(
            _ body: (_ scalar: UnsafeRawBufferPointer, _ nonce: UnsafeRawBufferPointer) throws -> R
        ) rethrows -> R {
            try secret.withUnsafeBytes { all in
                try body(UnsafeRawBufferPointer(rebasing: all[0..<32]), UnsafeRawBufferPointer(rebasing: all[32..<64]))
            }
        }

        /// The 64-byte schnorrkel serialisation: canonical scalar ‖ nonce.
        public var schnorrkelBytes: SecureBytes { secret }

        /// The 64-byte "ed25519 bytes" serialisation: scalar·8 ‖ nonce.
        public var ed25519Bytes: SecureBytes {
            secret.withUnsafeBytes { all in
                SecureBytes(count: 64) { out in
                    out.copyMemory(from: all)
                    Sr25519.multiplyByCofactor(UnsafeMutableRawBufferPointer(rebasing: out[0..<32]))
                }
            }
        }

        /// Signs `message` in `context` (Substrate's "substrate" unless told otherwise) with a
        /// fresh random witness. Returns the 64-byte signature R ‖ s with schnorrkel's marker bit
        /// set. Throws only for a message or context longer than Merlin can frame (2³² − 1
        /// bytes).
        public func sign(_ message: [UInt8], context: [UInt8] = Sr25519.substrateContext) throws(CryptoError) -> [UInt8]
        {
            try sign(message, context: context, testRandomness: nil)
        }

        /// Signing with the witness RNG's 32 bytes of randomness fixed by the caller, so the
        /// signature is a deterministic function of key, context and message. Only for
        /// known-answer tests; production code must use `sign(_:context:)`.
        @_spi(Testing)
        public func sign(_ message: [UInt8], context: [UInt8], testRandomness: [UInt8]?) throws(CryptoError) -> [UInt8]
        {
            guard message.count <= MerlinTranscript.maximumLength else {
                throw .lengthOutOfRange(.message, allowed: 0...MerlinTranscript.maximumLength, actual: message.count)
            }
            guard context.count <= MerlinTranscript.maximumLength else {
                throw .lengthOutOfRange(.context, allowed: 0...MerlinTranscript.maximumLength, actual: context.count)
            }
            if let testRandomness, testRandomness.count != 32 {
                throw .wrongLength(.nonce, expected: 32, actual: testRandomness.count)
            }

            var transcript = Sr25519.signingTranscript(context: context, message: message)
            transcript.appendMessage(label: "proto-name", message: Sr25519.protocolName)
            transcript.appendMessage(label: "sign:pk", message: publicKey.bytes)

            // r = witness_scalar("signing", [nonce]); R = r·B; k = challenge_scalar("sign:c");
            // s = k·key + r. The witness r lives only in wiped scratch memory.
            var builder = transcript.buildRNG()
            withScalarAndNonce { _, nonce in builder.rekey(label: "signing", bytes: nonce) }
            var rng: TranscriptRNG
            if let testRandomness {
                rng = builder.finalize(testRandomness: testRandomness)
            } else {
                rng = builder.finalize()
            }
            var signature = [UInt8](repeating: 0, count: Sr25519.signatureLength)
            let signed = Ristretto255.withSecretScratch(64 + 32) { scratch in
                let wide = UnsafeMutableRawBufferPointer(rebasing: scratch[0..<64])
                let witness = UnsafeMutableRawBufferPointer(rebasing: scratch[64..<96])
                rng.fill(into: wide)
                Ristretto255.reduce(wide: UnsafeRawBufferPointer(wide), into: witness)
                let r = UnsafeRawBufferPointer(witness)
                return signature.withUnsafeMutableBytes { out -> Bool in
                    let bigR = UnsafeMutableRawBufferPointer(rebasing: out[0..<32])
                    // Only a witness of 0 mod ℓ (probability 2^-252) fails here.
                    guard Ristretto255.multiplyBase(r, into: bigR) else { return false }
                    transcript.appendMessage(label: "sign:R", bytes: UnsafeRawBufferPointer(bigR))
                    let k = Sr25519.challengeScalar(&transcript, label: "sign:c")
                    k.withUnsafeBytes { k in
                        withScalarAndNonce { key, _ in
                            Ristretto255.multiplyAdd(
                                k, key, r, into: UnsafeMutableRawBufferPointer(rebasing: out[32..<64]))
                        }
                    }
                    return true
                }
            }
            guard signed else { throw .internalFailure("sr25519 signing: zero witness") }
            signature[63] |= 0x80  // schnorrkel's marker: s < 2^253, so the top bit is free
            return signature
        }

        public var description: String { "Sr25519.SecretKey(redacted)" }
    }

    // MARK: - Shared pieces

    static let protocolName: [UInt8] = Array("Schnorr-sig".utf8)

    /// schnorrkel `signing_context(context).bytes(message)`.
    static func signingTranscript(context: [UInt8], message: [UInt8]) -> MerlinTranscript {
        var transcript = MerlinTranscript(label: "SigningContext")
        transcript.appendMessage(label: "", message: context)
        transcript.appendMessage(label: "sign-bytes", message: message)
        return transcript
    }

    /// schnorrkel `challenge_scalar`: 64 challenge bytes reduced mod ℓ.
    static func challengeScalar(_ transcript: inout MerlinTranscript, label: String) -> [UInt8] {
        let wide = transcript.challengeBytes(label: label, count: 64)
        var scalar = [UInt8](repeating: 0, count: 32)
        wide.withUnsafeBytes { wide in
            scalar.withUnsafeMutableBytes { Ristretto255.reduce(wide: wide, into: $0) }
        }
        return scalar
    }

    static func verify(signature: [UInt8], message: [UInt8], context: [UInt8], publicKey: [UInt8]) -> Bool {
        guard signature.count == signatureLength, publicKey.count == publicKeyLength,
            message.count <= MerlinTranscript.maximumLength, context.count <= MerlinTranscript.maximumLength
        else { return false }
        // 1. The marker bit (NotMarkedSchnorrkel otherwise), then s without it, canonical.
        guard signature[63] & 0x80 != 0 else { return false }
        let bigR = Array(signature[0..<32])
        var s = Array(signature[32..<64])
        s[31] &= 0x7f
        guard s.withUnsafeBytes({ Ristretto255.isCanonical($0) }) else { return false }

        // 2. The transcript, as the signer built it; R is absorbed as sent.
        var transcript = signingTranscript(context: context, message: message)
        transcript.appendMessage(label: "proto-name", message: protocolName)
        transcript.appendMessage(label: "sign:pk", message: publicKey)
        transcript.appendMessage(label: "sign:R", message: bigR)
        let k = challengeScalar(&transcript, label: "sign:c")

        // 3. R' = s·B − k·A must encode to R. libsodium refuses a non-canonical A, and an
        //    identity result of either product (s = 0, k = 0, or A the identity): all rejections.
        var sB = [UInt8](repeating: 0, count: 32)
        var kA = [UInt8](repeating: 0, count: 32)
        var expectedR = [UInt8](repeating: 0, count: 32)
        let computed = s.withUnsafeBytes { s in
            k.withUnsafeBytes { k in
                publicKey.withUnsafeBytes { a in
                    sB.withUnsafeMutableBytes { sB in
                        kA.withUnsafeMutableBytes { kA in
                            expectedR.withUnsafeMutableBytes { out in
                                Ristretto255.multiplyBase(s, into: sB)
                                    && Ristretto255.multiply(k, a, into: kA)
                                    && Ristretto255.subtractPoints(
                                        UnsafeRawBufferPointer(sB), UnsafeRawBufferPointer(kA), into: out)
                            }
                        }
                    }
                }
            }
        }
        guard computed else { return false }
        return expectedR.withUnsafeBytes { expected in
            bigR.withUnsafeBytes { Ristretto255.constantTimeEqual(expected, $0) }
        }
    }

    /// schnorrkel `divide_scalar_bytes_by_cofactor`: shifts a 256-bit little-endian integer
    /// right by 3 bits, in place.
    static func divideByCofactor(_ scalar: UnsafeMutableRawBufferPointer) {
        var low: UInt8 = 0
        for index in scalar.indices.reversed() {
            let byte = scalar[index]
            scalar[index] = (byte >> 3) | low
            low = (byte & 7) << 5
        }
    }

    /// schnorrkel `multiply_scalar_bytes_by_cofactor`: shifts a 256-bit little-endian integer
    /// left by 3 bits, in place (the top 3 bits fall off; canonical scalars have none set).
    static func multiplyByCofactor(_ scalar: UnsafeMutableRawBufferPointer) {
        var high: UInt8 = 0
        for index in scalar.indices {
            let byte = scalar[index]
            scalar[index] = (byte << 3) | high
            high = (byte & 0xe0) >> 5
        }
    }
}
