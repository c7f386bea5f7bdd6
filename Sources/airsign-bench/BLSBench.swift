import AirsignBLS12381
import AirsignCrypto

/// One IC certificate signature check as the watch makes it (`BLS12381.verify`: decode and
/// subgroup-check both points, hash the message to G1, two Miller loops, one shared final
/// exponentiation) on a certificate's message: "\x0Dic-state-root" and a 32-byte root hash.
/// bench/bls.py times blspy (relic) on the same check.
enum BLSBench {
    static func run(_ options: Options) throws {
        let secret = SecureRandom.bytes(31)
        let messages = (0..<8).map { _ in SecureRandom.bytes(46) }  // "\x0Dic-state-root" ‖ a 32-byte root
        let publicKey = BLS12381.G2Point.generator.multiplied(byBigEndian: secret).compressed
        let signatures = try messages.map {
            try BLS12381.hashToG1($0, dst: BLS12381.icDomainSeparationTag).multiplied(byBigEndian: secret).compressed
        }
        try measure(
            "bls12381_verify_ic", options, details: ["message_bytes": 46, "pairings": 2, "final_exponentiations": 1]
        ) { i in
            let k = i % messages.count
            guard try BLS12381.verify(signature: signatures[k], message: messages[k], publicKey: publicKey) else {
                fatalError("airsign-bench: a valid BLS signature did not verify")
            }
        }
    }
}
