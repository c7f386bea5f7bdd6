import AirsignCrypto
import AirsignEncoding
import AirsignKeys
import AirsignMessages

extension SubstrateChain {
    public func sign(_ review: Review, with key: SigningKey) throws -> SignedOutput {
        guard review.signing.count == 1, let item = review.signing.first else {
            throw SubstrateError("a Substrate review signs exactly one item")
        }
        let account = try Self.accountID(review.request.account)
        guard try Self.accountID(of: key) == account else {
            throw SubstrateError("the signing key is not the key of \(review.key.address)")
        }
        switch item.label {
        case Self.extrinsicLabel:
            let signature = try SubstrateSigning.signPayload(item.bytes, with: key)
            let result = try Self.result(review.request, signature: signature, signed: item.bytes)
            return SignedOutput(signatures: [Hex.encode(signature.encoded, prefix: true)], result: result)
        case Self.rawPayloadLabel:
            let signature = try SubstrateSigning.signPayload(item.bytes, with: key)
            return SignedOutput(signatures: [Hex.encode(signature.encoded, prefix: true)], result: nil)
        case Self.bytesLabel, Self.unwrappedBytesLabel:
            let signature = try SubstrateSigning.sign(item.bytes, with: key)
            return SignedOutput(signatures: [Hex.encode(signature.raw, prefix: true)], result: nil)
        default:
            throw SubstrateError("signing item \"\(item.label)\" is not a Substrate item")
        }
    }
}
