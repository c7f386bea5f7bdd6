import AirsignCrypto
import AirsignEncoding

/// The key steps the chains' account rules share (`ChainAccounts.derive` and `verify`): a BIP32
/// key of a phrase or a single imported key, and an account's public key read in the form its
/// chain stores it. The paths themselves are each chain's, so the same phrase shows the same
/// addresses as MetaMask, quill, Stellar wallets and polkadot-js.
public enum AccountKeys {
    /// The secp256k1 key at `purpose/index` of a phrase, its path, and the xpub of `purpose`
    /// (the parent) that a watch-only export carries; or a single imported key, which has
    /// neither path nor xpub and is index 0 only. `chain` names the chain in the refusal of a
    /// secret of another kind.
    public static func bip32Secp256k1(
        _ secret: KeySecret, passphrase: SecureBytes, purpose: String, index: UInt32, chain: String
    ) throws(KeysError) -> (key: Secp256k1.PrivateKey, path: String, xpub: String?) {
        switch secret {
        case .mnemonic(let mnemonic):
            guard index < DerivationPath.hardenedOffset else {
                throw .invalidDerivationPath("account index \(index) must be below 2^31")
            }
            let parentPath = try DerivationPath(purpose)
            let parent = try ExtendedPrivateKey(seed: mnemonic.seed(passphrase: passphrase)).derived(parentPath)
            return (
                try parent.child(index).privateKey, try parentPath.appending(index).description,
                parent.extendedPublicKey.serialized
            )
        case .secp256k1(let key):
            guard index == 0 else { throw .secretDoesNotFitAccount("an imported key is a single account: use index 0") }
            return (key, "", nil)
        default:
            throw .secretDoesNotFitAccount("an \(chain) account needs a recovery phrase or a secp256k1 key")
        }
    }

    /// A single imported Ed25519 key (its 32-byte seed): one account, index 0.
    public static func importedEd25519(_ seed: SecureBytes, index: UInt32) throws(KeysError) -> Ed25519.PrivateKey {
        guard index == 0 else { throw .secretDoesNotFitAccount("an imported key is a single account: use index 0") }
        do {
            return try Ed25519.PrivateKey(seed: seed)
        } catch {
            throw .invalidSecretKey("an Ed25519 key is 32 bytes")
        }
    }

    /// A secp256k1 point in the form the chain stores it (65-byte `0x04…` or 33-byte
    /// compressed), refused as the account's `publicKey` field.
    public static func secp256k1(_ bytes: [UInt8], compressed: Bool) throws(KeysError) -> Secp256k1.PublicKey {
        let length = compressed ? Secp256k1.compressedPublicKeyLength : Secp256k1.uncompressedPublicKeyLength
        guard bytes.count == length else {
            throw .inconsistentAccount(
                field: "publicKey",
                reason:
                    "must be a \(length)-byte \(compressed ? "compressed" : "uncompressed") secp256k1 key, not \(bytes.count) bytes"
            )
        }
        do {
            return try Secp256k1.PublicKey(parsing: bytes)
        } catch {
            throw .inconsistentAccount(field: "publicKey", reason: "not a point on secp256k1")
        }
    }

    /// A 32-byte Ed25519 (or sr25519) public key, refused as the account's `publicKey` field.
    public static func ed25519(_ bytes: [UInt8]) throws(KeysError) -> [UInt8] {
        guard bytes.count == 32 else {
            throw .inconsistentAccount(field: "publicKey", reason: "must be 32 bytes, not \(bytes.count)")
        }
        return bytes
    }

    /// BLAKE2b-256, as Substrate hashes an ecdsa key into its account ID.
    public static func blake2b256(_ data: [UInt8]) throws(KeysError) -> [UInt8] {
        do {
            return try Blake2b.hash(data, outputLength: 32)
        } catch {
            throw .invalidSecretKey("BLAKE2b refused a 32-byte output")
        }
    }

    /// Runs an encoder on public data, reporting its error as `KeysError.encoding`.
    public static func encoding<T>(_ body: () throws(EncodingError) -> T) throws(KeysError) -> T {
        do {
            return try body()
        } catch {
            throw .encoding(error)
        }
    }
}
