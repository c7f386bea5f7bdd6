/// Substrate's hierarchical key derivation (HDKD) for sr25519, from a 32-byte chain code per
/// junction (`w3f/schnorrkel: src/derive.rs`, called by `sp-core` `sr25519.rs` with an empty
/// index).
///
/// A path such as `//Alice/0` is applied junction by junction from the root key: hard junctions
/// (`//`) with `hardDerived(chainCode:)`, soft ones (`/`) with `softDerived(chainCode:)`. The
/// chain code of a junction name is `SubstrateJunction` in AirsignKeys.
extension Sr25519.SecretKey {
    /// The mini-secret of the hard child (schnorrkel `hard_derive_mini_secret_key(Some(cc), b"")`):
    /// a Merlin transcript "SchnorrRistrettoHDKD" over the empty index, the chain code and this
    /// key's canonical scalar (not the nonce), challenged for 32 bytes.
    ///
    /// Substrate keeps this value as the derived key's seed when every junction of a path is
    /// hard (`Pair::derive` returns it), so it is exposed for the keystore.
    public func hardDerivedMiniSecret(chainCode: [UInt8]) throws(CryptoError) -> SecureBytes {
        try Sr25519.checkChainCode(chainCode)
        return SecureBytes(count: Sr25519.miniSecretLength) { hardDerivedMiniSecret(chainCode: chainCode, into: $0) }
    }

    /// The hard child for `chainCode` (`sp-core` `derive_hard_junction`): the mini-secret above,
    /// expanded in `ExpansionMode::Ed25519`. Deterministic; needs the secret key.
    public func hardDerived(chainCode: [UInt8]) throws(CryptoError) -> Sr25519.SecretKey {
        try Sr25519.checkChainCode(chainCode)
        let child = Ristretto255.withSecretScratch(Sr25519.miniSecretLength) { mini in
            hardDerivedMiniSecret(chainCode: chainCode, into: mini)
            return Sr25519.SecretKey.expand(UnsafeRawBufferPointer(mini))
        }
        return try Sr25519.SecretKey(validating: child)
    }

    private func hardDerivedMiniSecret(chainCode: [UInt8], into out: UnsafeMutableRawBufferPointer) {
        var transcript = Sr25519.derivationTranscript(chainCode: chainCode)
        withScalarAndNonce { scalar, _ in transcript.appendMessage(label: "secret-key", bytes: scalar) }
        // The transcript's state now depends on the secret scalar; its storage is wiped when
        // `transcript` goes away.
        transcript.challengeBytes(label: "HDKD-hard", into: out)
    }

    /// The soft child for `chainCode` (schnorrkel `Keypair::derived_key_simple(cc, b"")`):
    /// scalar + d, where d comes from the public key and chain code, so its public key equals
    /// `publicKey.softDerived(chainCode:)`. The child's nonce is fresh randomness mixed with this
    /// key's secrets (schnorrkel's "HDKD-nonce" witness), so two soft derivations of one key
    /// give the same public key and scalar but different nonces, as in schnorrkel itself.
    public func softDerived(chainCode: [UInt8]) throws(CryptoError) -> Sr25519.SecretKey {
        try softDerived(chainCode: chainCode, testRandomness: nil)
    }

    /// Soft derivation with the nonce witness's randomness fixed (tests only).
    @_spi(Testing)
    public func softDerived(chainCode: [UInt8], testRandomness: [UInt8]?) throws(CryptoError) -> Sr25519.SecretKey {
        try Sr25519.checkChainCode(chainCode)
        if let testRandomness, testRandomness.count != 32 {
            throw .wrongLength(.nonce, expected: 32, actual: testRandomness.count)
        }
        var transcript = Sr25519.derivationTranscript(chainCode: chainCode)
        let child = SecureBytes(count: 64) { out in
            Ristretto255.withSecretScratch(32) { d in
                // d = challenge_scalar("HDKD-scalar") after committing the public key.
                Sr25519.softDerivationScalar(&transcript, publicKey: publicKey.bytes, into: d)
                withScalarAndNonce { key, _ in
                    Ristretto255.add(
                        key, UnsafeRawBufferPointer(d), into: UnsafeMutableRawBufferPointer(rebasing: out[0..<32]))
                }
            }
            // nonce = witness_bytes("HDKD-nonce", 32, [nonce, scalar ‖ nonce]).
            var rekeyed = transcript.buildRNG()
            withScalarAndNonce { _, nonce in rekeyed.rekey(label: "HDKD-nonce", bytes: nonce) }
            secret.withUnsafeBytes { rekeyed.rekey(label: "HDKD-nonce", bytes: $0) }
            var rng: TranscriptRNG
            if let testRandomness {
                rng = rekeyed.finalize(testRandomness: testRandomness)
            } else {
                rng = rekeyed.finalize()
            }
            rng.fill(into: UnsafeMutableRawBufferPointer(rebasing: out[32..<64]))
        }
        // A child scalar of 0 (probability 2^-252) is refused here.
        return try Sr25519.SecretKey(validating: child)
    }
}

extension Sr25519.PublicKey {
    /// The soft child's public key for `chainCode`: A + d·B, with d from
    /// `SchnorrRistrettoHDKD(chain code, A)` (schnorrkel `PublicKey::derived_key_simple(cc, b"")`).
    /// Needs no secret: a watch-only wallet can follow soft paths.
    public func softDerived(chainCode: [UInt8]) throws(CryptoError) -> Sr25519.PublicKey {
        try Sr25519.checkChainCode(chainCode)
        var transcript = Sr25519.derivationTranscript(chainCode: chainCode)
        var dB = [UInt8](repeating: 0, count: 32)
        var child = [UInt8](repeating: 0, count: 32)
        let nonZero = Ristretto255.withSecretScratch(32) { d in
            Sr25519.softDerivationScalar(&transcript, publicKey: bytes, into: d)
            return dB.withUnsafeMutableBytes { Ristretto255.multiplyBase(UnsafeRawBufferPointer(d), into: $0) }
        }
        if !nonZero {
            // d ≡ 0 (probability 2^-252): the child is the parent.
            return self
        }
        let added = bytes.withUnsafeBytes { a in
            dB.withUnsafeBytes { dB in child.withUnsafeMutableBytes { Ristretto255.addPoints(a, dB, into: $0) } }
        }
        // The sum is the identity only if d = −key (probability 2^-252); libsodium then encodes
        // zeros, which is no public key.
        guard added, child.withUnsafeBytes({ Ristretto255.isValidNonIdentityPoint($0) }) else {
            throw .invalidSr25519PublicKey
        }
        return Sr25519.PublicKey(validated: child)
    }
}

extension Sr25519 {
    static func checkChainCode(_ chainCode: [UInt8]) throws(CryptoError) {
        guard chainCode.count == chainCodeLength else {
            throw .wrongLength(.chainCode, expected: chainCodeLength, actual: chainCode.count)
        }
    }

    /// `Transcript::new("SchnorrRistrettoHDKD")`, `sign-bytes` = the empty index, `chain-code`.
    static func derivationTranscript(chainCode: [UInt8]) -> MerlinTranscript {
        var transcript = MerlinTranscript(label: "SchnorrRistrettoHDKD")
        transcript.appendMessage(label: "sign-bytes", message: [UInt8]())
        transcript.appendMessage(label: "chain-code", message: chainCode)
        return transcript
    }

    /// schnorrkel `derive_scalar_and_chaincode`: commits the public key, takes d =
    /// challenge_scalar("HDKD-scalar"), then draws (and drops, as Substrate does) the child chain
    /// code "HDKD-chaincode", leaving the transcript where schnorrkel leaves it.
    static func softDerivationScalar(
        _ transcript: inout MerlinTranscript, publicKey: [UInt8], into out: UnsafeMutableRawBufferPointer
    ) {
        transcript.appendMessage(label: "public-key", message: publicKey)
        Ristretto255.withSecretScratch(64) { wide in
            transcript.challengeBytes(label: "HDKD-scalar", into: wide)
            Ristretto255.reduce(wide: UnsafeRawBufferPointer(wide), into: out)
        }
        _ = transcript.challengeBytes(label: "HDKD-chaincode", count: 32)
    }
}
