import AirsignCrypto
import AirsignEncoding

/// Secret outputs are revealed here only because the interop suite must compare them with a
/// reference library; production code never turns SecureBytes into hex.
private func revealed(_ secret: SecureBytes) -> String {
    secret.withUnsafeBytes { Hex.encode($0) }
}

private func hashHandler(_ hash: @escaping @Sendable ([UInt8]) -> [UInt8]) -> Handler {
    { request in ["hex": Hex.encode(hash(try request.bytes("data")))] }
}

let cryptoHandlers: [String: Handler] = [
    "sha224": hashHandler { SHA224.hash($0) },
    "sha256": hashHandler { SHA256.hash($0) },
    "sha512": hashHandler { SHA512.hash($0) },
    "keccak256": hashHandler { Keccak256.hash($0) },
    "blake2b": { request in
        let out = try Blake2b.hash(
            try request.bytes("data"), outputLength: try request.int("length"),
            key: try request.bytes("key"))
        return ["hex": Hex.encode(out)]
    },
    // {data, length} → {hex}: BLAKE3's default mode, `length` bytes of its extendable output.
    "blake3": { request in
        ["hex": Hex.encode(BLAKE3.hash(try request.bytes("data"), outputLength: try request.int("length")))]
    },
    "hmac_sha256": { request in
        ["hex": revealed(HMAC.sha256(key: try request.bytes("key"), message: try request.bytes("data")))]
    },
    "hmac_sha512": { request in
        ["hex": revealed(HMAC.sha512(key: try request.bytes("key"), message: try request.bytes("data")))]
    },
    "pbkdf2_sha512": { request in
        let key = try PBKDF2.sha512(
            password: try request.secret("password"), salt: try request.bytes("salt"),
            iterations: try request.int("iterations"), length: try request.int("length"))
        return ["hex": revealed(key)]
    },
    "secp256k1_sign": { request in
        let key = try Secp256k1.PrivateKey(try request.secret("key"))
        let signature = try key.signRecoverable(digest32: try request.bytes("digest"))
        return [
            "compact": Hex.encode(signature.compact),
            "recid": Int(signature.recoveryID),
            "public_compressed": Hex.encode(key.publicKey.compressed),
            "public_uncompressed": Hex.encode(key.publicKey.uncompressed),
        ]
    },
    "secp256k1_recover": { request in
        let signature = try Secp256k1.RecoverableSignature(
            compact: try request.bytes("compact"),
            recoveryID: try request.int("recid"))
        let key = try signature.recoverPublicKey(digest32: try request.bytes("digest"))
        return ["public_uncompressed": Hex.encode(key.uncompressed)]
    },
    "secp256k1_verify": { request in
        let key = try Secp256k1.PublicKey(parsing: try request.bytes("public"))
        let signature = try Secp256k1.Signature(compact: try request.bytes("compact"))
        return ["valid": key.isValidSignature(signature, digest32: try request.bytes("digest"))]
    },
    "ed25519_sign": { request in
        let key = try Ed25519.PrivateKey(seed: try request.secret("seed"))
        return ["public": Hex.encode(key.publicKey), "signature": Hex.encode(key.sign(try request.bytes("message")))]
    },
    "ed25519_verify": { request in
        let valid = Ed25519.isValidSignature(
            try request.bytes("signature"), message: try request.bytes("message"),
            publicKey: try request.bytes("public"))
        return ["valid": valid]
    },
]
