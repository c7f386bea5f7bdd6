import AirsignCrypto
import AirsignEthereum
import AirsignKeys

/// The signer's pairing as the watch reads it, to name the signer's wallet in the
/// `eth-sign-request`s it writes: the `crypto-hdkey` of the account level (what
/// `airsign-signer account export --format crypto-hdkey` writes and Keystone-style signers
/// show). Its origin's source fingerprint is what the signer compares a request's with. The
/// watch's account descriptors do not carry it (the signer needs the phrase to compute it, and
/// exports descriptors without the PIN), so the pairing is the watch's source for it.
public struct ERC4527Pairing: Sendable {
    public let key: CryptoHDKey

    public init(key: CryptoHDKey) {
        self.key = key
    }

    /// The master fingerprint to send for the account with `publicKey` at `path`: the pairing's
    /// source fingerprint, taken only when its key derives that account (its origin path is a
    /// prefix of `path` and the rest is unhardened), so another phrase's pairing is refused
    /// rather than sent.
    public func sourceFingerprint(account publicKey: [UInt8], path: DerivationPath) throws(ERC4527Error) -> UInt32 {
        guard let origin = key.origin else {
            throw ERC4527Error("the pairing's crypto-hdkey has no origin (key 6), so it names no wallet")
        }
        guard let fingerprint = origin.sourceFingerprint else {
            throw ERC4527Error("the pairing's crypto-hdkey.origin has no source fingerprint (key 2)")
        }
        let base = try origin.concretePath(field: "the pairing's crypto-hdkey.origin")
        guard path.components.count >= base.components.count,
            Array(path.components.prefix(base.components.count)) == base.components
        else {
            throw ERC4527Error("the pairing's key is at \(base), which is not above the account's path \(path)")
        }
        let below = path.components.dropFirst(base.components.count)
        guard below.allSatisfy({ $0 < DerivationPath.hardenedOffset }) else {
            throw ERC4527Error(
                "the account's path \(path) is hardened below the pairing's key at \(base): the pairing cannot derive it"
            )
        }
        let derived: Secp256k1.PublicKey
        do {
            var node = try ExtendedPublicKey(compressedKey: key.keyData, chainCode: key.chainCode)
            for index in below { node = try node.child(index) }
            derived = node.publicKey
        } catch {
            throw ERC4527Error("the pairing's crypto-hdkey: \(error)")
        }
        guard derived.uncompressed == publicKey || derived.compressed == publicKey else {
            throw ERC4527Error(
                "the pairing's key does not derive the account's key at \(path): it is another wallet's pairing")
        }
        return fingerprint
    }
}
