import AirsignCrypto
import AirsignEncoding

/// The address each chain writes for a public key. Derivation uses it to name new accounts and
/// `Account.verify` to check that an address read from a file belongs to its key.
public enum AccountAddress {
    /// The address of `publicKey` (raw, as `Account.publicKey` holds it) on `chain` under
    /// `scheme`; `ss58Prefix` is the network prefix of a Substrate address and ignored elsewhere.
    public static func of(chain: Chain, scheme: KeyScheme, publicKey: [UInt8], ss58Prefix: UInt16 = 42)
        throws(KeysError) -> String
    {
        switch (chain, scheme) {
        case (.ethereum, .secp256k1):
            return try ethereum(try secp256k1(publicKey, compressed: false))
        case (.icp, .secp256k1):
            return try icp(secp256k1: try secp256k1(publicKey, compressed: false))
        case (.icp, .ed25519):
            return try icp(ed25519: try ed25519(publicKey))
        case (.stellar, .ed25519):
            return try stellar(try ed25519(publicKey))
        case (.substrate, .sr25519), (.substrate, .ed25519):
            return try substrate(accountID: try ed25519(publicKey), prefix: ss58Prefix)
        case (.substrate, .secp256k1):
            return try substrate(
                accountID: try blake2b256(try secp256k1(publicKey, compressed: true).compressed), prefix: ss58Prefix)
        default:
            throw .inconsistentAccount(
                field: "scheme", reason: "\(chain.rawValue) accounts do not use \(scheme.rawValue) keys")
        }
    }

    /// keccak256 of the 64-byte point, last 20 bytes, EIP-55.
    static func ethereum(_ key: Secp256k1.PublicKey) throws(KeysError) -> String {
        let address = Array(Keccak256.hash(Array(key.uncompressed.dropFirst())).suffix(20))
        return try encoding { () throws(EncodingError) in try EIP55.encode(address) }
    }

    /// The self-authenticating principal of the key's DER SubjectPublicKeyInfo.
    static func icp(secp256k1 key: Secp256k1.PublicKey) throws(KeysError) -> String {
        let der = try encoding { () throws(EncodingError) in
            try SubjectPublicKeyInfo.secp256k1(uncompressedPublicKey: key.uncompressed)
        }
        return Principal.selfAuthenticating(derPublicKey: der).text
    }

    static func icp(ed25519 key: [UInt8]) throws(KeysError) -> String {
        let der = try encoding { () throws(EncodingError) in try SubjectPublicKeyInfo.ed25519(publicKey: key) }
        return Principal.selfAuthenticating(derPublicKey: der).text
    }

    static func stellar(_ key: [UInt8]) throws(KeysError) -> String {
        try encoding { () throws(EncodingError) in try StrKey.encodeAccountID(key) }
    }

    /// SS58 of the 32-byte account ID: the key itself (sr25519, ed25519) or BLAKE2b-256 of the
    /// compressed key (ecdsa).
    static func substrate(accountID: [UInt8], prefix: UInt16) throws(KeysError) -> String {
        try encoding { () throws(EncodingError) in try SS58.encode(accountID, prefix: prefix) }
    }

    static func blake2b256(_ data: [UInt8]) throws(KeysError) -> [UInt8] {
        do {
            return try Blake2b.hash(data, outputLength: 32)
        } catch {
            throw .invalidSecretKey("BLAKE2b refused a 32-byte output")
        }
    }

    /// A secp256k1 point in the form the chain stores it (65-byte `0x04…` or 33-byte compressed).
    private static func secp256k1(_ bytes: [UInt8], compressed: Bool) throws(KeysError) -> Secp256k1.PublicKey {
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

    private static func ed25519(_ bytes: [UInt8]) throws(KeysError) -> [UInt8] {
        guard bytes.count == 32 else {
            throw .inconsistentAccount(field: "publicKey", reason: "must be 32 bytes, not \(bytes.count)")
        }
        return bytes
    }

    /// Runs an encoder on public data, reporting its error as `KeysError.encoding`.
    static func encoding<T>(_ body: () throws(EncodingError) -> T) throws(KeysError) -> T {
        do {
            return try body()
        } catch {
            throw .encoding(error)
        }
    }
}
