import AirsignCrypto
import AirsignKeys

/// The payload kinds airsign-signer stores and their byte layouts (inside the ciphertext only):
///
/// - `bip39`: entropy length (1 byte: 16, 20, 24, 28 or 32) | entropy | passphrase (UTF-8, may
///   be empty). The passphrase is the BIP39 passphrase for Ethereum, ICP and Stellar and the
///   `///password` for Substrate: one secret, every chain, as polkadot-js and BIP39 wallets use it.
/// - `substrate-seed`: the 32-byte seed (mini-secret) of a Substrate `0x` URI.
/// - `secp256k1`: a 32-byte private key (Ethereum hex key, ICP `EC PRIVATE KEY` PEM).
/// - `ed25519`: a 32-byte Ed25519 seed (Stellar `S…` secret, ICP PKCS#8 PEM).
///
/// Storing entropy rather than words keeps the payload small and canonical; the phrase is
/// rebuilt from it exactly.
extension SecretPayload {
    /// A BIP39 phrase (as entropy) and its passphrase.
    public static let bip39Kind = "bip39"
    /// A Substrate `0x` seed.
    public static let substrateSeedKind = "substrate-seed"
    /// A single secp256k1 private key.
    public static let secp256k1Kind = "secp256k1"
    /// A single Ed25519 seed.
    public static let ed25519Kind = "ed25519"

    /// The payload for `secret` and its passphrase (phrases only; empty for other secrets).
    public init(secret: KeySecret, passphrase: SecureBytes = SecureBytes(count: 0)) throws(KeystoreError) {
        if case .mnemonic = secret {
        } else {
            guard passphrase.isEmpty else {
                throw .invalidMetadata(field: "secret", reason: "only a recovery phrase has a passphrase")
            }
        }
        switch secret {
        case let .mnemonic(mnemonic):
            let length = [UInt8(truncatingIfNeeded: mnemonic.entropy.count)]
            try self.init(kind: Self.bip39Kind, bytes: SecureBytes.joining([length, mnemonic.entropy, passphrase]))
        case let .substrateSeed(seed):
            try self.init(kind: Self.substrateSeedKind, bytes: seed)
        case let .secp256k1(key):
            try self.init(kind: Self.secp256k1Kind, bytes: key.secret)
        case let .ed25519(seed):
            try self.init(kind: Self.ed25519Kind, bytes: seed)
        }
    }

    /// The secret and passphrase this payload holds; `name` labels errors. A payload that does
    /// not read as its kind is reported as `.secretUnreadable`, never quoting its bytes.
    public func keySecret(name: KeyName) throws(KeystoreError) -> (secret: KeySecret, passphrase: SecureBytes) {
        let fail = { (reason: String) in
            KeystoreError.secretUnreadable(name: name.value, kind: self.kind, reason: reason)
        }
        switch kind {
        case Self.bip39Kind:
            let length = bytes.withUnsafeBytes { $0.first.map(Int.init) ?? 0 }
            guard [16, 20, 24, 28, 32].contains(length), bytes.count >= 1 + length else {
                throw fail("the entropy is cut short")
            }
            do throws(KeysError) {
                let mnemonic = try Mnemonic(entropy: bytes.slice(1..<1 + length))
                return (.mnemonic(mnemonic), bytes.slice(1 + length..<bytes.count))
            } catch {
                throw fail(error.description)
            }
        case Self.substrateSeedKind:
            guard bytes.count == 32 else { throw fail("a seed is 32 bytes") }
            return (.substrateSeed(bytes), SecureBytes(count: 0))
        case Self.secp256k1Kind:
            guard bytes.count == 32 else { throw fail("a secp256k1 key is 32 bytes") }
            do {
                return (.secp256k1(try Secp256k1.PrivateKey(bytes)), SecureBytes(count: 0))
            } catch {
                throw fail("the key is out of range for secp256k1")
            }
        case Self.ed25519Kind:
            guard bytes.count == 32 else { throw fail("an Ed25519 seed is 32 bytes") }
            return (.ed25519(bytes), SecureBytes(count: 0))
        default:
            throw fail("this airsign-signer does not know the kind")
        }
    }
}
