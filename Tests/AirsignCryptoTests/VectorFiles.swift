import AirsignCrypto
import AirsignTestSupport
import Foundation

// Shapes of the JSON files in vectors/. Each file carries a top-level "source" and each case
// its own; the runners read only what they check.

struct SHA2File: Decodable {
    struct Case: Decodable { let name, algorithm, message_ascii, digest, source: String }
    struct Million: Decodable { let algorithm, digest, source: String }
    let source: String
    let cases: [Case]
    let million_a: [Million]
}

struct KeccakFile: Decodable {
    struct Case: Decodable { let name, message_hex, digest, source: String }
    struct Permutation: Decodable { let source: String; let output_lanes: [String] }
    let source: String
    let cases: [Case]
    let permutation: Permutation
}

struct Blake2bFile: Decodable {
    struct Case: Decodable { let name, message_hex, key_hex, digest, source: String; let output_length: Int }
    let source: String
    let cases: [Case]
}

struct HMACFile: Decodable {
    struct Case: Decodable {
        let name, key_hex, data_hex, hmac_sha256, hmac_sha512, source: String
        let truncate_to_bytes: Int?
    }
    let source: String
    let cases: [Case]
}

struct PBKDF2File: Decodable {
    struct Case: Decodable { let name, password, salt, derived, source: String; let iterations, length: Int }
    let source: String
    let cases: [Case]
}

struct Ed25519File: Decodable {
    struct Case: Decodable { let name, secret_key, public_key, message, signature, source: String }
    let source: String
    let cases: [Case]
}

struct Secp256k1File: Decodable {
    struct ECDSA: Decodable {
        let name, private_key, signature, source: String
        let digest: String?
        let message_hex: String?
        let hash: String?
        let recovery_id: Int?
        let ethereum_address: String?
        let public_key_compressed: String?
        let public_key_uncompressed: String?
        let verify_only: Bool?
    }
    struct PublicKeyCase: Decodable {
        let name, private_key, public_key_compressed, source: String
        let public_key_uncompressed: String?
    }
    let source: String
    let ecdsa: [ECDSA]
    let public_keys: [PublicKeyCase]
}

struct XChaChaFile: Decodable {
    struct Case: Decodable { let name, key, nonce, aad, plaintext_hex, ciphertext, tag, source: String }
    let source: String
    let cases: [Case]
}

struct Argon2idFile: Decodable {
    struct Case: Decodable {
        let name, password_hex, salt_hex, derived, source: String
        let ops_limit: UInt64
        let mem_limit, length: Int
    }
    let source: String
    let cases: [Case]
}

/// The bytes of a `SecureBytes`, for comparisons in tests only.
func contents(_ secure: SecureBytes) -> [UInt8] {
    secure.withUnsafeBytes { Array($0) }
}

/// Splits `data` at random points into consecutive pieces (possibly empty ones).
func randomPieces(_ data: [UInt8], using rng: inout SeededRandom) -> [[UInt8]] {
    var cuts = (0..<Int.random(in: 0...5, using: &rng)).map { _ in Int.random(in: 0...data.count, using: &rng) }
    cuts.append(contentsOf: [0, data.count])
    cuts.sort()
    return zip(cuts, cuts.dropFirst()).map { Array(data[$0..<$1]) }
}
