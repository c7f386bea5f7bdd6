import AirsignCrypto
import AirsignEncoding

/// A BIP32 extended public key (`xpub…`): enough for a watch-only wallet to derive the
/// non-hardened children of an account.
public struct ExtendedPublicKey: Hashable, Sendable, CustomStringConvertible {
    /// Serialization version of mainnet `xpub`.
    public static let version: UInt32 = 0x0488_B21E

    public let publicKey: Secp256k1.PublicKey
    public let chainCode: [UInt8]
    public let depth: UInt8
    public let parentFingerprint: [UInt8]
    public let childNumber: UInt32

    init(
        publicKey: Secp256k1.PublicKey, chainCode: [UInt8], depth: UInt8, parentFingerprint: [UInt8],
        childNumber: UInt32
    ) {
        self.publicKey = publicKey
        self.chainCode = chainCode
        self.depth = depth
        self.parentFingerprint = parentFingerprint
        self.childNumber = childNumber
    }

    /// CKDpub: the non-hardened child at `index`. A hardened index is an error.
    public func child(_ index: UInt32) throws(KeysError) -> ExtendedPublicKey {
        guard index < DerivationPath.hardenedOffset else { throw .hardenedStepFromPublicKey(index: index) }
        guard depth < UInt8.max else { throw .invalidDerivationPath("deeper than 255 levels") }
        // Nothing here is secret, but HMAC hands back SecureBytes all the same.
        let i = HMAC.sha512(key: chainCode, message: publicKey.compressed + BIP32.ser32(index))
        let key: Secp256k1.PublicKey
        do {
            key = try publicKey.addingTweak(i.slice(0..<32))
        } catch {
            throw .invalidChildKey(index: index)
        }
        return ExtendedPublicKey(
            publicKey: key, chainCode: i.slice(32..<64).withUnsafeBytes { Array($0) },
            depth: depth + 1, parentFingerprint: fingerprint, childNumber: index)
    }

    /// The key reached from this one by the steps of `path` (all non-hardened).
    public func derived(_ path: DerivationPath) throws(KeysError) -> ExtendedPublicKey {
        var key = self
        for index in path.components { key = try key.child(index) }
        return key
    }

    /// First 4 bytes of HASH160 of this key.
    public var fingerprint: [UInt8] { BIP32.fingerprint(publicKey) }

    /// The `xpub…` text.
    public var serialized: String {
        Base58Check.encode(
            BIP32.ser32(Self.version) + [depth] + parentFingerprint + BIP32.ser32(childNumber)
                + chainCode + publicKey.compressed)
    }

    /// Parses `xpub…` text, checking version, depth rules and that the key is a curve point.
    public init(serialized text: String) throws(KeysError) {
        let payload: [UInt8]
        do {
            payload = try Base58Check.decode(text)
        } catch {
            throw .invalidExtendedKey("not valid base58check (\(error.description))")
        }
        guard payload.count == 78 else { throw .invalidExtendedKey("\(payload.count) bytes instead of 78") }
        let fields = try BIP32.checkHeader(Array(payload.prefix(13)), expectedVersion: Self.version)
        let key: Secp256k1.PublicKey
        do {
            key = try Secp256k1.PublicKey(parsing: Array(payload[45..<78]))
        } catch {
            throw .invalidExtendedKey("the public key is not a compressed secp256k1 point")
        }
        self.init(
            publicKey: key, chainCode: Array(payload[13..<45]), depth: fields.depth,
            parentFingerprint: fields.parentFingerprint, childNumber: fields.childNumber)
    }

    /// A node from its key and chain code alone (as ERC-4527's `crypto-hdkey` carries them):
    /// what is derived below it does not depend on depth, parent or index, so those are zero.
    public init(compressedKey: [UInt8], chainCode: [UInt8]) throws(KeysError) {
        guard chainCode.count == 32 else {
            throw .invalidExtendedKey("a chain code is 32 bytes, not \(chainCode.count)")
        }
        let notCompressed = KeysError.invalidExtendedKey("the public key is not a compressed secp256k1 point")
        guard compressedKey.count == 33 else { throw notCompressed }
        let key: Secp256k1.PublicKey
        do { key = try Secp256k1.PublicKey(parsing: compressedKey) } catch { throw notCompressed }
        self.init(publicKey: key, chainCode: chainCode, depth: 0, parentFingerprint: [0, 0, 0, 0], childNumber: 0)
    }

    public var description: String { serialized }
}
