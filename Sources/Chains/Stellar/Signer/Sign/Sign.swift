import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignMessages
import BigInt

extension StellarChain {
    /// Signs a reviewed transaction (its queued Soroban authorizations first, each the SHA-256 of
    /// its preimage, put into the transaction before it is signed) or a reviewed authorization
    /// entry. The signatures come in the order of `review.signing`.
    public func sign(_ review: Review, with key: SigningKey) throws -> SignedOutput {
        guard case let .ed25519(privateKey) = key else { throw StellarError.request("Stellar signs with Ed25519 keys only") }
        guard privateKey.publicKey == review.key.publicKey else {
            throw StellarError.request("the signing key is not the key of \(review.key.address)")
        }
        if review.signing.count == 1, let item = review.signing.first, item.label == Self.authorizationSigningLabel {
            let (entry, network) = try Self.readAuthorizationBytes(item.bytes)
            let (signed, signature) = try entry.authorized(with: privateKey, network: network)
            return SignedOutput(signatures: [Hex.encode(signature)], result: try Self.authorizationResult(signed))
        }
        guard let item = review.signing.last, item.label == Self.signingLabel else {
            throw StellarError.request("a Stellar review signs one transaction, after its authorizations")
        }
        let authorizations = try review.signing.dropLast().map { item in
            guard item.label.hasPrefix("authorization ") else { throw StellarError.request("unexpected signing item \(item.label)") }
            return privateKey.sign(SHA256.hash(item.bytes))
        }
        let (envelope, network) = try Self.readSigningBytes(item.bytes)
        // The preimages signed above are the ones the transaction's own review queues: a
        // mismatch is refused by `addingAuthorizations`, which verifies each signature.
        let authorized = authorizations.isEmpty ? envelope
            : try envelope.addingAuthorizations(authorizations, publicKey: privateKey.publicKey, network: network)
        let (signed, signature) = try authorized.signed(with: privateKey, network: network)
        return SignedOutput(signatures: authorizations.map { Hex.encode($0) } + [Hex.encode(signature.signature)],
                            result: try Self.result(signed, signature, network: network))
    }
}
