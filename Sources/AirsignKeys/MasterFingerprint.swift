import AirsignCrypto
import AirsignEncoding

extension KeySecret {
    /// The BIP32 fingerprint of a phrase's master key (the first 4 bytes of HASH160 of its
    /// public key, big-endian): what wallets call the master or source fingerprint (ERC-4527's
    /// `source-fingerprint`, PSBT's xfp). Nil for a secret that is no phrase: it has no master key.
    public func masterFingerprint(passphrase: SecureBytes) throws(KeysError) -> UInt32? {
        guard case let .mnemonic(mnemonic) = self else { return nil }
        return try ExtendedPrivateKey(seed: try mnemonic.seed(passphrase: passphrase)).fingerprintNumber
    }

    /// A fingerprint as wallets show it: 8 lower-case hex digits (`73c5da0a`).
    public static func fingerprintText(_ fingerprint: UInt32) -> String {
        Hex.encode(withUnsafeBytes(of: fingerprint.bigEndian, Array.init))
    }
}
