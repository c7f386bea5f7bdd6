import AirsignCrypto
import AirsignEncoding
import AirsignKeys

/// The watch-only pairing of a recovery phrase's Ethereum accounts with an ERC-4527 wallet:
/// the key at the BIP44 account level `m/44'/60'/0'`, below which MetaMask derives `0/i` (the
/// accounts `account add --chain ethereum --index i` makes). Only public data leaves: the
/// account-level public key and chain code, and the master and parent fingerprints.
public enum PairingExport {
    /// `m/44'/60'/0'`.
    public static let accountPath = "m/44'/60'/0'"
    /// Keystone's note for BIP44 `m/44'/60'/0'/0/i` accounts (`KEYRING_ACCOUNT.standard`).
    public static let standardNote = "account.standard"

    /// The `crypto-hdkey` MetaMask's "QR-based hardware wallet" imports, in the shape a Keystone
    /// sends (origin with the master fingerprint and depth 3, children `0/*`, the parent's
    /// fingerprint, the name and `account.standard`).
    public static func hdkey(seed: SecureBytes, name: String) throws -> CryptoHDKey {
        let master = try ExtendedPrivateKey(seed: seed)
        let parent = try master.derived(try DerivationPath("m/44'/60'"))
        let account = try parent.child(try DerivationPath.hardened(0)).extendedPublicKey
        let origin = CryptoKeypath(
            try DerivationPath(accountPath), sourceFingerprint: master.fingerprintNumber, depth: 3)
        return CryptoHDKey(
            keyData: account.publicKey.compressed, chainCode: account.chainCode, coinType: 60, origin: origin,
            children: CryptoKeypath(components: [.index(0, hardened: false), .wildcard(hardened: false)], depth: 0),
            parentFingerprint: parent.fingerprintNumber, name: name, note: standardNote)
    }

    /// The `crypto-account` (BCR-2023-019 v1, tag 311) holding that key: `{1: master
    /// fingerprint, 2: [303(hdkey)]}`, for wallets that import accounts in that form.
    public static func account(seed: SecureBytes, name: String) throws -> [UInt8] {
        let key = try hdkey(seed: seed, name: name)
        let master = try ExtendedPrivateKey(seed: seed)
        let value: CBORValue = .map([
            (key: .unsigned(1), value: .unsigned(UInt64(master.fingerprintNumber))),
            (key: .unsigned(2), value: .array([.tag(CryptoHDKey.tag, key.value)])),
        ])
        return try ERC4527CBOR.encode(value)
    }

    /// The UR type of `account`'s CBOR.
    public static let accountURType = "crypto-account"
}
