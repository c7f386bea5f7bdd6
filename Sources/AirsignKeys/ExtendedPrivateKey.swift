import AirsignCrypto
import AirsignEncoding

/// A BIP32 extended private key over secp256k1: the key, its chain code and its place in the
/// tree. Key and chain code stay in protected memory.
public struct ExtendedPrivateKey: Sendable, CustomStringConvertible, CustomReflectable {
    /// Serialization version of mainnet `xprv`.
    public static let version: UInt32 = 0x0488_ADE4
    private static let masterKey = Array("Bitcoin seed".utf8)

    public let privateKey: Secp256k1.PrivateKey
    /// 32 bytes. Secret: with it and any child private key the parent can be rebuilt.
    public let chainCode: SecureBytes
    public let depth: UInt8
    /// First 4 bytes of HASH160 of the parent's public key; zeros for the master.
    public let parentFingerprint: [UInt8]
    /// The index this key was derived with (hardened ones include 2^31); 0 for the master.
    public let childNumber: UInt32

    init(
        privateKey: Secp256k1.PrivateKey, chainCode: SecureBytes, depth: UInt8, parentFingerprint: [UInt8],
        childNumber: UInt32
    ) {
        self.privateKey = privateKey
        self.chainCode = chainCode
        self.depth = depth
        self.parentFingerprint = parentFingerprint
        self.childNumber = childNumber
    }

    /// The master key of a seed (16 to 64 bytes): HMAC-SHA512("Bitcoin seed", seed).
    public init(seed: SecureBytes) throws(KeysError) {
        guard (16...64).contains(seed.count) else { throw .seedLength(seed.count) }
        let i = HMAC.sha512(key: Self.masterKey, message: seed)
        let key: Secp256k1.PrivateKey
        do {
            key = try Secp256k1.PrivateKey(i.slice(0..<32))
        } catch {
            throw .invalidMasterKey
        }
        self.init(
            privateKey: key, chainCode: i.slice(32..<64), depth: 0, parentFingerprint: [0, 0, 0, 0], childNumber: 0)
    }

    /// CKDpriv: the child at `index` (hardened when ≥ 2^31).
    public func child(_ index: UInt32) throws(KeysError) -> ExtendedPrivateKey {
        guard depth < UInt8.max else { throw .invalidDerivationPath("deeper than 255 levels") }
        let data: SecureBytes
        if index >= DerivationPath.hardenedOffset {
            data = SecureBytes.joining([[UInt8(0)], privateKey.secret, BIP32.ser32(index)])
        } else {
            data = SecureBytes.joining([privateKey.publicKey.compressed, BIP32.ser32(index)])
        }
        let i = HMAC.sha512(key: chainCode, message: data)
        let key: Secp256k1.PrivateKey
        do {
            key = try privateKey.addingTweak(i.slice(0..<32))
        } catch {
            throw .invalidChildKey(index: index)
        }
        return ExtendedPrivateKey(
            privateKey: key, chainCode: i.slice(32..<64), depth: depth + 1,
            parentFingerprint: fingerprint, childNumber: index)
    }

    /// The key at `path`, taken from this key (normally the master).
    public func derived(_ path: DerivationPath) throws(KeysError) -> ExtendedPrivateKey {
        var key = self
        for index in path.components { key = try key.child(index) }
        return key
    }

    /// The public half, for watch-only export.
    public var extendedPublicKey: ExtendedPublicKey {
        ExtendedPublicKey(
            publicKey: privateKey.publicKey, chainCode: contents(of: chainCode), depth: depth,
            parentFingerprint: parentFingerprint, childNumber: childNumber)
    }

    /// First 4 bytes of HASH160 of this key's compressed public key.
    public var fingerprint: [UInt8] { BIP32.fingerprint(privateKey.publicKey) }
    /// The fingerprint as the big-endian number wallets carry (ERC-4527, PSBT's xfp).
    public var fingerprintNumber: UInt32 { fingerprint.reduce(0) { $0 << 8 | UInt32($1) } }

    /// The `xprv…` text, as UTF-8 in protected memory.
    public var serialized: SecureBytes {
        let payload = SecureBytes.joining([
            BIP32.ser32(Self.version), [depth], parentFingerprint, BIP32.ser32(childNumber), chainCode, [UInt8(0)],
            privateKey.secret,
        ])
        return SecretText.encodeBase58Check(payload)
    }

    /// Parses `xprv…` text held as UTF-8, checking version, depth rules and the key's range.
    public init(serialized text: SecureBytes) throws(KeysError) {
        let payload: SecureBytes
        do {
            payload = try SecretText.decodeBase58Check(text)
        } catch {
            throw .invalidExtendedKey("not valid base58check (\(error.description))")
        }
        guard payload.count == 78 else { throw .invalidExtendedKey("\(payload.count) bytes instead of 78") }
        let header = payload.withUnsafeBytes { Array($0.prefix(13)) }  // version, depth, fingerprint, child: public
        let fields = try BIP32.checkHeader(header, expectedVersion: Self.version)
        guard payload.withUnsafeBytes({ $0[45] }) == 0 else {
            throw .invalidExtendedKey("the key data of an xprv must start with 0x00")
        }
        let key: Secp256k1.PrivateKey
        do {
            key = try Secp256k1.PrivateKey(payload.slice(46..<78))
        } catch {
            throw .invalidExtendedKey("the private key is out of range")
        }
        self.init(
            privateKey: key, chainCode: payload.slice(13..<45), depth: fields.depth,
            parentFingerprint: fields.parentFingerprint, childNumber: fields.childNumber)
    }

    public var description: String { "ExtendedPrivateKey(depth \(depth), redacted)" }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

/// The chain code is public once it is part of an xpub.
private func contents(of secure: SecureBytes) -> [UInt8] {
    secure.withUnsafeBytes { Array($0) }
}
