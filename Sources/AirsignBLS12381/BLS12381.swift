/// BLS12-381 as the Internet Computer uses it to sign certificates: minimal-signature-size BLS
/// (signatures in G1, public keys in G2), messages hashed to G1 per RFC 9380. Pure Swift on
/// fixed-width limbs; only public data passes through it, so nothing here is constant time.
public enum BLS12381 {
    /// The IC's ciphersuite: BLS signatures with hash-to-G1 over SHA-256, SSWU, random oracle,
    /// no proof of possession.
    public static let icDomainSeparationTag = Array("BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_".utf8)

    /// The IC's scheme: signature = 48-byte compressed G1 point, public key = 96-byte compressed G2 point,
    /// ciphersuite "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_" (hash-to-G1 per RFC 9380, SSWU, random oracle).
    /// Throws for malformed points; returns false for well-formed input whose signature does not verify.
    public static func verify(signature: [UInt8], message: [UInt8], publicKey: [UInt8]) throws(BLSError) -> Bool {
        let key = try G2Point(compressed: publicKey, what: "public key")
        guard !key.isInfinity else { throw .pointAtInfinity(what: "public key") }
        let sig = try G1Point(compressed: signature, what: "signature")
        guard !sig.isInfinity else { throw .pointAtInfinity(what: "signature") }
        let hashed = try HashToCurve.hashToG1(message, dst: icDomainSeparationTag)
        // e(sig, −g2) · e(H(m), pk) = 1, with one shared final exponentiation.
        let product =
            Pairing.millerLoop(sig.point, G2Point.generator.point.negated()) * Pairing.millerLoop(hashed, key.point)
        return Pairing.finalExponentiation(product) == .one
    }

    /// hash_to_curve to G1 (RFC 9380, BLS12381G1_XMD:SHA-256_SSWU_RO_) under `dst`.
    public static func hashToG1(_ message: [UInt8], dst: [UInt8]) throws(BLSError) -> G1Point {
        G1Point(try HashToCurve.hashToG1(message, dst: dst))
    }

    /// expand_message_xmd with SHA-256 (RFC 9380 Section 5.3.1).
    public static func expandMessageXMD(_ message: [UInt8], dst: [UInt8], length: Int) throws(BLSError) -> [UInt8] {
        try HashToCurve.expandMessageXMD(message, dst: dst, length: length)
    }

    /// A pairing value e(P, Q) in GT.
    public struct GT: Sendable, Equatable {
        let value: Fp12

        /// 576 bytes: the twelve Fp coefficients over Fp[w]/(w¹² − 2w⁶ + 2), lowest first.
        public var bytes: [UInt8] { value.flatBytes }

        public static func * (a: GT, b: GT) -> GT { GT(value: a.value * b.value) }

        /// self^scalar for a big-endian scalar.
        public func power(bigEndian scalar: [UInt8]) -> GT { GT(value: value.power(words(bigEndian: scalar))) }
    }

    /// The optimal ate pairing e(P, Q).
    public static func pairing(_ p: G1Point, _ q: G2Point) -> GT {
        GT(value: Pairing.pairing(p.point, q.point))
    }
}
