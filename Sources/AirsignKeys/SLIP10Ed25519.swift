import AirsignCrypto

/// SLIP-10 key derivation for Ed25519 (as Stellar's SEP-5 uses it): master from
/// HMAC-SHA512("ed25519 seed", seed), then hardened steps only, each
/// HMAC-SHA512(chain code, 0x00 || key || ser32(index)). The 32-byte key is an Ed25519 seed.
public struct SLIP10Ed25519Key: Sendable, CustomStringConvertible, CustomReflectable {
    private static let masterKey = Array("ed25519 seed".utf8)

    /// The 32-byte Ed25519 private key (RFC 8032 seed).
    public let secret: SecureBytes
    public let chainCode: SecureBytes
    public let depth: UInt8
    /// First 4 bytes of HASH160(0x00 || parent public key), SLIP-10's fingerprint; zeros for
    /// the master.
    public let parentFingerprint: [UInt8]

    /// The master key of a seed (16 to 64 bytes).
    public init(seed: SecureBytes) throws(KeysError) {
        guard (16...64).contains(seed.count) else { throw .seedLength(seed.count) }
        let i = HMAC.sha512(key: Self.masterKey, message: seed)
        self.init(secret: i.slice(0..<32), chainCode: i.slice(32..<64), depth: 0, parentFingerprint: [0, 0, 0, 0])
    }

    private init(secret: SecureBytes, chainCode: SecureBytes, depth: UInt8, parentFingerprint: [UInt8]) {
        self.secret = secret
        self.chainCode = chainCode
        self.depth = depth
        self.parentFingerprint = parentFingerprint
    }

    /// The hardened child at `index`; Ed25519 has no normal derivation, so an index below
    /// 2^31 is an error rather than silently hardened.
    public func child(_ index: UInt32) throws(KeysError) -> SLIP10Ed25519Key {
        guard index >= DerivationPath.hardenedOffset else { throw .ed25519NormalStep(index: index) }
        guard depth < UInt8.max else { throw .invalidDerivationPath("deeper than 255 levels") }
        let i = HMAC.sha512(key: chainCode, message: SecureBytes.joining([[UInt8(0)], secret, BIP32.ser32(index)]))
        return SLIP10Ed25519Key(
            secret: i.slice(0..<32), chainCode: i.slice(32..<64), depth: depth + 1,
            parentFingerprint: try fingerprint())
    }

    /// The key at `path` from this one; every step must be hardened.
    public func derived(_ path: DerivationPath) throws(KeysError) -> SLIP10Ed25519Key {
        var key = self
        for index in path.components { key = try key.child(index) }
        return key
    }

    /// The Ed25519 key pair of this node.
    public func keyPair() throws(KeysError) -> Ed25519.PrivateKey {
        do {
            return try Ed25519.PrivateKey(seed: secret)
        } catch {
            // The secret is always 32 bytes, the only thing libsodium checks.
            throw .invalidSecretKey("an Ed25519 seed must be 32 bytes")
        }
    }

    /// SLIP-10's fingerprint of this key: HASH160(0x00 || public key), first 4 bytes.
    public func fingerprint() throws(KeysError) -> [UInt8] {
        Array(RIPEMD160.hash(SHA256.hash([0] + (try keyPair()).publicKey)).prefix(4))
    }

    public var description: String { "SLIP10Ed25519Key(depth \(depth), redacted)" }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
