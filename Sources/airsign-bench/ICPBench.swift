import AirsignCrypto

/// The floor under `icp_sign_transfer_batch10k` (bench/icp.py): SHA-256 of `\x0Aic-request ‖
/// request id` (43 bytes) and a libsecp256k1 signature (RFC 6979, low s, 64-byte r‖s) of it, in
/// a loop, per signature (a transfer takes two: its call and its request_status read), with no
/// decoding, request-id hashing, review or output around it.
enum ICPBench {
    static func run(_ options: Options) throws {
        let key = try Secp256k1.PrivateKey(SecureBytes(copying: SecureRandom.bytes(32)))
        let domain: [UInt8] = [0x0A] + Array("ic-request".utf8)
        let messages = (0..<64).map { _ in domain + SecureRandom.bytes(32) }
        try measure(
            "icp_sha256_secp256k1_sign", options,
            details: ["message_bytes": 43, "note": "bare loop: sha256 + secp256k1 sign, per signature"]
        ) { i in
            _ = try key.sign(digest32: SHA256.hash(messages[i % messages.count])).compact
        }
    }
}
