import AirsignCrypto

/// The floor under `stellar_sign_payment_batch10k` (bench/stellar.py): SHA-256 of a signature
/// base the size of a one-payment envelope's (network id hash, envelope type, transaction XDR:
/// about 200 bytes) and a libsodium Ed25519 signature of the 32-byte hash, in a loop, with no
/// XDR decoding, review or output around it.
enum StellarBench {
    static func run(_ options: Options) throws {
        let key = try Ed25519.PrivateKey(seed: SecureRandom.secureBytes(32))
        let bases = (0..<64).map { _ in SecureRandom.bytes(200) }
        measure(
            "stellar_sha256_ed25519_sign", options,
            details: ["signature_base_bytes": 200, "note": "bare loop: sha256 + ed25519 sign"]
        ) { i in
            _ = key.sign(SHA256.hash(bases[i % bases.count]))
        }
    }
}
