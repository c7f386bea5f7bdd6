import AirsignCrypto

/// The floor under `eth_sign_1559_batch10k` (bench/ethereum.py): Keccak-256 of a transaction-sized
/// preimage and a libsecp256k1 recoverable signature (RFC 6979, low s) of it, in a loop, with
/// no decoding, review or output around it.
enum EthereumBench {
    static func run(_ options: Options) throws {
        let key = try Secp256k1.PrivateKey(SecureBytes(copying: SecureRandom.bytes(32)))
        // 0x02 || rlp(...) of a plain EIP-1559 transfer is about 50 bytes; 120 allows some data.
        let preimages = (0..<64).map { _ in [0x02] + SecureRandom.bytes(120) }
        try measure(
            "eth_keccak_secp256k1_sign", options,
            details: ["preimage_bytes": 121, "note": "bare loop: keccak256 + secp256k1 recoverable sign"]
        ) { i in
            _ = try key.signRecoverable(digest32: Keccak256.hash(preimages[i % preimages.count]))
        }
    }
}
