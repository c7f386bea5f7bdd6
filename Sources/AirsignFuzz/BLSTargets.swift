import AirsignBLS12381

extension FuzzTarget {
    /// The watch decodes the BLS signature of every certificate a boundary node sends, and the
    /// public key of every delegation in it: untrusted bytes. The input's first 48 bytes are
    /// read as a G1 point (a signature), the next 96 as a G2 point (a public key) and the rest
    /// as the message of a full verification. An accepted point must re-encode to its own
    /// bytes (the decoder is strict: one encoding per point).
    static let bls12381 = FuzzTarget(
        name: "bls12381",
        summary: "BLS12-381 compressed points and IC signature checks (signature ‖ public key ‖ message)"
    ) { input throws(FuzzViolation) in
        let signature = Array(input.prefix(48)), publicKey = Array(input.dropFirst(48).prefix(96))
        if let point = try? BLS12381.G1Point(compressed: signature) {
            try FuzzViolation.check(
                point.compressed == signature, "a G1 point that does not re-encode to its own bytes")
        }
        if let point = try? BLS12381.G2Point(compressed: publicKey) {
            try FuzzViolation.check(
                point.compressed == publicKey, "a G2 point that does not re-encode to its own bytes")
        }
        if input.count >= 144 {
            _ = try? BLS12381.verify(signature: signature, message: Array(input.dropFirst(144)), publicKey: publicKey)
        }
    }
}
