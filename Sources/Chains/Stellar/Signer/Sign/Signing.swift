import AirsignCrypto
import AirsignEncoding

/// `EnvelopeType` tags that prefix the transaction in the signature payload.
enum EnvelopeTag {
    static let tx: Int32 = 2
    static let feeBump: Int32 = 5
}

extension TransactionEnvelope {
    /// `networkId ‖ tag ‖ XDR(tx)` (`TransactionSignaturePayload`). A v0 transaction is signed
    /// as its v1 form under tag `ENVELOPE_TYPE_TX`, as stellar-core and the SDKs do.
    public func signatureBase(network: StellarNetwork) throws(StellarError) -> [UInt8] {
        var w = XDRWriter()
        do {
            switch self {
            case .v0(let t, _): w.writeDiscriminant(EnvelopeTag.tx); try t.asTransaction.encode(to: &w)
            case .v1(let t, _): w.writeDiscriminant(EnvelopeTag.tx); try t.encode(to: &w)
            case .feeBump(let t, _): w.writeDiscriminant(EnvelopeTag.feeBump); try t.encode(to: &w)
            }
        } catch { throw StellarError.wrap(error) }
        return network.id + w.bytes
    }

    /// The transaction hash: SHA-256 of the signature base; what is signed and what explorers show.
    public func hash(network: StellarNetwork) throws(StellarError) -> [UInt8] {
        SHA256.hash(try signatureBase(network: network))
    }

    /// Signs the transaction for `network` and returns the envelope with the new signature
    /// appended after the existing ones (multisig), and that signature alone. Refuses a second
    /// signature by the same key and a 21st signature.
    public func signed(with key: Ed25519.PrivateKey, network: StellarNetwork) throws(StellarError) -> (
        envelope: TransactionEnvelope, signature: DecoratedSignature
    ) {
        let (envelope, signature, _) = try signedWithHash(with: key, network: network)
        return (envelope, signature)
    }

    /// `signed`, and the transaction hash it signed, which is also the signed envelope's (its
    /// signatures are not part of it), for the response.
    package func signedWithHash(with key: Ed25519.PrivateKey, network: StellarNetwork) throws(StellarError) -> (
        envelope: TransactionEnvelope, signature: DecoratedSignature, hash: [UInt8]
    ) {
        let hash = try hash(network: network)
        let hint = signatureHint(publicKey: key.publicKey)
        for existing in signatures
        where existing.hint == hint
            && Ed25519.isValidSignature(existing.signature, message: hash, publicKey: key.publicKey)
        {
            throw .duplicateSignature(hint: Hex.encode(hint))
        }
        guard signatures.count < 20 else { throw .tooManySignatures }
        let signature = try DecoratedSignature(hint: hint, signature: key.sign(hash))
        // Ed25519 is deterministic, but a fault while signing would still go out unnoticed:
        // check the signature before it leaves.
        guard verify(signature, publicKey: key.publicKey, hash: hash) else {
            throw .ownSignatureUnverified
        }
        return (with(signatures: signatures + [signature]), signature, hash)
    }

    /// Adds a signature made elsewhere (another signer's response), refusing one that does not
    /// verify for `publicKey` on `network` or that is already present.
    public func adding(_ signature: DecoratedSignature, publicKey: [UInt8], network: StellarNetwork)
        throws(StellarError) -> TransactionEnvelope
    {
        let hash = try hash(network: network)
        guard verify(signature, publicKey: publicKey, hash: hash) else {
            throw .invalidSignature(hint: Hex.encode(signature.hint))
        }
        guard !signatures.contains(where: { $0.hint == signature.hint && verify($0, publicKey: publicKey, hash: hash) })
        else {
            throw .duplicateSignature(hint: Hex.encode(signature.hint))
        }
        guard signatures.count < 20 else { throw .tooManySignatures }
        return with(signatures: signatures + [signature])
    }

    /// Whether `signature` is a valid signature of this transaction on `network` by `publicKey`
    /// (its hint must match too).
    public func verify(_ signature: DecoratedSignature, publicKey: [UInt8], network: StellarNetwork)
        throws(StellarError) -> Bool
    {
        verify(signature, publicKey: publicKey, hash: try hash(network: network))
    }

    private func verify(_ signature: DecoratedSignature, publicKey: [UInt8], hash: [UInt8]) -> Bool {
        signature.hint == signatureHint(publicKey: publicKey)
            && Ed25519.isValidSignature(signature.signature, message: hash, publicKey: publicKey)
    }
}

/// The hint of an Ed25519 signer: the last 4 bytes of its public key.
public func signatureHint(publicKey: [UInt8]) -> [UInt8] {
    Array(publicKey.suffix(4))
}
