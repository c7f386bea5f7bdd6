import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignMessages
import BigInt

extension StellarChain {
    /// Signs a reviewed transaction (its queued Soroban authorizations first, each the SHA-256 of
    /// its preimage, put into the transaction before it is signed) or a reviewed authorization
    /// entry, or a SEP-53 message. The signatures come in the order of `review.signing`.
    public func sign(_ review: Review, with key: SigningKey) throws -> SignedOutput {
        guard case let .ed25519(privateKey) = key else { throw StellarError.signing(.notEd25519) }
        guard privateKey.publicKey == review.key.publicKey else {
            throw StellarError.signing(.otherKey(address: "\(review.key.address)"))
        }
        let values = review.signing.map(\.value)
        if values.count == 1, case let .message(message)? = values.first as? StellarSignable {
            // SEP-53: the hash is computed here from the reviewed bytes; a message has no artifact.
            return SignedOutput(signatures: [Hex.encode(privateKey.sign(SEP53.hash(message)))], result: nil)
        }
        if values.count == 1, case let .authorization(entry, network, _)? = values.first as? StellarSignable {
            let (signed, signature) = try entry.authorized(with: privateKey, network: network)
            return SignedOutput(signatures: [Hex.encode(signature)], result: try Self.authorizationResult(signed))
        }
        guard case let .transaction(envelope, network, pending, _)? = values.last as? StellarSignable else {
            throw StellarError.signing(.notOneTransaction)
        }
        var authorizations: [[UInt8]] = []
        for value in values.dropLast() {
            guard case let .queuedAuthorization(item)? = value as? StellarSignable else {
                throw StellarError.signing(.notAuthorizations)
            }
            authorizations.append(privateKey.sign(SHA256.hash(item.preimage)))
        }
        // The preimages signed above are the transaction's pending ones: a mismatch is refused
        // by `addingAuthorizations`, which verifies each signature.
        let authorized =
            authorizations.isEmpty
            ? envelope
            : try envelope.addingAuthorizations(
                authorizations, pending: pending, publicKey: privateKey.publicKey, network: network)
        let (signed, signature, hash) = try authorized.signedWithHash(with: privateKey, network: network)
        return SignedOutput(
            signatures: authorizations.map { Hex.encode($0) } + [Hex.encode(signature.signature)],
            result: try Self.result(signed, signature, hash: hash))
    }
}
