import AirsignCrypto

/// Substrate's hard derivation for ed25519 and ecdsa (sp-core `derive_hard_junction`): each
/// hard junction replaces the 32-byte seed with
/// BLAKE2b-256(SCALE((tag, seed, chain code))) — tag "Ed25519HDKD" or "Secp256k1HDKD". Neither
/// scheme has soft derivation. sr25519 has both, through schnorrkel's HDKD in AirsignCrypto.
public enum SubstrateDerivation {
    /// The ed25519 key pair at `path` from a 32-byte root seed (mini-secret).
    public static func ed25519(seed: SecureBytes, path: SubstrateDerivationPath) throws(KeysError) -> Ed25519.PrivateKey
    {
        let derived = try hardDerive(seed: seed, path: path, tag: "Ed25519HDKD", scheme: .ed25519)
        do {
            return try Ed25519.PrivateKey(seed: derived)
        } catch {
            throw .invalidSecretKey("an ed25519 seed must be 32 bytes")
        }
    }

    /// The ecdsa (secp256k1) key at `path` from a 32-byte root seed. The seed itself is the
    /// private key, so one outside the group order is an error (as in sp-core).
    public static func ecdsa(seed: SecureBytes, path: SubstrateDerivationPath) throws(KeysError) -> Secp256k1.PrivateKey
    {
        let derived = try hardDerive(seed: seed, path: path, tag: "Secp256k1HDKD", scheme: .ecdsa)
        do {
            return try Secp256k1.PrivateKey(derived)
        } catch {
            throw .invalidSecretKey("the derived ecdsa seed is not a valid secp256k1 key")
        }
    }

    /// The sr25519 key at `path` from a 32-byte mini-secret (schnorrkel's Ed25519 expansion),
    /// taking hard and soft junctions in order, as sp-core and polkadot-js do.
    public static func sr25519(seed: SecureBytes, path: SubstrateDerivationPath) throws(KeysError) -> Sr25519.SecretKey
    {
        guard seed.count == 32 else { throw .invalidSecretKey("a Substrate seed is 32 bytes, not \(seed.count)") }
        do {
            var key = try Sr25519.SecretKey(miniSecret: seed)
            for junction in path.junctions {
                key =
                    junction.isHard
                    ? try key.hardDerived(chainCode: junction.chainCode)
                    : try key.softDerived(chainCode: junction.chainCode)
            }
            return key
        } catch {
            throw .invalidSecretKey("sr25519 derivation failed: \(error)")
        }
    }

    /// Applies every junction of `path`; all must be hard.
    static func hardDerive(seed: SecureBytes, path: SubstrateDerivationPath, tag: String, scheme: SubstrateScheme)
        throws(KeysError) -> SecureBytes
    {
        guard seed.count == 32 else { throw .invalidSecretKey("a Substrate seed is 32 bytes, not \(seed.count)") }
        guard path.junctions.allSatisfy(\.isHard) else { throw .softJunctionUnsupported(scheme: scheme.rawValue) }
        // SCALE of a &str is its compact length (one byte below 64) then the UTF-8.
        let prefix = [UInt8(tag.utf8.count << 2)] + Array(tag.utf8)
        var current = seed
        for junction in path.junctions {
            let preimage = SecureBytes.joining([prefix, current, junction.chainCode])
            var digest: [UInt8]
            do {
                digest = try Blake2b.hash(preimage, outputLength: 32)
            } catch {
                throw .invalidSecretKey("BLAKE2b refused a 32-byte output")
            }
            // Blake2b returns an ordinary array; move the new seed into protected memory and wipe it.
            current = SecureBytes(copying: digest)
            wipe(&digest)
        }
        return current
    }
}
