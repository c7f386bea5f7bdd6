import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignMessages
import BigInt

extension StellarChain {
    public func sign(_ review: Review, with key: SigningKey) throws -> SignedOutput {
        guard case let .ed25519(privateKey) = key else { throw StellarError.request("Stellar signs with Ed25519 keys only") }
        guard privateKey.publicKey == review.key.publicKey else {
            throw StellarError.request("the signing key is not the key of \(review.key.address)")
        }
        guard review.signing.count == 1, let item = review.signing.first, item.label == Self.signingLabel else {
            throw StellarError.request("a Stellar review signs exactly one transaction")
        }
        let (envelope, network) = try Self.readSigningBytes(item.bytes)
        let (signed, signature) = try envelope.signed(with: privateKey, network: network)
        return SignedOutput(signatures: [Hex.encode(signature.signature)], result: try Self.result(signed, signature, network: network))
    }
}
